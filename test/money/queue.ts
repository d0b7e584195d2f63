/**
 * The money-events queue in the money test (issue 30): besides the worker's own deliveries, a
 * command hands a delegate's events on AGAIN, newest first and under new deduplication ids, as a
 * redelivery, a late sweep or a message out of order would. Following an event twice must change
 * nothing: no second receipt or credit note, no second mail (the documents and mail-true rules
 * check it after the run, with every event followed: world.ts `quiesce`).
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import fc from 'fast-check';
import { groupOfEvent } from '#core/payments/money-events';
import { queueNameOf } from '#core/workers';
import { moneyEventStore } from '#storage/money-events';
import { sqsOrigin } from '../api/support';

export type QueueCommand = { k: 'replayEvents'; d: number };

export const queueCommandArb = (d: fc.Arbitrary<number>) => fc.record({ k: fc.constant('replayEvents' as const), d });

let client: SQSClient | undefined;
const sqs = () => (client ??= new SQSClient({ endpoint: sqsOrigin(), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
let replays = 0;

/** Hands every event of the delegate on again, newest first. */
export async function replayEvents(userId: string, note: (text: string) => void) {
  const events = (await moneyEventStore.ofOwner(userId)).sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (events.length === 0) return note('no events');
  const queueUrl = `${sqsOrigin()}/000000000000/${queueNameOf('local', 'money-events')}`;
  for (let i = 0; i < events.length; i += 10) {
    const batch = events.slice(i, i + 10);
    const r = await sqs().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: batch.map((e, n) => ({
          Id: String(n),
          MessageBody: JSON.stringify({ owner_id: e.owner_id, id: e.id }),
          MessageGroupId: groupOfEvent(e),
          MessageDeduplicationId: `${e.id}~replay${++replays}`,
        })),
      }),
    );
    if (r.Failed?.length) throw new Error(`replay refused: ${JSON.stringify(r.Failed)}`);
  }
  note(`${events.length} events again (${events.filter((e) => e.state === 'done').length} done before)`);
}
