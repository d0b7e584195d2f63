/** The SES client (loaded on first use, see clients.ts). */
import { SESClient } from '@aws-sdk/client-ses';
import { env } from '../env';
import { commonClientConfig, localCredentials } from './clients';
import { grantsPlugin } from './grants';

export { SendEmailCommand } from '@aws-sdk/client-ses';

let ses: SESClient | undefined;
export function sesClient(): SESClient {
  if (!ses) {
    const endpoint = env.sesEndpoint();
    ses = new SESClient({ ...commonClientConfig(), ...(endpoint ? { endpoint, credentials: localCredentials('local') } : {}) });
    ses.middlewareStack.use(grantsPlugin('ses'));
  }
  return ses;
}
