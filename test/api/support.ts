/** Helpers of the API tests: calls through the local server, the local mailbox, a pinned clock. */
import { inject } from 'vitest';
import { API_BASE } from '#core/routes';
import type { Envelope } from '#core/envelope';

declare module 'vitest' {
  export interface ProvidedContext {
    API_ORIGIN: string;
    MAIL_ORIGIN: string;
    S3_ORIGIN: string;
    DYNAMODB_ORIGIN: string;
  }
}

const setting = (name: 'API_ORIGIN' | 'MAIL_ORIGIN' | 'S3_ORIGIN' | 'DYNAMODB_ORIGIN') =>
  process.env[name] ?? inject(name);

export const origin = () => setting('API_ORIGIN');
export const mailOrigin = () => setting('MAIL_ORIGIN');
export const s3Origin = () => setting('S3_ORIGIN');

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export interface CallOptions {
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
  token?: string;
  /** Pins the server clock for this request (local mode only). */
  at?: string;
  headers?: Record<string, string>;
}

export async function call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const url = new URL(`${API_BASE}${path}`, origin());
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...options.headers };
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.multipart) {
    body = options.multipart;
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.at) headers['x-app-now'] = options.at;
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: Envelope<T>;
  try {
    parsed = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${method} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
