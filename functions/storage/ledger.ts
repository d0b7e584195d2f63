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
import { ledgerAuditEntries } from '#core/audit/ledger-audit';
import { systemActor, type Actor } from '#core/audit/audit';
import { auditPut } from './audit';
import { transact, type Items } from './claims';
import { orderPlaceMove } from './orders';
import { moneyListWrites, orderRowWrites } from './order-rows';
import type { StoredOrder } from '#core/orders/ports';
import { epochSeconds, keys } from './keys';
import { statsWrites } from './stats';
import { leaseFreeCondition, leaseFreeNames, leaseFreeValues, noDeletionUnderWay } from './deletion-lease';
import { moneyEventPuts } from './money-events';
import { addCounts, countsDelta, orderStatusCounts, paymentCounts, refundCounts, type Counts } from '#core/office/counters';
import type { OrderStatus } from '#core/orders/states';

/** The provider retries an event for up to 3 days; we remember applied ones for 30. */
const EVENT_DAYS = 30;

const paymentKey = (p: Pick<Payment, 'id' | 'subject'>) =>
  keys.payment(p.subject.owner_id, p.subject.kind, p.subject.id, p.id);
const refundKey = (r: Pick<Refund, 'id' | 'subject'>) =>
  keys.refund(r.subject.owner_id, r.subject.kind, r.subject.id, r.id);

/** A record as the domain sees it; one written before records had versions reads as version 0. */
function strip<T>(item: Record<string, unknown>): T {
  // Index attributes are the storage's, never part of the record (a write derives them again).
  const { pk: _pk, sk: _sk, entity: _e, gsi1pk: _g1, gsi1sk: _s1, ...rest } = item;
  return { ...rest, version: typeof rest.version === 'number' ? rest.version : 0 } as T;
}

/** A record written only if new, or only over the version read (0: written before versions). */
function recordWrite(
  key: { pk: string; sk: string },
  entity: string,
  record: object,
  expect: number | null,
): Items[number] {
  const condition =
    expect === null
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : expect === 0
        ? {
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#v)',
            ExpressionAttributeNames: { '#v': 'version' },
          }
        : {
            ConditionExpression: '#v = :expect',
            ExpressionAttributeNames: { '#v': 'version' },
            ExpressionAttributeValues: { ':expect': expect },
          };
  return { Put: { TableName: env.tableName(), Item: { ...key, entity, ...record }, ...condition } };
}

/**
 * A bank transfer the delegate said they sent and the office has not found yet is in the byOwner
 * index under TRANSFERS#awaited, oldest first (the office's list of transfers to look for). The
 * record is written whole, so the entry goes when the payment moves on.
 */
function awaitedTransferIndex(p: Payment) {
  return p.method === 'transfer' && p.state === 'pending' ? { gsi1pk: keys.awaitedTransfers, gsi1sk: `${p.created_at}#${p.id}` } : {};
}

/**
 * A refund by bank transfer the office owes (recorded, not sent yet) is in the byOwner index under
 * REFUNDS#owed, oldest first (the office's list of refunds to send); written whole, so the entry
 * goes when the office records it as sent.
 */
export function owedRefundIndex(r: Refund) {
  return r.method === 'transfer' && (r.state === 'created' || r.state === 'pending') ? { gsi1pk: keys.owedRefunds, gsi1sk: `${r.created_at}#${r.id}` } : {};
}

/** A new payment's item as a ledger write puts it (the bench seeds the table with it). */
export const newPaymentItem = (p: Payment) => recordWrite(paymentKey(p), 'payment', { ...p, ...awaitedTransferIndex(p) }, null).Put!.Item!;

/** Where each kind of subject keeps its status (the registration's fee and dinners: the spec's pay_status and repast_status). */
const statusField = { order: 'payment_status', 'registration-fee': 'pay_status', 'registration-dinners': 'repast_status' } as const;

