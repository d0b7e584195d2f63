/**
 * A delegate's own data (core/accounts/own-data.ts): the whole USER#<id> partition read at once
 * for the export and the deletion, and the deletion's steps. DynamoDB transactions hold at most
 * 100 items, so each step writes in chunks; every write is safe to repeat (a re-run reads again
 * and finds only what is left), and the counters of the office move with the items they count.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '#core/accounts/model';
import type { OwnDataStore, OwnRecords } from '#core/accounts/own-data';
import type { StoredAbstract } from '#core/abstracts/ports';
import type { IssuedDocument } from '#core/documents/model';
import type { StoredOrder } from '#core/orders/ports';
import type { Payment, Refund } from '#core/payments/model';
import type { StoredRegistration } from '#core/registration-by-category/ports';
import type { PendingUpload, StoredFile } from '#core/uploads/ports';
import type { OfficeJob } from '#core/office/jobs';
import type { RecipientResult } from '#core/office/mail-jobs';
import { abstractCounts, accountCounts, addCounts, countsDelta, fileCounts, orderCounts, paymentCounts, refundCounts, type Counts } from '#core/office/counters';
import { documentClient, loadS3 } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditOf, auditPut } from './audit';
import { transact, type Items } from './claims';
import { keys } from './keys';
import { mailMarkStore } from './mail-marks';
import { itemOf as orderItem } from './orders';
import { orderRowWrites } from './order-rows';
import { statsWrites } from './stats';

/** Items per transaction: well below DynamoDB's 100, leaving room for counters and entries. */
const CHUNK = 40;

const table = () => env.tableName();

/** The record without the storage's attributes (keys, index keys, entity, expiry). */
function strip<T>(item: Record<string, unknown>): T {
  const record: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) {
    if (!['pk', 'sk', 'entity', 'expires_at'].includes(name) && !/^gsi\d(pk|sk)$/.test(name)) record[name] = value;
  }
  return record as T;
}

/** Every item of a partition, all pages. */
async function partition(pk: string, prefix?: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk, ...(prefix ? { ':prefix': prefix } : {}) },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(r.Items ?? []));
    start = r.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Items of the partition that are the account's own bookkeeping, deleted with the tombstone. */
const ownBookkeeping = (sk: string) => sk.startsWith('COUNT#') || sk.startsWith(keys.mailOncePrefix) || sk === 'MAIL_PREFERENCES' || sk === 'SECOND_FACTOR';
/** Marks that a numbered document was issued for a payment or refund (storage/document-numbers.ts): kept with the receipts, no personal data. */
const documentMark = (sk: string) => sk.startsWith(keys.documentOncePrefix);

async function read(userId: string): Promise<OwnRecords | undefined> {
  const items = await partition(keys.user(userId).pk);
  let user: User | undefined;
  const records: Omit<OwnRecords, 'user'> = { orders: [], ledger: { payments: [], refunds: [] }, abstracts: [], files: [], pending: [], documents: [], announcementsOptedOut: false, other: [] };
  for (const item of items) {
    const sk = item.sk as string;
    if (sk === 'PROFILE') user = strip<User>(item);
    else if (sk.startsWith(keys.orderPrefix)) records.orders.push(strip<StoredOrder>(item));
    else if (sk.startsWith('LEDGER#') && item.entity === 'payment') records.ledger.payments.push(strip<Payment>(item));
    else if (sk.startsWith('LEDGER#') && item.entity === 'refund') records.ledger.refunds.push(strip<Refund>(item));
    else if (sk === 'REGISTRATION') records.registration = strip<StoredRegistration>(item);
    else if (sk.startsWith(keys.abstractPrefix)) records.abstracts.push(strip<StoredAbstract>(item));
    else if (sk.startsWith(keys.filePrefix)) records.files.push(strip<StoredFile>(item));
    else if (sk.startsWith(keys.pendingPrefix)) records.pending.push(strip<PendingUpload>(item));
    else if (sk.startsWith(keys.documentPrefix)) records.documents.push(strip<IssuedDocument>(item));
    else if (sk === 'MAIL_PREFERENCES') records.announcementsOptedOut = item.announcements === 'opted-out';
    else if (!ownBookkeeping(sk) && !documentMark(sk)) records.other.push({ sk, ...(typeof item.entity === 'string' ? { entity: item.entity } : {}) });
  }
  return user ? { user, ...records } : undefined;
}

