import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger for every function; the handler factory adds the request id. */
export const logger = new Logger({
  serviceName: 'congress-portal',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});

/** The logger as the domain sees it (core/accounts/ports Logger): message plus fields. */
export const domainLog = {
  error: (message: string, extra?: Record<string, unknown>) => logger.error(message, { ...extra }),
  info: (message: string, extra?: Record<string, unknown>) => logger.info(message, { ...extra }),
};
