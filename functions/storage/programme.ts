/**
 * The programme's items (decision 0064), in the PROGRAMME partition:
 * - DRAFT: the committee's whole draft (rooms and sessions) under one version; every change is a
 *   Put conditioned on the version read, with its audit entry in the same transaction.
 * - VERSION#000001, ...: a published version (the programme as published, its difference from the
 *   one before), never changed once written.
 * - PUBLIC: the public view of the latest published version, the one key the public read gets.
 * - ABSTRACT#<id>: a placed abstract's text for its page (core/programme/abstract-pages.ts), one
 *   GetItem per page; written (or removed, when it left the programme) right after the
 *   publication's transaction, so a draft's placement is never readable before it is published.
 * A version's and the public view's content is kept gzip-compressed (`body`): with 150 talks and
 * 400 posters, their titles and authors, the plain JSON could come near DynamoDB's 400 KB item limit.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { BatchWriteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PublishedAbstract } from '#core/programme/abstract-pages';
import type { DelegatesBook } from '#core/programme/delegates-book';
import type { AuditEntry } from '#core/audit/audit';
import type { Programme } from '#core/programme/model';
import type { AbstractPages, ProgrammeStore, PublishedSummary, PublishedVersion } from '#core/programme/ports';
import type { PublicProgramme } from '#core/programme/public-programme';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { keys } from './keys';
import { queryAll } from './query-all';

const pack = (value: unknown) => gzipSync(Buffer.from(JSON.stringify(value), 'utf8'));
const unpack = <T>(body: unknown): T => JSON.parse(gunzipSync(Buffer.from(body as Uint8Array)).toString('utf8')) as T;

async function get(key: { pk: string; sk: string }) {
  const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: key, ConsistentRead: true }));
  return r.Item;
}

async function draft(): Promise<Programme> {
  const item = await get(keys.programmeDraft());
  if (!item) return { rooms: [], sessions: [], version: 0 };
  return { rooms: item.rooms as Programme['rooms'], sessions: item.sessions as Programme['sessions'], version: item.version as number };
}

/** The condition that the draft is still at `version` (0: there is none yet). */
const atVersion = (version: number) =>
  version === 0 ? { ConditionExpression: 'attribute_not_exists(pk)' } : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': version } };

