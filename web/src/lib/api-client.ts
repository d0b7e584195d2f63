/**
 * The web client of the API, built from the route table (functions/core/routes.ts): a call names
 * a route, never a URL. It follows the spec's client rules:
 * - every answer is the envelope `{ code, message, data }`; anything but code 200 is an ApiError
 *   carrying the server's message (shown to the user as is);
 * - a newer request to the same path cancels the older pending one; a cancelled call rejects
 *   with CancelledError, which the UI ignores silently;
 * - a 401 ends the stored session (session.end()): the guard of delegate pages then goes to /login,
 *   which says that the session ended and returns to the page after login (docs/decisions/0004-accounts.md);
 * - delegate and organiser routes carry the token as `Authorization: Bearer`.
 */
import { API_BASE, fillPath, isSignedIn, type RouteDef } from '#core/routes';
import type { Envelope } from '#core/envelope';
import { session } from './session-store';
import { LANGUAGE_HEADER } from '#core/i18n/lang';
import { pageLang } from '../i18n/page-lang';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** Field messages of a validation failure, keyed by dotted path. */
  get fieldErrors(): Record<string, string> {
    const errors = (this.data as { errors?: Record<string, string> } | null)?.errors;
    return errors && typeof errors === 'object' ? errors : {};
  }
}

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export const isCancelled = (error: unknown) => error instanceof CancelledError;

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** The spec gives login 30 s; other calls wait as long as the browser does. */
  timeoutMs?: number;
  /** Extra headers (the tests use x-app-now through the browser context instead). */
  headers?: Record<string, string>;
  /** Calls that may run side by side on one path (e.g. several files uploading at once) are not cancelled by a newer one. */
  concurrent?: boolean;
  /** The call outlives the page (a choice saved as the browser leaves for another address). */
  keepalive?: boolean;
}

const pending = new Map<string, AbortController>();

/** The data of a call's answer. */
export async function callApi<T>(route: RouteDef, options: CallOptions = {}): Promise<T> {
  return (await callApiForMessage<T>(route, options)).data;
}

/** The data and the server's message (e.g. 'Edit success!', shown to the user as is). */
export async function callApiForMessage<T>(route: RouteDef, options: CallOptions = {}): Promise<{ data: T; message: string }> {
  const path = fillPath(route.path, options.params);
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));

  const key = `${route.method} ${path}`;
  const controller = new AbortController();
  if (!options.concurrent) {
    pending.get(key)?.abort(new CancelledError());
    pending.set(key, controller);
  }
  const signals = [controller.signal];
  if (options.signal) signals.push(options.signal);
  if (options.timeoutMs) signals.push(AbortSignal.timeout(options.timeoutMs));

  // The messages in the page's language (functions/core/i18n/lang.ts).
  const headers: Record<string, string> = { accept: 'application/json', [LANGUAGE_HEADER]: pageLang(), ...options.headers };
  const token = session.token();
  if (isSignedIn(route.auth) && token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.any(signals),
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (controller.signal.aborted || options.signal?.aborted) throw new CancelledError();
    if ((error as Error).name === 'TimeoutError') {
      throw new ApiError(408, 'The request timed out. Please check your connection and try again.');
    }
    throw new ApiError(0, 'request failure.');
  } finally {
    if (pending.get(key) === controller) pending.delete(key);
  }

  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(response.status || 0, 'request failure.', null, response.status);
  }
  if (response.status === 401 || envelope.code === 401) session.end();
  if (envelope.code !== 200) throw new ApiError(envelope.code, envelope.message, envelope.data, response.status);
  return { data: envelope.data, message: envelope.message };
}