async function officeMailsTo(userId: string, address: string) {
  const jobs = (await partition(keys.officeJobsPartition, keys.officeJobPrefix)).map((i) => strip<OfficeJob>(i)).filter((j) => j.kind === 'mail');
  const found: { job_id: string; subject: string; requested_at: string; state: string }[] = [];
  for (const job of jobs) {
    for (const batch of await partition(keys.mailBatch(job.id, 0).pk, keys.mailBatchPrefix)) {
      for (const r of (batch.recipients as RecipientResult[] | undefined) ?? []) {
        if (r.user_id === userId || r.email === address) found.push({ job_id: job.id, subject: job.mail?.subject ?? '', requested_at: job.requested_at, state: r.state });
      }
    }
  }
  return found;
}

/** Runs the writes in chunks, each chunk one transaction with what `extra` adds for it. */
async function inChunks<T>(things: T[], write: (chunk: T[]) => Items, what: string) {
  for (let i = 0; i < things.length; i += CHUNK) {
    const result = await transact(write(things.slice(i, i + CHUNK)));
    if (result !== 'ok') throw new Error(`${what} not deleted: ${result.join(', ')}`);
  }
}

const sumCounts = (all: Counts[]) => all.reduce<Counts>((sum, c) => addCounts(sum, c), {});
const minus = (counts: Counts[]) => countsDelta(sumCounts(counts), undefined);

const deleteItem = (key: { pk: string; sk: string }, mustExist = true): Items[number] => ({
  Delete: { TableName: table(), Key: key, ...(mustExist ? { ConditionExpression: 'attribute_exists(pk)' } : {}) },
});

