/**
 * Stripe's request encoding and error answers, as stripe@23 sends and expects them.
 *
 * The SDK form-encodes every parameter with brackets (`line_items[0][price_data][unit_amount]=65000`),
 * numbers and booleans as strings, dates as unix seconds and `null` as an empty value; GET
 * parameters travel in the query. `qs` reads that into null-prototype objects, and keys that name
 * `__proto__`, `constructor` or `prototype` are refused before parsing, so no request can reach
 * Object.prototype. `Params` then reads the values the way Stripe validates them: a typed read
 * per parameter and `done()` refusing whatever was not read (Stripe's `parameter_unknown`).
 */
import qs from 'qs';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Raw = string | Raw[] | { [key: string]: Raw } | undefined;

/** An error answer: `{ error: { type, code, message, param } }` with its HTTP status. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }

  body() {
    return { error: { type: this.type, code: this.code, message: this.message, param: this.param, ...this.extra } };
  }
}

export const invalid = (message: string, code?: string, param?: string) =>
  new StripeError(400, 'invalid_request_error', message, code, param);

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const QS_OPTIONS = {
  plainObjects: true,
  allowPrototypes: false,
  depth: 6,
  strictDepth: true,
  arrayLimit: 100,
  parameterLimit: 2000,
} as const;

/** Parses a form-encoded string; refuses keys that could reach an object's prototype. */
export function parseForm(encoded: string): Record<string, Raw> {
  for (const pair of encoded.split('&')) {
    if (!pair) continue;
    let key: string;
    try {
      key = decodeURIComponent(pair.split('=')[0]!.replace(/\+/g, ' '));
    } catch {
      throw invalid('The request body is not valid form encoding.', 'parameter_invalid_string');
    }
    const segments = key.split(/[[\]]+/).filter(Boolean);
    const bad = segments.find((segment) => FORBIDDEN_KEYS.has(segment.trim()));
    if (bad !== undefined) throw invalid(`Received unknown parameter: ${key}`, 'parameter_unknown', key);
  }
  try {
    return qs.parse(encoded, QS_OPTIONS) as Record<string, Raw>;
  } catch (error) {
    throw invalid(`The request could not be read: ${(error as Error).message}`, 'parameter_invalid_string');
  }
}

