/**
 * The worker table's queues in the local runtime (infra/local/portal.ts): every queue is made on
 * the local SQS with its dead-letter queue, the visibility timeout and the redrive limit the CDK
 * gives it, a FIFO queue as a FIFO queue (the sender gives the deduplication id), whether or not
 * a worker consumes it yet.
 */
import { GetQueueAttributesCommand, GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { deadLetterQueueNameOf, isFifoQueue, queueNameOf, queues, visibilityTimeoutOf, type WorkerQueue } from '#core/workers';
import { sqsOrigin } from './support';

const sqs = () => new SQSClient({ endpoint: sqsOrigin(), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
const attributesOf = async (client: SQSClient, name: string) => {
  const { QueueUrl } = await client.send(new GetQueueUrlCommand({ QueueName: name }));
  return (await client.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] }))).Attributes!;
};

describe('the local queues of the worker table', () => {
  it('makes every queue with its dead-letter queue, FIFO ones as FIFO without content-based deduplication', async () => {
    const client = sqs();
    for (const queue of Object.keys(queues) as WorkerQueue[]) {
      const dlq = await attributesOf(client, deadLetterQueueNameOf('local', queue));
      const made = await attributesOf(client, queueNameOf('local', queue));
      expect(made.VisibilityTimeout, queue).toBe(String(visibilityTimeoutOf(queue)));
      expect(JSON.parse(made.RedrivePolicy!), queue).toEqual({ deadLetterTargetArn: dlq.QueueArn, maxReceiveCount: queues[queue].maxReceiveCount });
      expect(made.FifoQueue, queue).toBe(isFifoQueue(queue) ? 'true' : undefined);
      expect(dlq.FifoQueue, queue).toBe(isFifoQueue(queue) ? 'true' : undefined);
      if (isFifoQueue(queue)) expect(made.ContentBasedDeduplication, queue).toBe('false');
    }
    const money = await attributesOf(client, 'congress-local-money-events.fifo');
    expect(money).toMatchObject({ FifoQueue: 'true', VisibilityTimeout: '360' });
  });
});
