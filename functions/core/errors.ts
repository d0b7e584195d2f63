/**
 * Errors the domain raises. They say what went wrong in the user's words (the message is shown
 * as is) and what kind of failure it is; the HTTP layer maps the kind to a status in one place
 * (functions/lib/http/errors.ts). `code` overrides the envelope code where the spec fixes one
 * (e.g. -101 for "registered but not activated").
 */
import type { Text } from './i18n/messages';

/**
 * How a catalog text reads in English, for an error's `message`. The server's messages module
 * (core/i18n/server-messages.ts, which every Lambda loads with its handler) sets it; errors.ts
 * does not import it, so that code the browser shares with the server (schemas, rules) does not
 * carry every catalog into the web's chunks. Unset (the browser), a text reads as its id.
 */
let englishOf: (text: Text) => string = (text) => text.id;
export function setEnglishMessages(format: (text: Text) => string) {
  englishOf = format;
}

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
  /** The message by its catalog id, when it has values (shown in the reader's language; `message` is its English). */
  readonly text?: Text;
  constructor(
    readonly kind: ErrorKind,
    message: string | Text,
    readonly data: unknown = null,
    readonly code?: number,
  ) {
    super(typeof message === 'string' ? message : englishOf(message));
    if (typeof message !== 'string') this.text = message;
    this.name = 'AppError';
  }
}

export const notFound = (message: string | Text = 'Not found.') => new AppError('not_found', message);
export const conflict = (message: string | Text, data: unknown = null, code?: number) =>
  new AppError('conflict', message, data, code);
export const forbidden = (message: string | Text) => new AppError('forbidden', message);
export const unauthorized = (message = 'Please log in again.') => new AppError('unauthorized', message);
/** A refusal of the form; a field's message may be a catalog text with values (given in the reader's language). */
export const invalid = (message: string | Text, errors: Record<string, string | Text> = {}) =>
  new AppError('validation', message, { errors });
export const rateLimited = (message: string | Text, retryAfterSeconds: number) =>
  new AppError('rate_limited', message, { retry_after: retryAfterSeconds });
