/**
 * The payments ledger: payments and refunds of a subject under USER#owner /
 * LEDGER#kind#subject#PAYMENT#id (and #REFUND#id), written in ONE transaction with the subject's
 * state change and the provider event that caused it. Each record is written only over the state
 * the domain read (or only if new), the subject only from the status the move starts at, and an
 * event id only once: a redelivered event, a second tab or a race between the webhook and the
 * success page can never count money twice.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Payment, Refund, Subject } from '#core/payments/model';
import type { Ledger, LedgerWrite, SubjectChange } from '#core/payments/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { transact, type Items } from './claims';
import { epochSeconds, keys } from './keys';

/** The provider retries an event for up to 3 days; we remember applied ones for 30. */
const EVENT_DAYS = 30;

const paymentKey = (p: Pick<Payment, 'id' | 'subject'>) => keys.payment(p.subject.owner_id, p.subject.kind, p.subject.id, p.id);
const refundKey = (r: Pick<Refund, 'id' | 'subject'>) => keys.refund(r.subject.owner_id, r.subject.kind, r.subject.id, r.id);

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, entity: _e, ...rest } = item;
  return rest as T;
}

/** Only this write's own expectation decides: a record is new, or still in the state read. */
function recordWrite(key: { pk: string; sk: string }, entity: string, record: object, expect: string | null): Items[number] {
  return {
    Put: {
      TableName: env.tableName(),
      Item: { ...key, entity, ...record },
      ConditionExpression: expect === null ? 'attribute_not_exists(pk)' : '#state = :expect',
      ...(expect === null ? {} : { ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':expect': expect } }),
    },
  };
}

/** The subject's move, from the status it must still have. Each kind of subject lives where its module keeps it. */
function subjectWrite(change: SubjectChange): Items[number] {
  const set = { ...change.set, payment_status: change.to };
  const names = Object.keys(set);
  switch (change.subject.kind) {
    case 'order':
      return {
        Update: {
          TableName: env.tableName(),
          Key: keys.order(change.subject.owner_id, change.subject.id),
          UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk) AND payment_status = :from',
          ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
          ExpressionAttributeValues: { ...Object.fromEntries(names.map((n, i) => [`:v${i}`, set[n as keyof typeof set]])), ':from': change.from },
        },
      };
  }
}

const eventItem = (eventId: string) => ({
  ...keys.providerEvent(eventId),
  entity: 'provider-event',
  expires_at: epochSeconds(new Date()) + EVENT_DAYS * 86_400,
});

export const ledger: Ledger = {
  async commit(write: LedgerWrite) {
    const items: Items = [];
    if (write.eventId) items.push({ Put: { TableName: env.tableName(), Item: eventItem(write.eventId), ConditionExpression: 'attribute_not_exists(pk)' } });
    if (write.payment) items.push(recordWrite(paymentKey(write.payment.record), 'payment', write.payment.record, write.payment.expect));
    if (write.refund) items.push(recordWrite(refundKey(write.refund.record), 'refund', write.refund.record, write.refund.expect));
    if (write.subject) items.push(subjectWrite(write.subject));
    const result = await transact(items);
    if (result === 'ok') return 'ok';
    if (write.eventId && result[0] === 'ConditionalCheckFailed') return 'duplicate-event';
    if (result.includes('ConditionalCheckFailed')) return 'conflict';
    throw new Error(`ledger write failed: ${result.join(', ')}`);
  },

  async markEvent(eventId) {
    try {
      await documentClient().send(new PutCommand({ TableName: env.tableName(), Item: eventItem(eventId), ConditionExpression: 'attribute_not_exists(pk)' }));
      return 'ok';
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return 'duplicate-event';
      throw error;
    }
  },

  async payment(subject: Subject, id: string) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: paymentKey({ id, subject }), ConsistentRead: true }));
    return r.Item ? strip<Payment>(r.Item) : undefined;
  },

  async refund(subject: Subject, id: string) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: refundKey({ id, subject }), ConsistentRead: true }));
    return r.Item ? strip<Refund>(r.Item) : undefined;
  },

  async ofSubject(subject: Subject) {
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${subject.owner_id}`, ':prefix': keys.ledgerPrefix(subject.kind, subject.id) },
        ConsistentRead: true,
      }),
    );
    const items = r.Items ?? [];
    const byTime = (a: { created_at: string }, b: { created_at: string }) => a.created_at.localeCompare(b.created_at);
    return {
      payments: items.filter((i) => i.entity === 'payment').map((i) => strip<Payment>(i)).sort(byTime),
      refunds: items.filter((i) => i.entity === 'refund').map((i) => strip<Refund>(i)).sort(byTime),
    };
  },
};
