/**
 * A delegate's own data (core/accounts/own-data.ts): the whole USER#<id> partition read at once
 * for the export and the deletion, and the deletion's steps. DynamoDB transactions hold at most
 * 100 items, so each step writes in chunks; every write is safe to repeat (a re-run reads again
 * and finds only what is left), and the counters of the office move with the items they count.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '#core/accounts/model';
import type { OwnDataStore, OwnLedger, OwnRecords, StepResult } from '#core/accounts/own-data';
import type { StoredAbstract } from '#core/abstracts/ports';
import type { IssuedDocument } from '#core/documents/model';
import type { StoredOrder } from '#core/orders/ports';
import type { Payment, Refund } from '#core/payments/model';
import type { StoredRegistration } from '#core/registration-by-category/ports';
import type { PendingUpload, StoredFile } from '#core/uploads/ports';
import type { OfficeJob } from '#core/office/jobs';
import { sentSubject, type RecipientResult } from '#core/office/mail-jobs';
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
import { leaseHeldBy } from './deletion-lease';

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

/** Items of the partition that are the account's own bookkeeping, deleted with the tombstone (the refund account too: a deletion waits until no refund is owed; the money events, which copy the order). */
const ownBookkeeping = (sk: string) => sk.startsWith('COUNT#') || sk.startsWith(keys.mailOncePrefix) || sk.startsWith(keys.moneyEventPrefix) || sk === 'MAIL_PREFERENCES' || sk === 'SECOND_FACTOR' || sk === 'REFUND_ACCOUNT';
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
        if (r.user_id === userId || r.email === address) found.push({ job_id: job.id, subject: job.mail ? sentSubject(job.mail, r) : '', requested_at: job.requested_at, state: r.state });
      }
    }
  }
  return found;
}

/** A transaction's outcome as a step of the deletion answers it: a failed condition (or a lost race) is `changed`. */
function stepOf(result: 'ok' | string[], what: string): StepResult {
  if (result === 'ok') return 'ok';
  if (result.includes('ConditionalCheckFailed') || result.includes('TransactionConflict')) return 'changed';
  throw new Error(`${what}: ${result.join(', ')}`);
}

/** Runs the writes in chunks, each chunk one transaction; stops at the first chunk whose conditions failed. */
async function inChunks<T>(things: T[], write: (chunk: T[]) => Items, what: string): Promise<StepResult> {
  for (let i = 0; i < things.length; i += CHUNK) {
    if (stepOf(await transact(write(things.slice(i, i + CHUNK))), `${what} not deleted`) === 'changed') return 'changed';
  }
  return 'ok';
}

const sumCounts = (all: Counts[]) => all.reduce<Counts>((sum, c) => addCounts(sum, c), {});
const minus = (counts: Counts[]) => countsDelta(sumCounts(counts), undefined);

const deleteItem = (key: { pk: string; sk: string }, mustExist = true): Items[number] => ({
  Delete: { TableName: table(), Key: key, ...(mustExist ? { ConditionExpression: 'attribute_exists(pk)' } : {}) },
});