/** The item a subject lives in: its module's. */
function subjectKey(subject: Subject) {
  switch (subject.kind) {
    case 'order':
      return keys.order(subject.owner_id, subject.id);
    case 'registration-fee':
    case 'registration-dinners':
      return keys.registration(subject.owner_id);
  }
}

/** The registration item is the subject only while it carries that registration number. */
function ownCode(subject: Subject): { condition: string; names: Record<string, string>; values: Record<string, string> } {
  return subject.kind === 'order' ? { condition: '', names: {}, values: {} } : { condition: ' AND #code = :code', names: { '#code': 'register_code' }, values: { ':code': subject.id } };
}

/**
 * The subject's move, over the version it was read at (its updated_at), which the write moves,
 * and only from the status the move starts at. A registration stored before payments has no
 * status yet: it is unpaid (1).
 */
function subjectWrite(change: SubjectChange): Items[number] {
  const field = statusField[change.subject.kind];
  const set = { ...change.set, [field]: change.to, updated_at: change.version.next };
  const names = Object.keys(set);
  const own = ownCode(change.subject);
  const from = change.subject.kind !== 'order' && change.from === 1 ? '(#status = :from OR attribute_not_exists(#status))' : '#status = :from';
  return {
    Update: {
      TableName: env.tableName(),
      Key: subjectKey(change.subject),
      UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ConditionExpression: `attribute_exists(pk) AND ${from} AND #version = :base${own.condition}`,
      ExpressionAttributeNames: {
        ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
        '#status': field,
        '#version': 'updated_at',
        ...own.names,
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((n, i) => [`:v${i}`, set[n]])),
        ':from': change.from,
        ':base': change.version.base,
        ...own.values,
      },
    },
  };
}

/** What the subject's module keeps beside it, written again as the subject is after the change. */
function subjectSideWrites(change: SubjectChange): Items {
  switch (change.subject.kind) {
    case 'order':
      if (!change.record) return [];
      return orderRowWrites({ ...(change.record as StoredOrder), ...change.set, payment_status: change.to as OrderStatus, updated_at: change.version.next } as StoredOrder);
    case 'registration-fee':
    case 'registration-dinners': {
      // The profile's summary (GET /get_person_info is one read) moves with the registration.
      if (change.from === change.to) return [];
      return [
        {
          Update: {
            TableName: env.tableName(),
            Key: keys.user(change.subject.owner_id),
            UpdateExpression: 'SET #status = :to',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#status': statusField[change.subject.kind] },
            ExpressionAttributeValues: { ':to': change.to },
          },
        },
      ];
    }
  }
}

/** The subject is still at the version read: nothing of it is written. */
function subjectCheck(subject: Subject, version: string): Items[number] {
  const own = ownCode(subject);
  return {
    ConditionCheck: {
      TableName: env.tableName(),
      Key: subjectKey(subject),
      ConditionExpression: `attribute_exists(pk) AND #version = :base${own.condition}`,
      ExpressionAttributeNames: { '#version': 'updated_at', ...own.names },
      ExpressionAttributeValues: { ':base': version, ...own.values },
    },
  };
}

/** An owner's or a subject's ledger items as payments and refunds, oldest first. */
export function byKind(items: Record<string, unknown>[]) {
  const byTime = (a: { created_at: string }, b: { created_at: string }) =>
    a.created_at.localeCompare(b.created_at);
  return {
    payments: items
      .filter((i) => i.entity === 'payment')
      .map((i) => strip<Payment>(i))
      .sort(byTime),
    refunds: items
      .filter((i) => i.entity === 'refund')
      .map((i) => strip<Refund>(i))
      .sort(byTime),
  };
}

async function queryAll(pk: string, prefix: string) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(r.Items ?? []));
    start = r.LastEvaluatedKey;
  } while (start);
  return items;
}

const eventItem = (eventId: string) => ({
  ...keys.providerEvent(eventId),
  entity: 'provider-event',
  expires_at: epochSeconds(new Date()) + EVENT_DAYS * 86_400,
});