async function saveDraft(next: Programme, readVersion: number, audit: AuditEntry) {
  const result = await transact([
    { Put: { TableName: env.tableName(), Item: { ...keys.programmeDraft(), entity: 'programme-draft', rooms: next.rooms, sessions: next.sessions, version: next.version }, ...atVersion(readVersion) } },
    auditPut(audit),
  ]);
  if (result === 'ok') return true;
  if (result[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`programme draft not saved: ${result.join(', ')}`);
}

const summaryOf = (item: Record<string, unknown>): PublishedSummary => ({
  number: item.number as number,
  published_at: item.published_at as string,
  published_by: item.published_by as string,
  version: item.version as number,
  sessions: item.sessions as number,
  changes: item.changes as number,
});

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/** Writes in batches of 25 (BatchWriteItem's most), sending again what DynamoDB leaves unprocessed. */
async function batchWrite(requests: WriteRequest[]) {
  for (let i = 0; i < requests.length; i += 25) {
    let pending: Record<string, WriteRequest[]> | undefined = { [env.tableName()]: requests.slice(i, i + 25) };
    for (let attempt = 0; pending && Object.keys(pending).length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
      const r = await documentClient().send(new BatchWriteCommand({ RequestItems: pending as never }));
      pending = r.UnprocessedItems as typeof pending;
    }
  }
}

const pageItem = (page: PublishedAbstract) => ({ ...keys.programmeAbstract(page.abstract_id), entity: 'programme-abstract', ...page });

const versionQuery = { KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)', ExpressionAttributeValues: { ':p': keys.programmePartition, ':s': keys.programmeVersionPrefix } };

export const programmeStore: ProgrammeStore & { isPublished(): Promise<boolean> } = {
  draft,
  saveDraft,
  async latest() {
    const r = await documentClient().send(new QueryCommand({ TableName: env.tableName(), ...versionQuery, ScanIndexForward: false, Limit: 1, ConsistentRead: true }));
    const item = r.Items?.[0];
    return item ? unpack<PublishedVersion>(item.body) : undefined;
  },
  async version(number) {
    const item = await get(keys.programmeVersion(number));
    return item ? unpack<PublishedVersion>(item.body) : undefined;
  },
  async versions() {
    // The summary's fields only: a list of publications does not unpack them.
    return queryAll({ ...versionQuery, ScanIndexForward: false, ProjectionExpression: '#n, published_at, published_by, version, sessions, changes', ExpressionAttributeNames: { '#n': 'number' } }, summaryOf);
  },
  async publish(published, view: PublicProgramme, audit, pages: AbstractPages) {
    const summary: PublishedSummary = {
      number: published.number,
      published_at: published.published_at,
      published_by: published.published_by,
      version: published.version,
      sessions: published.sessions.length,
      changes: published.diff.lines.length,
    };
    const result = await transact([
      { ConditionCheck: { TableName: env.tableName(), Key: keys.programmeDraft(), ...atVersion(published.version) } },
      { Put: { TableName: env.tableName(), Item: { ...keys.programmeVersion(published.number), entity: 'programme-version', ...summary, body: pack(published) }, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Put: {
          TableName: env.tableName(),
          Item: { ...keys.programmePublic(), entity: 'programme-public', number: view.number, published_at: view.published_at, body: pack(view) },
          ConditionExpression: 'attribute_not_exists(pk) OR #n < :n',
          ExpressionAttributeNames: { '#n': 'number' },
          ExpressionAttributeValues: { ':n': view.number },
        },
      },
      auditPut(audit),
    ]);
    if (result === 'ok') {
      await batchWrite([
        ...pages.put.map((page) => ({ PutRequest: { Item: pageItem(page) } })),
        ...pages.remove.map((id) => ({ DeleteRequest: { Key: keys.programmeAbstract(id) } })),
      ]);
      return true;
    }
    if (result.slice(0, 3).includes('ConditionalCheckFailed')) return false;
    throw new Error(`programme not published: ${result.join(', ')}`);
  },
  /** Whether any version is published: the public view's item exists (a consistent GetItem of its key only). */
  async isPublished() {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.programmePublic(), ConsistentRead: true, ProjectionExpression: 'pk' }));
    return r.Item !== undefined;
  },
  async publicView() {
    // An eventually consistent read: the public may see a new publication a moment late.
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.programmePublic() }));
    return r.Item ? unpack<PublicProgramme>(r.Item.body) : undefined;
  },
  async publishedStatus() {
    const r = await documentClient().send(
      new GetCommand({ TableName: env.tableName(), Key: keys.programmePublic(), ProjectionExpression: '#n, published_at', ExpressionAttributeNames: { '#n': 'number' } }),
    );
    return r.Item ? { number: r.Item.number as number, published_at: r.Item.published_at as string } : undefined;
  },
  async publishedAbstract(abstractId) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.programmeAbstract(abstractId) }));
    if (!r.Item) return undefined;
    const { pk: _pk, sk: _sk, entity: _e, ...page } = r.Item;
    return page as PublishedAbstract;
  },
};

/** The abstract book published to delegates: one item, with its audit entry. */
export const delegatesBookStore = {
  async book(): Promise<DelegatesBook | undefined> {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.programmeBook() }));
    if (!r.Item) return undefined;
    const { pk: _pk, sk: _sk, entity: _e, ...book } = r.Item;
    return book as DelegatesBook;
  },
  async putBook(book: DelegatesBook, audit: AuditEntry) {
    const result = await transact([{ Put: { TableName: env.tableName(), Item: { ...keys.programmeBook(), entity: 'programme-book', ...book } } }, auditPut(audit)]);
    if (result !== 'ok') throw new Error(`abstract book not published: ${result.join(', ')}`);
  },
};
