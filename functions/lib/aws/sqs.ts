/** The SQS client (loaded on first use, see clients.ts): the worker table's queues (../queue-sender.ts). */
import { SQSClient } from '@aws-sdk/client-sqs';
import { env } from '../env';
import { commonClientConfig, localCredentials } from './clients';
import { grantsPlugin } from './grants';

export { SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';

let sqs: SQSClient | undefined;
export function sqsClient(): SQSClient {
  if (!sqs) {
    const endpoint = env.sqsEndpoint();
    sqs = new SQSClient({ ...commonClientConfig(), ...(endpoint ? { endpoint, credentials: localCredentials('local') } : {}) });
    sqs.middlewareStack.use(grantsPlugin('sqs'));
  }
  return sqs;
}