/** What a ledger write moves in the office's counters: its records' states, the subject's status. */
function ledgerCounts(write: LedgerWrite): Counts {
  const delta: Counts = {};
  for (const p of write.payments ?? []) addCounts(delta, countsDelta(p.before ? paymentCounts(p.before) : undefined, paymentCounts(p.record)));
  for (const r of write.refunds ?? []) addCounts(delta, countsDelta(r.before ? refundCounts(r.before) : undefined, refundCounts(r.record)));
  const s = write.subject;
  // The office's counters of statuses are the orders'; money received counts for every subject.
  if (s && s.subject.kind === 'order' && s.from !== s.to) addCounts(delta, countsDelta(orderStatusCounts(s.from as OrderStatus), orderStatusCounts(s.to as OrderStatus)));
  return delta;
}

/**
 * The condition that no deletion of the owner's account holds it at `at`
 * (core/accounts/deletion-lease.ts): added to the write's own update of the profile if it has one
 * (a registration's summary; one transaction cannot name an item twice), else as a check.
 * Answers the index of the item that carries it.
 */
function ownerNotDeleting(items: Items, ownerId: string, at: string): number {
  const profile = keys.user(ownerId);
  const index = items.findIndex((i) => i.Update?.Key?.pk === profile.pk && i.Update.Key.sk === profile.sk);
  if (index < 0) return items.push(noDeletionUnderWay(ownerId, at)) - 1;
  const update = items[index]!.Update!;
  update.ConditionExpression = update.ConditionExpression ? `${update.ConditionExpression} AND ${leaseFreeCondition}` : leaseFreeCondition;
  update.ExpressionAttributeNames = { ...update.ExpressionAttributeNames, ...leaseFreeNames };
  update.ExpressionAttributeValues = { ...update.ExpressionAttributeValues, ...leaseFreeValues(at) };
  return index;
}

