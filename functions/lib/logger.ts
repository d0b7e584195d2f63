import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger for every function; the handler factory adds the request id. */
export const logger = new Logger({
  serviceName: 'congress-portal',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});