/** A ledger record deleted only as it was read (its version; a record written before versions has none). */
function deleteRecord(key: { pk: string; sk: string }, version: number | undefined): Items[number] {
  return {
    Delete: {
      TableName: table(),
      Key: key,
      ...(version
        ? { ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': version } }
        : { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#v)', ExpressionAttributeNames: { '#v': 'version' } }),
    },
  };
}

/** The subject (an order or the registration) is still at the version read: written nothing. */
const subjectAt = (key: { pk: string; sk: string }, updatedAt: string): Items[number] => ({
  ConditionCheck: { TableName: table(), Key: key, ConditionExpression: 'updated_at = :base', ExpressionAttributeValues: { ':base': updatedAt } },
});

interface LedgerPiece {
  /** The record's delete and its items in the office's money lists. */
  items: Items;
  counts: Counts;
}

/** The account's ledger records as deletes over their versions, each with its items in the office's money lists (`<list>#<record id>`). */
function ledgerPieces(ledger: OwnLedger, listItems: Record<string, unknown>[] = []): LedgerPiece[] {
  const listed = (id: string) => listItems.filter((i) => (i.sk as string).endsWith(`#${id}`)).map((i) => deleteItem({ pk: i.pk as string, sk: i.sk as string }, false));
  return [
    ...ledger.payments.map((p) => ({ items: [deleteRecord(keys.payment(p.subject.owner_id, p.subject.kind, p.subject.id, p.id), p.version), ...listed(p.id)], counts: paymentCounts(p) })),
    ...ledger.refunds.map((r) => ({ items: [deleteRecord(keys.refund(r.subject.owner_id, r.subject.kind, r.subject.id, r.id), r.version), ...listed(r.id)], counts: refundCounts(r) })),
  ];
}

/**
 * Deletes a subject (order or registration) with its ledger pieces and `last` items, over the
 * subject's version and the lease: in one transaction when it fits, else the pieces first in
 * chunks (each over the subject's version, so a changed subject stops them), then the subject.
 */
async function removeSubject(subject: Items[number], subjectKey: { pk: string; sk: string }, updatedAt: string, pieces: LedgerPiece[], last: Items, lastCounts: Counts, lease: Items[number], what: string): Promise<StepResult> {
  const size = (ps: LedgerPiece[]) => ps.reduce((n, p) => n + p.items.length, 0);
  const fits = (ps: LedgerPiece[]) => size(ps) + last.length + 6 <= 100;
  let rest = pieces;
  while (!fits(rest)) {
    const chunk = rest.slice(0, CHUNK / 2);
    rest = rest.slice(CHUNK / 2);
    const writes = [...chunk.flatMap((p) => p.items), subjectAt(subjectKey, updatedAt), lease, ...statsWrites(minus(chunk.map((p) => p.counts)))];
    if (stepOf(await transact(writes), `${what}: payments not deleted`) === 'changed') return 'changed';
  }
  const counts = sumCounts([...rest.map((p) => p.counts), lastCounts]);
  return stepOf(await transact([subject, ...rest.flatMap((p) => p.items), ...last, lease, ...statsWrites(countsDelta(counts, undefined))]), `${what} not deleted`);
}

export const ownDataStore: OwnDataStore = {
  read,
  async auditOf(objects) {
    const all = await Promise.all(objects.map((o) => auditOf(o.type, o.id)));
    return all.flat().sort((a, b) => a.at.localeCompare(b.at));
  },
  officeMailsTo,
  mailMark: (address) => mailMarkStore.get(address),

  async takeLease(userId, lease, now) {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.user(userId),
          UpdateExpression: 'SET deletion_run = :run, deletion_until = :until',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleted_at) AND (attribute_not_exists(deletion_until) OR deletion_until <= :now)',
          ExpressionAttributeValues: { ':run': lease.run, ':until': lease.until, ':now': now.toISOString() },
        }),
      );
      return 'ok';
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return 'held';
      throw error;
    }
  },

  async releaseLease(userId, run) {
    try {
      await documentClient().send(
        new UpdateCommand({ TableName: table(), Key: keys.user(userId), UpdateExpression: 'REMOVE deletion_run, deletion_until', ConditionExpression: 'deletion_run = :run', ExpressionAttributeValues: { ':run': run } }),
      );
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  },

  async markDeleting(userId, run, at, endSessions) {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.user(userId),
          // The first mark stays: an interrupted deletion asked again keeps it (and the sessions of its new login).
          UpdateExpression: `SET deleting_at = if_not_exists(deleting_at, :at)${endSessions ? ' ADD session_epoch :one' : ''}`,
          ConditionExpression: 'deletion_run = :run',
          ExpressionAttributeValues: { ':at': at.toISOString(), ':run': run, ...(endSessions ? { ':one': 1 } : {}) },
        }),
      );
      return 'ok';
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return 'changed';
      throw error;
    }
  },

  async removeUploads(userId, files, pending, entries) {
    const { DeleteObjectCommand, s3ClientInternal } = await loadS3();
    // The objects first: a record never outlives its object's deletion (S3 answers a missing key as deleted).
    for (const key of [...files, ...pending].map((f) => f.key)) {
      await s3ClientInternal().send(new DeleteObjectCommand({ Bucket: env.uploadsBucket(), Key: key }));
    }
    const filesGone = await inChunks(files.map((file, i) => ({ file, entry: entries[i] })), (chunk) => [
      ...chunk.flatMap(({ file, entry }) => [deleteItem(keys.file(userId, file.id)), ...(entry ? [auditPut(entry)] : [])]),
      ...statsWrites(minus(chunk.map(({ file }) => fileCounts(file)))),
    ], 'files');
    if (filesGone === 'changed') return 'changed';
    return inChunks(pending, (chunk) => chunk.map((p) => deleteItem(keys.pending(userId, p.id), false)), 'pending uploads');
  },

  async removeAbstracts(userId, abstracts, entries) {
    return inChunks(abstracts.map((abstract, i) => ({ abstract, entry: entries[i] })), (chunk) => [
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
    return inChunks(documents.map((doc, i) => ({ doc, entry: entries[i] })), (chunk) => chunk.flatMap(({ doc, entry }) => [deleteItem(keys.document(userId, doc.id)), ...(entry ? [auditPut(entry)] : [])]), 'documents');
  },

  async removeOrder(order, ledger, entry, run) {
    // Every item of the order in the office's lists: its row slots and the money lists' items of its records.
    const listItems = await partition(keys.orderRow(order.id, '').pk);
    const recordIds = [...ledger.payments, ...ledger.refunds].map((r) => `#${r.id}`);
    const rows = listItems.filter((i) => !recordIds.some((id) => (i.sk as string).endsWith(id))).map((i) => deleteItem({ pk: i.pk as string, sk: i.sk as string }, false));
    const key = keys.order(order.owner_id, order.id);
    const orderDelete: Items[number] = {
      Delete: { TableName: table(), Key: key, ConditionExpression: 'updated_at = :base AND payment_status = :status', ExpressionAttributeValues: { ':base': order.updated_at, ':status': order.payment_status } },
    };
    return removeSubject(orderDelete, key, order.updated_at, ledgerPieces(ledger, listItems), [...rows, auditPut(entry)], orderCounts(order), leaseHeldBy(order.owner_id, run), `order ${order.id}`);
  },

  async keepOrder(anonymised, base, run, entry) {
    const result = await transact([
      { Put: { TableName: table(), Item: orderItem(anonymised), ConditionExpression: 'updated_at = :base AND payment_status = :status', ExpressionAttributeValues: { ':base': base.updated_at, ':status': base.payment_status } } },
      ...orderRowWrites(anonymised),
      leaseHeldBy(base.owner_id, run),
      ...(entry ? [auditPut(entry)] : []),
    ]);
    return stepOf(result, `order ${base.id} not anonymised`);
  },

  async removeRegistration(registration, ledger, entry, run) {
    const key = keys.registration(registration.owner_id);
    const registrationDelete: Items[number] = { Delete: { TableName: table(), Key: key, ConditionExpression: 'updated_at = :base', ExpressionAttributeValues: { ':base': registration.updated_at } } };
    return removeSubject(registrationDelete, key, registration.updated_at, ledgerPieces(ledger), [auditPut(entry)], {}, leaseHeldBy(registration.owner_id, run), `registration ${registration.register_code}`);
  },

  async keepRegistration(anonymised, base, run, entry) {
    // Out of the office's lists by registration time and review queue: its number is in the ledger and the log.
    const result = await transact([
      { Put: { TableName: table(), Item: { ...keys.registration(anonymised.owner_id), entity: 'registration', ...anonymised }, ConditionExpression: 'updated_at = :base', ExpressionAttributeValues: { ':base': base.updated_at } } },
      leaseHeldBy(base.owner_id, run),
      ...(entry ? [auditPut(entry)] : []),
    ]);
    return stepOf(result, `registration ${base.register_code} not anonymised`);
  },

  async finish(user, tombstone, entry, names, run) {
    const items = await partition(keys.user(user.id).pk);
    // Made meanwhile (a request that began before the sessions ended): the deletion goes round again.
    if (items.some(leftBehind)) return 'changed';
    const bookkeeping = items.filter((i) => ownBookkeeping(i.sk as string));
    const result = await transact([
      {
        // The tombstone: no name, no address, no password, no lease, in no office list (no byList keys).
        Put: {
          TableName: table(),
          Item: { ...keys.user(user.id), entity: 'deleted-user', ...tombstone },
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleted_at) AND deletion_run = :run',
          ExpressionAttributeValues: { ':run': run },
        },
      },
      { Delete: { TableName: table(), Key: keys.email(user.email), ConditionExpression: 'attribute_not_exists(pk) OR user_id = :id', ExpressionAttributeValues: { ':id': user.id } } },
      ...names.map((k) => deleteItem(keys.nameKey(k, user.id), false)),
      // A counter deleted only at the count read: an order, file or abstract made since moved it.
      ...bookkeeping.map((i) => counterDelete(i)),
      deleteItem(keys.mailMark(user.email), false),
      // Off the review team (its roles went with the profile).
      deleteItem(keys.reviewTeamMember(user.id), false),
      auditPut(entry),
      ...statsWrites(countsDelta(accountCounts(user), undefined)),
    ]);
    return stepOf(result, `account ${user.id} not deleted`);
  },
};

/** What the steps remove or anonymise, found in the partition at the last step: something was made meanwhile. */
function leftBehind(item: Record<string, unknown>): boolean {
  const sk = item.sk as string;
  if (sk.startsWith(keys.filePrefix) || sk.startsWith(keys.pendingPrefix) || sk.startsWith(keys.abstractPrefix)) return true;
  if (sk.startsWith(keys.orderPrefix) || sk === 'REGISTRATION') return !item.anonymised_at;
  return false;
}

function counterDelete(item: Record<string, unknown>): Items[number] {
  const key = { pk: item.pk as string, sk: item.sk as string };
  if (!(item.sk as string).startsWith('COUNT#') || typeof item.n !== 'number') return deleteItem(key, false);
  return { Delete: { TableName: table(), Key: key, ConditionExpression: 'attribute_not_exists(pk) OR #n = :n', ExpressionAttributeNames: { '#n': 'n' }, ExpressionAttributeValues: { ':n': item.n } } };
}