/** A canonical form of parsed parameters, to compare two requests made with one idempotency key. */
export function fingerprint(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${fingerprint((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const INTEGER = /^-?\d{1,15}$/;

/** Reads one level of parameters, naming each one as Stripe does (`line_items[0][quantity]`). */
export class Params {
  private readonly used = new Set<string>();

  constructor(
    private readonly values: Record<string, Raw>,
    private readonly prefix = '',
  ) {}

  name(key: string) {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string) {
    return this.values[key] !== undefined;
  }

  private raw(key: string): Raw {
    this.used.add(key);
    return Object.prototype.hasOwnProperty.call(this.values, key) ? this.values[key] : undefined;
  }

  /** A string; an empty value means "unset", which Stripe refuses where a value cannot be unset. */
  string(key: string, options: { required?: boolean; max?: number; emptyMeansAbsent?: boolean } = {}) {
    const value = this.raw(key);
    const param = this.name(key);
    if (value === undefined) {
      if (options.required) throw invalid(`Missing required param: ${param}.`, 'parameter_missing', param);
      return undefined;
    }
    if (typeof value !== 'string') throw invalid(`Invalid string: ${param} must be a string.`, 'parameter_invalid_string', param);
    if (value === '') {
      if (options.emptyMeansAbsent && !options.required) return undefined;
      throw invalid(
        `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
        'parameter_invalid_empty',
        param,
      );
    }
    if (options.max !== undefined && value.length > options.max)
      throw invalid(`Invalid ${param}: must be at most ${options.max} characters`, 'parameter_invalid_string', param);
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], options: { required?: boolean } = {}): T | undefined {
    const value = this.string(key, options);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value))
      throw invalid(`Invalid ${this.name(key)}: must be one of ${oneOfList(allowed)}`, 'parameter_invalid_string', this.name(key));
    return value as T;
  }

  integer(key: string, options: { required?: boolean; min?: number; max?: number } = {}) {
    const value = this.string(key, options);
    if (value === undefined) return undefined;
    const param = this.name(key);
    if (!INTEGER.test(value)) throw invalid(`Invalid integer: ${value}`, 'parameter_invalid_integer', param);
    const n = Number(value);
    if (options.min !== undefined && n < options.min)
      throw invalid(`Invalid ${param}: must be greater than or equal to ${options.min}`, 'parameter_invalid_integer', param);
    if (options.max !== undefined && n > options.max)
      throw invalid(`Invalid ${param}: must be less than or equal to ${options.max}`, 'parameter_invalid_integer', param);
    return n;
  }

  object(key: string, options: { required?: boolean } = {}): Params | undefined {
    const value = this.raw(key);
    const param = this.name(key);
    if (value === undefined || value === '') {
      if (options.required) throw invalid(`Missing required param: ${param}.`, 'parameter_missing', param);
      return undefined;
    }
    if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`Invalid object: ${param} must be a hash.`, 'parameter_invalid_string', param);
    return new Params(value, param);
  }

  /** An array sent as `key[0]=..&key[1]=..`; each element read by `each`. */
  array<T>(key: string, each: (element: Raw, param: string) => T, options: { required?: boolean; max?: number } = {}): T[] | undefined {
    const value = this.raw(key);
    const param = this.name(key);
    if (value === undefined || value === '') {
      if (options.required) throw invalid(`Missing required param: ${param}.`, 'parameter_missing', param);
      return undefined;
    }
    if (!Array.isArray(value)) throw invalid(`Invalid array: ${param} must be an array.`, 'parameter_invalid_string', param);
    if (options.max !== undefined && value.length > options.max)
      throw invalid(`Invalid ${param}: at most ${options.max} elements`, 'parameter_invalid_string', param);
    return value.map((element, i) => each(element, `${param}[${i}]`));
  }

  strings(key: string, options: { required?: boolean; max?: number } = {}) {
    return this.array(
      key,
      (element, param) => {
        if (typeof element !== 'string' || element === '') throw invalid(`Invalid string: ${param}`, 'parameter_invalid_string', param);
        return element;
      },
      options,
    );
  }

  /** `metadata[...]`: at most 50 keys of 40 characters, values of 500; an empty value is dropped. */
  metadata(key: string): Record<string, string> {
    const params = this.object(key);
    const result: Record<string, string> = {};
    if (!params) return result;
    for (const name of params.keys()) {
      const value = params.string(name, { max: 500, emptyMeansAbsent: true });
      if (name.length > 40) throw invalid(`Invalid ${params.name(name)}: keys must be at most 40 characters`, 'parameter_invalid_string', params.name(name));
      if (value !== undefined) result[name] = value;
    }
    if (Object.keys(result).length > 50) throw invalid(`Invalid ${this.name(key)}: at most 50 keys`, 'parameter_invalid_string', this.name(key));
    return result;
  }

  keys() {
    return Object.keys(this.values);
  }

  /** Array elements that are themselves hashes. */
  static of(element: Raw, param: string): Params {
    if (!element || typeof element !== 'object' || Array.isArray(element))
      throw invalid(`Invalid object: ${param} must be a hash.`, 'parameter_invalid_string', param);
    return new Params(element, param);
  }

  /**
   * Refuses every parameter that was not read: one Stripe does not have either as Stripe does
   * (`parameter_unknown`); one that Stripe has (`stripeKnows`, from the SDK's params type) but the
   * local Stripe does not read, saying so, so that nobody takes the local limit for Stripe's.
   */
  done(stripeKnows: readonly string[] = []) {
    const unknown = this.keys().find((key) => !this.used.has(key));
    if (unknown === undefined) return;
    const param = this.name(unknown);
    if (stripeKnows.includes(unknown))
      throw invalid(`The local Stripe does not take the parameter ${param} (Stripe does): teach infra/local/stripe/api.ts if the portal needs it.`, undefined, param);
    throw invalid(`Received unknown parameter: ${param}`, 'parameter_unknown', param);
  }
}

/** `a, b, or c`, as Stripe lists the values an enum parameter takes. */
export function oneOfList(values: readonly string[]) {
  return values.length < 3 ? values.join(' or ') : `${values.slice(0, -1).join(', ')}, or ${values.at(-1)}`;
}
