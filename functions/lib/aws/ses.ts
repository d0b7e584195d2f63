/** The SES clients (loaded on first use, see clients.ts): v1 for most mail, v2 for mail with headers of its own. */
import { SESClient } from '@aws-sdk/client-ses';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { env } from '../env';
import { commonClientConfig, localCredentials } from './clients';
import { grantsPlugin } from './grants';

export { SendEmailCommand } from '@aws-sdk/client-ses';
export { SendEmailCommand as SendEmailV2Command } from '@aws-sdk/client-sesv2';

let ses: SESClient | undefined;
export function sesClient(): SESClient {
  if (!ses) {
    const endpoint = env.sesEndpoint();
    ses = new SESClient({ ...commonClientConfig(), ...(endpoint ? { endpoint, credentials: localCredentials('local') } : {}) });
    ses.middlewareStack.use(grantsPlugin('ses'));
  }
  return ses;
}

let sesV2: SESv2Client | undefined;
export function sesV2Client(): SESv2Client {
  if (!sesV2) {
    const endpoint = env.sesEndpoint();
    sesV2 = new SESv2Client({ ...commonClientConfig(), ...(endpoint ? { endpoint, credentials: localCredentials('local') } : {}) });
    sesV2.middlewareStack.use(grantsPlugin('ses'));
  }
  return sesV2;
}