/** One ledger write as one transaction, with `extra` items (its audit entries) in it. */
async function commitWith(write: LedgerWrite, extra: Items, actor: Actor = systemActor, now = new Date()) {
  const items: Items = [];
  if (write.eventId)
    items.push({
      Put: {
        TableName: env.tableName(),
        Item: eventItem(write.eventId),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  for (const p of write.payments ?? [])
    items.push(recordWrite(paymentKey(p.record), 'payment', { ...p.record, ...awaitedTransferIndex(p.record) }, p.expect));
  for (const r of write.refunds ?? [])
    items.push(recordWrite(refundKey(r.record), 'refund', { ...r.record, ...owedRefundIndex(r.record) }, r.expect));
  if (write.subject) items.push(subjectWrite(write.subject), ...subjectSideWrites(write.subject));
  if (write.subject?.place) items.push(orderPlaceMove(write.subject.subject.owner_id, write.subject.place));
  if (write.subjectUnchanged)
    items.push(subjectCheck(write.subjectUnchanged.subject, write.subjectUnchanged.version));
  if (items.length === 0) return 'ok' as const;
  // The office's money lists are lists of orders: only an order's records are in them.
  items.push(...moneyListWrites([...(write.payments ?? []), ...(write.refunds ?? [])].map((w) => w.record).filter((r) => r.subject.kind === 'order')));
  items.push(...statsWrites(ledgerCounts(write)));
  // What follows the write (mails, documents): its money events, in the same transaction.
  if (write.events?.length) items.push(...moneyEventPuts(write.events, actor, now));
  const owner = write.ownerNotDeleting ? ownerNotDeleting(items, write.ownerNotDeleting.owner_id, write.ownerNotDeleting.at) : -1;
  const result = await transact([...items, ...extra]);
  if (result === 'ok') return 'ok' as const;
  if (write.eventId && result[0] === 'ConditionalCheckFailed') return 'duplicate-event' as const;
  if (owner >= 0 && result[owner] === 'ConditionalCheckFailed') return 'account-deleting' as const;
  if (result.includes('ConditionalCheckFailed') || result.includes('TransactionConflict'))
    return 'conflict' as const;
  throw new Error(`ledger write failed: ${result.join(', ')}`);
}

export const ledger: Ledger = {
  commit: (write: LedgerWrite) => commitWith(write, []),

  async markEvent(eventId) {
    try {
      await documentClient().send(
        new PutCommand({
          TableName: env.tableName(),
          Item: eventItem(eventId),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return 'ok';
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return 'duplicate-event';
      throw error;
    }
  },

  async payment(subject: Subject, id: string) {
    const r = await documentClient().send(
      new GetCommand({ TableName: env.tableName(), Key: paymentKey({ id, subject }), ConsistentRead: true }),
    );
    return r.Item ? strip<Payment>(r.Item) : undefined;
  },

  async refund(subject: Subject, id: string) {
    const r = await documentClient().send(
      new GetCommand({ TableName: env.tableName(), Key: refundKey({ id, subject }), ConsistentRead: true }),
    );
    return r.Item ? strip<Refund>(r.Item) : undefined;
  },

  async ofSubject(subject: Subject) {
    return byKind(await queryAll(`USER#${subject.owner_id}`, keys.ledgerPrefix(subject.kind, subject.id)));
  },

  async ofOwner(ownerId: string, kind: Subject['kind']) {
    const bySubject = new Map<string, Record<string, unknown>[]>();
    for (const item of await queryAll(`USER#${ownerId}`, keys.ledgerKindPrefix(kind))) {
      const id = (item.subject as Subject).id;
      bySubject.set(id, [...(bySubject.get(id) ?? []), item]);
    }
    return new Map([...bySubject].map(([id, items]) => [id, byKind(items)]));
  },
};

/**
 * The ledger of one request: every write also puts its audit entries (core/audit/ledger-audit.ts),
 * with who caused it and when, in the same transaction.
 */
export function auditedLedger(
  actor: Actor,
  now: () => Date,
  statusName: (kind: string, status: number) => string,
): Ledger {
  return {
    ...ledger,
    commit: (write) => {
      const at = now();
      return commitWith(write, ledgerAuditEntries(write, actor, at, statusName).map(auditPut), actor, at);
    },
  };
}

/** The first `limit` bank transfers the office is waiting for, oldest first (byOwner index). */
async function awaitedPayments(limit: number): Promise<Payment[]> {
  const r = await documentClient().send(
    new QueryCommand({
      TableName: env.tableName(),
      IndexName: 'byOwner',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': keys.awaitedTransfers },
      Limit: limit,
    }),
  );
  return (r.Items ?? []).map((i) => strip<Payment>(i));
}

/** Bank transfers the office is waiting for, oldest first: each with its order (one read per order). */
export async function awaitedTransfers(limit = 200): Promise<{ payment: Payment; order: Record<string, unknown> | undefined }[]> {
  const payments = await awaitedPayments(limit);
  return Promise.all(
    payments.map(async (payment) => {
      const order = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.order(payment.subject.owner_id, payment.subject.id) }));
      return { payment, order: order.Item };
    }),
  );
}

/** The transfer the office has waited for longest (one item read), or none. */
export async function oldestAwaitedTransfer(): Promise<Payment | undefined> {
  return (await awaitedPayments(1))[0];
}

/** The refunds by bank transfer the office owes, oldest first (byOwner index), each with its order (one read each). */
export async function owedBankRefunds(limit = 200): Promise<{ refund: Refund; order: Record<string, unknown> | undefined }[]> {
  const r = await documentClient().send(
    new QueryCommand({
      TableName: env.tableName(),
      IndexName: 'byOwner',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': keys.owedRefunds },
      Limit: limit,
    }),
  );
  const refunds = (r.Items ?? []).map((i) => strip<Refund>(i));
  return Promise.all(
    refunds.map(async (refund) => {
      const order = refund.subject.kind === 'order' ? await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.order(refund.subject.owner_id, refund.subject.id) })) : undefined;
      return { refund, order: order?.Item };
    }),
  );
}
