/**
 * The one place where failures become HTTP answers: status, envelope code and message. Nothing
 * internal (stack, SDK message, table name) ever reaches the client; a 500 carries the request
 * id so support can find the log line.
 */
import { $ZodError } from 'zod/v4/core';
import { AppError, type ErrorKind } from '#core/errors';
import type { Envelope } from '#core/envelope';
import type { Lang } from '#core/i18n/lang';
import { localise, localiseErrors } from '#core/i18n/server-messages';
import { isText, type Text } from '#core/i18n/messages';

const statusOf: Record<ErrorKind, number> = {
  bad_request: 400,
  validation: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
};

export interface ErrorAnswer {
  status: number;
  envelope: Envelope;
  headers?: Record<string, string>;
  /** True for failures that are ours, not the caller's: logged at error level. */
  internal: boolean;
}

/** Dotted path of a zod issue: ['authors', 0, 'email'] -> 'authors.0.email'. */
function pathOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.') || '_';
}

/**
 * A schema's field messages: its words, or the catalog text a check with values gave in its issue's
 * `params: { text }` (a `text(id, values)`), for the reader's language.
 */
export function fieldErrors(error: $ZodError): Record<string, string | Text> {
  const errors: Record<string, string | Text> = {};
  for (const issue of error.issues) {
    const key = pathOf(issue.path);
    const text = (issue as { params?: { text?: unknown } }).params?.text;
    errors[key] ??= isText(text) ? text : issue.message;
  }
  return errors;
}

/**
 * The answer to a failure, its messages in `lang` (the request's `X-Language`; English, the
 * spec's words, when it names none).
 */
export function toErrorAnswer(error: unknown, requestId: string, lang: Lang = 'en'): ErrorAnswer {
  if (error instanceof AppError) {
    const status = statusOf[error.kind];
    const retryAfter =
      error.kind === 'rate_limited' && typeof error.data === 'object' && error.data !== null
        ? (error.data as { retry_after?: number }).retry_after
        : undefined;
    return {
      status,
      envelope: { code: error.code ?? status, message: localise(lang, error.text ?? error.message), data: localisedData(lang, error.data) },
      headers: retryAfter ? { 'retry-after': String(retryAfter) } : undefined,
      internal: false,
    };
  }
  if (error instanceof $ZodError) {
    const errors = localiseErrors(lang, fieldErrors(error));
    const first = Object.values(errors)[0] ?? localise(lang, 'Please complete the form.');
    return { status: 422, envelope: { code: 422, message: first, data: { errors } }, internal: false };
  }
  // middy's body parsers throw http errors (415) for bodies they cannot read.
  const httpStatus = (error as { statusCode?: number } | null)?.statusCode;
  if (httpStatus === 415 || httpStatus === 400) {
    return {
      status: 400,
      envelope: { code: 400, message: localise(lang, 'The request body could not be read.'), data: null },
      internal: false,
    };
  }
  return {
    status: 500,
    envelope: {
      code: 500,
      message: localise(lang, 'Something went wrong on our side. Please try again in a moment.'),
      data: { request_id: requestId },
    },
    internal: true,
  };
}

/** An error's `data.errors` (field messages) in `lang`; the rest of its data as it is. */
function localisedData(lang: Lang, data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !Object.hasOwn(data, 'errors')) return data;
  const errors = (data as { errors: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return data;
  const localised = localiseErrors(lang, errors as Record<string, string | Text>);
  return localised === errors ? data : { ...data, errors: localised };
}
