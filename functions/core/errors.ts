/**
 * Errors the domain raises. They say what went wrong in the user's words (the message is shown
 * as is) and what kind of failure it is; the HTTP layer maps the kind to a status in one place
 * (functions/lib/http/errors.ts). `code` overrides the envelope code where the spec fixes one
 * (e.g. -101 for "registered but not activated").
 */
export type ErrorKind =
  | 'bad_request'
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable';

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly data: unknown = null,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found.') => new AppError('not_found', message);
export const conflict = (message: string, data: unknown = null, code?: number) =>
  new AppError('conflict', message, data, code);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const unauthorized = (message = 'Please log in again.') => new AppError('unauthorized', message);
export const invalid = (message: string, errors: Record<string, string> = {}) =>
  new AppError('validation', message, { errors });
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError('rate_limited', message, { retry_after: retryAfterSeconds });
