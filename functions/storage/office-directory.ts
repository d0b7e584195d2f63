/**
 * The office's paged lists, each one Query of at most a page (DynamoDB items read per page: about
 * the page size, never the table):
 *   - every account by sign-up time: byList index, ACCOUNTS, newest first;
 *   - accounts by name prefix: the name-key items NAME#<initial> / <key>#<id>, then the page's
 *     profiles (one GetItem each);
 *   - a category's abstracts by submission time: byList index, ABSTRACTS#<category>.
 * Page links carry only the sort-key part of the position; the partition is put back here, so a
 * forged link cannot read another list.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { accountNameKeys } from '#core/accounts/name-key';
import type { User } from '#core/accounts/model';
import type { AbstractDirectory } from '#core/office/abstract-list';
import type { DelegateDirectory, Page } from '#core/office/delegates';
import { decodeCursor, encodeCursor } from '#core/office/search';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { toAbstract } from './abstracts';
import { keys } from './keys';
import { countList, listItems } from './list-counts';
import { findUserByEmail, getUser } from './users';

function toUser(item: Record<string, unknown>): User {
  const { pk: _pk, sk: _sk, entity: _e, gsi2pk: _g2, gsi2sk: _s2, gsi3pk: _g3, gsi3sk: _s3, ...user } = item;
  return user as unknown as User;
}

/** A page of the byList index under `partition`, newest first. */
/** A page of a byList partition (newest first unless told), with the opaque cursor of the next. */
export async function listPage(partition: string, limit: number, cursor: string | undefined, order: 'newest-first' | 'ascending' = 'newest-first') {
  const at = decodeCursor(cursor, ['pk', 'sk', 'gsi3sk']);
  const r = await documentClient().send(
    new QueryCommand({
      TableName: env.tableName(),
      IndexName: 'byList',
      KeyConditionExpression: 'gsi3pk = :p',
      ExpressionAttributeValues: { ':p': partition },
      ScanIndexForward: order === 'ascending',
      Limit: limit,
      ...(at ? { ExclusiveStartKey: { ...at, gsi3pk: partition } } : {}),
    }),
  );
  const last = r.LastEvaluatedKey;
  return { items: r.Items ?? [], cursor: last ? encodeCursor({ pk: last.pk, sk: last.sk, gsi3sk: last.gsi3sk }) : null };
}

export const delegateDirectory: DelegateDirectory = {
  getUser,
  findUserByEmail,

  async accountsPage(limit, cursor) {
    const page = await listPage('ACCOUNTS', limit, cursor);
    return { items: page.items.map(toUser), cursor: page.cursor };
  },

  async accountsByName(prefix, limit, cursor): Promise<Page<User>> {
    const partition = keys.nameKey(prefix, '').pk;
    const at = decodeCursor(cursor, ['sk']);
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        KeyConditionExpression: 'pk = :p AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':p': partition, ':prefix': prefix },
        Limit: limit,
        ...(at ? { ExclusiveStartKey: { pk: partition, sk: at.sk } } : {}),
      }),
    );
    const ids = [...new Set((r.Items ?? []).map((i) => i.user_id as string))];
    const users = await Promise.all(ids.map((id) => getUser(id)));
    // A key left behind by two saves at once names someone else now: the account's names decide.
    const found = users.filter((u): u is User => Boolean(u) && accountNameKeys(u!).some((k) => k.startsWith(prefix)));
    const last = r.LastEvaluatedKey;
    return { items: found, cursor: last ? encodeCursor({ sk: last.sk as string }) : null };
  },

  async countAccounts(prefix) {
    if (!prefix) return countList({ index: 'byList', partitionKey: 'gsi3pk', partition: 'ACCOUNTS' });
    // An account has two name keys (given family, family given): each found once.
    const items = await listItems({ partitionKey: 'pk', partition: keys.nameKey(prefix, '').pk, sortKey: 'sk', prefix }, ['user_id']);
    return new Set(items.map((i) => i.user_id as string)).size;
  },
};

export const abstractDirectory: AbstractDirectory = {
  async byCategory(category, limit, cursor) {
    const page = await listPage(keys.abstractsByCategory(category, '', '').gsi3pk, limit, cursor);
    return { items: page.items.map(toAbstract), cursor: page.cursor };
  },
  countCategory: (category) => countList({ index: 'byList', partitionKey: 'gsi3pk', partition: keys.abstractsByCategory(category, '', '').gsi3pk }),
  async get(ownerId, id) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.abstract(ownerId, id) }));
    return r.Item ? toAbstract(r.Item) : undefined;
  },
};