export const ownDataStore: OwnDataStore = {
  read,
  async auditOf(objects) {
    const all = await Promise.all(objects.map((o) => auditOf(o.type, o.id)));
    return all.flat().sort((a, b) => a.at.localeCompare(b.at));
  },
  officeMailsTo,
  mailMark: (address) => mailMarkStore.get(address),

  async markDeleting(userId, at) {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.user(userId),
          // Once: an interrupted deletion asked again keeps its first mark (and the sessions of its new login).
          UpdateExpression: 'SET deleting_at = :at ADD session_epoch :one',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting_at)',
          ExpressionAttributeValues: { ':at': at.toISOString(), ':one': 1 },
        }),
      );
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  },

  async removeUploads(userId, files, pending, entries) {
    const { DeleteObjectCommand, s3ClientInternal } = await loadS3();
    // The objects first: a record never outlives its object's deletion (S3 answers a missing key as deleted).
    for (const key of [...files, ...pending].map((f) => f.key)) {
      await s3ClientInternal().send(new DeleteObjectCommand({ Bucket: env.uploadsBucket(), Key: key }));
    }
    await inChunks(files.map((file, i) => ({ file, entry: entries[i] })), (chunk) => [
      ...chunk.flatMap(({ file, entry }) => [deleteItem(keys.file(userId, file.id)), ...(entry ? [auditPut(entry)] : [])]),
      ...statsWrites(minus(chunk.map(({ file }) => fileCounts(file)))),
    ], 'files');
    await inChunks(pending, (chunk) => chunk.map((p) => deleteItem(keys.pending(userId, p.id), false)), 'pending uploads');
  },

  async removeAbstracts(userId, abstracts, entries) {
    await inChunks(abstracts.map((abstract, i) => ({ abstract, entry: entries[i] })), (chunk) => [
      ...chunk.flatMap(({ abstract, entry }) => [deleteItem(keys.abstract(userId, abstract.id)), ...(entry ? [auditPut(entry)] : [])]),
      ...statsWrites(minus(chunk.map(({ abstract }) => abstractCounts(abstract)))),
    ], 'abstracts');
  },

  async removeDocuments(userId, documents, entries) {
    const { DeleteObjectCommand, s3ClientInternal } = await loadS3();
    for (const doc of documents.filter((d) => d.object_key)) {
      if (!doc.object_key.startsWith('documents/')) throw new Error(`document ${doc.id} is not under documents/: ${doc.object_key}`);
      await s3ClientInternal().send(new DeleteObjectCommand({ Bucket: env.uploadsBucket(), Key: doc.object_key }));
    }
    await inChunks(documents.map((doc, i) => ({ doc, entry: entries[i] })), (chunk) => chunk.flatMap(({ doc, entry }) => [deleteItem(keys.document(userId, doc.id)), ...(entry ? [auditPut(entry)] : [])]), 'documents');
  },

  async removeOrder(order, ledger, entry) {
    const rows = await partition(keys.orderRow(order.id, '').pk);
    const records = [...ledger.payments.map((p) => ({ key: keys.payment(p.subject.owner_id, p.subject.kind, p.subject.id, p.id), counts: paymentCounts(p) })), ...ledger.refunds.map((r) => ({ key: keys.refund(r.subject.owner_id, r.subject.kind, r.subject.id, r.id), counts: refundCounts(r) }))];
    await inChunks(records, (chunk) => [...chunk.map((r) => deleteItem(r.key)), ...statsWrites(minus(chunk.map((r) => r.counts)))], 'order payments');
    await inChunks(rows, (chunk) => chunk.map((r) => deleteItem({ pk: r.pk as string, sk: r.sk as string }, false)), 'order rows');
    const result = await transact([
      { Delete: { TableName: table(), Key: keys.order(order.owner_id, order.id), ConditionExpression: 'updated_at = :base', ExpressionAttributeValues: { ':base': order.updated_at } } },
      auditPut(entry),
      ...statsWrites(countsDelta(orderCounts(order), undefined)),
    ]);
    if (result !== 'ok') throw new Error(`order ${order.id} not deleted: ${result.join(', ')}`);
  },

  async keepOrder(anonymised, base, entry) {
    const result = await transact([
      { Put: { TableName: table(), Item: orderItem(anonymised), ConditionExpression: 'updated_at = :base AND payment_status = :status', ExpressionAttributeValues: { ':base': base.updated_at, ':status': base.payment_status } } },
      ...orderRowWrites(anonymised),
      ...(entry ? [auditPut(entry)] : []),
    ]);
    if (result !== 'ok') throw new Error(`order ${base.id} not anonymised: ${result.join(', ')}`);
  },

  async removeRegistration(registration, ledger, entry) {
    const records = [...ledger.payments.map((p) => keys.payment(p.subject.owner_id, p.subject.kind, p.subject.id, p.id)), ...ledger.refunds.map((r) => keys.refund(r.subject.owner_id, r.subject.kind, r.subject.id, r.id))];
    await inChunks(records, (chunk) => chunk.map((key) => deleteItem(key, false)), 'registration payments');
    const result = await transact([
      { Delete: { TableName: table(), Key: keys.registration(registration.owner_id), ConditionExpression: 'updated_at = :base', ExpressionAttributeValues: { ':base': registration.updated_at } } },
      auditPut(entry),
    ]);
    if (result !== 'ok') throw new Error(`registration ${registration.register_code} not deleted: ${result.join(', ')}`);
  },

  async keepRegistration(anonymised, base, entry) {
    // Out of the office's lists by registration time and review queue: its number is in the ledger and the log.
    const result = await transact([
      { Put: { TableName: table(), Item: { ...keys.registration(anonymised.owner_id), entity: 'registration', ...anonymised }, ConditionExpression: 'updated_at = :base', ExpressionAttributeValues: { ':base': base.updated_at } } },
      ...(entry ? [auditPut(entry)] : []),
    ]);
    if (result !== 'ok') throw new Error(`registration ${base.register_code} not anonymised: ${result.join(', ')}`);
  },

  async finish(user, tombstone, entry, names) {
    const bookkeeping = (await partition(keys.user(user.id).pk)).filter((i) => ownBookkeeping(i.sk as string));
    const result = await transact([
      {
        // The tombstone: no name, no address, no password, in no office list (no byList keys).
        Put: {
          TableName: table(),
          Item: { ...keys.user(user.id), entity: 'deleted-user', ...tombstone },
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleted_at)',
        },
      },
      { Delete: { TableName: table(), Key: keys.email(user.email), ConditionExpression: 'attribute_not_exists(pk) OR user_id = :id', ExpressionAttributeValues: { ':id': user.id } } },
      ...names.map((k) => deleteItem(keys.nameKey(k, user.id), false)),
      ...bookkeeping.map((i) => deleteItem({ pk: i.pk as string, sk: i.sk as string }, false)),
      deleteItem(keys.mailMark(user.email), false),
      auditPut(entry),
      ...statsWrites(countsDelta(accountCounts(user), undefined)),
    ]);
    if (result !== 'ok') throw new Error(`account ${user.id} not deleted: ${result.join(', ')}`);
  },
};
