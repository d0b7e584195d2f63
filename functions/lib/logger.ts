import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import { env } from './env';

/**
 * Values no log line may show: the api_token of the request being served (however it came:
 * query, body, form or Authorization header). Fields named like secrets are masked whatever
 * their value, and token-looking fragments inside any text (`api_token=...`, `Bearer ...`) too.
 */
const secretsOfRequest = new AsyncLocalStorage<string[]>();
const SECRET_KEYS = /^(api_token|authorization|password|current_password|new_password|confirm_password|confirm|token|cookie|x-origin-verify)$/i;
const REDACTED = '[redacted]';

/** Runs one request: values handed to `redactInLogs` during it are masked in every log line it writes. */
export function withRedaction<T>(fn: () => T): T {
  return secretsOfRequest.run([], fn);
}

export function redactInLogs(secret: string | undefined) {
  if (secret && secret.length >= 8) secretsOfRequest.getStore()?.push(secret);
}

export function redact(key: string, value: unknown): unknown {
  if (SECRET_KEYS.test(key) && value !== undefined && value !== null && typeof value !== 'object') return REDACTED;
  if (typeof value !== 'string') return value;
  let text = value.replace(/(api_token=)[^&\s"']+/gi, `$1${REDACTED}`).replace(/(Bearer\s+)\S+/gi, `$1${REDACTED}`);
  for (const secret of secretsOfRequest.getStore() ?? []) text = text.split(secret).join(REDACTED);
  return text;
}

/** One structured JSON logger for every function; the handler factory adds the request id. */
export const logger = new Logger({
  serviceName: 'congress-portal',
  logLevel: (env.logLevel() as 'INFO' | undefined) ?? 'INFO',
  jsonReplacerFn: redact,
});

/** The logger as the domain sees it (core/accounts/ports Logger): message plus fields. */
export const domainLog = {
  error: (message: string, extra?: Record<string, unknown>) => logger.error(message, { ...extra }),
  info: (message: string, extra?: Record<string, unknown>) => logger.info(message, { ...extra }),
};
