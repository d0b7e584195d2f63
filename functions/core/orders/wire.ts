/**
 * Reading the order routes' wire values (form fields as the spec's client sends them, or JSON)
 * into what their schemas check: shared by the order form (schemas.ts) and the small request
 * schemas (requests.ts).
 */
import * as z from 'zod/mini';

/** 0/1 as the spec sends booleans; also true/false, "yes"/"no" and the strings of 0 and 1. */
export function toFlag(value: unknown): 0 | 1 | undefined {
  if (value === 1 || value === true || value === '1' || value === 'true' || value === 'yes' || value === 'Yes') return 1;
  if (value === 0 || value === false || value === '0' || value === 'false' || value === 'no' || value === 'No') return 0;
  return undefined;
}
/** Reads a raw value into what `schema` checks (zod's preprocess). */
export const read = <T extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: T) => z.pipe(z.transform(fn), schema);

/** A whole number from a form field ("3") or JSON (3); empty means none. */
export function toInt(value: unknown): unknown {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  if (value === '' || value === null || value === undefined) return undefined;
  return value;
}

/** An empty or blank field is no value. */
export const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
