/**
 * Users: by id (USER#id / PROFILE), by e-mail through the address claim (EMAIL#email), every
 * account by sign-up time (byList: ACCOUNTS) and by name prefix through small name-key items
 * (NAME#<initial> / <key>#<id>, see keys.ts). Each change writes its audit entry (`extra`) in
 * the same transaction.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { AuditEntry } from '#core/audit/audit';
import type { User } from '#core/accounts/model';
import type { AccountStore } from '#core/accounts/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact, type Items } from './claims';
import { keys } from './keys';
import { statsWrites } from './stats';
import { accountCounts, countsDelta } from '#core/office/counters';
import { orderNamesOf, type PersonName } from '#core/accounts/name-key';
import { orderStore } from './orders';
import { moveNameKeys, orderNamesWrites } from './name-keys';

export { moveNameKeys };

/** What an activation moves in the office's counters. */
const ACTIVATED = { 'accounts.activated': 1 };

/** The audit entry of a write, as the write's extra transaction items. */
const audited = (audit: AuditEntry | undefined): Items => (audit ? [auditPut(audit)] : []);

const db = () => documentClient();

function stripKeys(item: Record<string, unknown> | undefined): User | undefined {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, entity: _e, gsi2pk: _g2, gsi2sk: _s2, gsi3pk: _g3, gsi3sk: _s3, ...user } = item;
  return user as unknown as User;
}

export async function getUser(id: string): Promise<User | undefined> {
  const r = await db().send(new GetCommand({ TableName: env.tableName(), Key: keys.user(id), ConsistentRead: true }));
  return stripKeys(r.Item);
}

export async function findUserByEmail(email: string): Promise<User | undefined> {
  const claim = await db().send(new GetCommand({ TableName: env.tableName(), Key: keys.email(email), ConsistentRead: true }));
  const userId = claim.Item?.user_id as string | undefined;
  return userId ? getUser(userId) : undefined;
}

/** A new account's items: its address claim and its profile, in the delegate list (the bench seeds the table with them). */
export const newAccountItems = (user: User) => [
  { ...keys.email(user.email), entity: 'email', user_id: user.id },
  { ...keys.user(user.id), entity: 'user', ...keys.accountsBySignUp(user.created_at, user.id), ...user },
];

export async function createUser(user: User, audit?: AuditEntry): Promise<'created' | 'email-taken'> {
  const extra = audited(audit);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          ...newAccountItems(user).map((Item) => ({ Put: { TableName: env.tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' } })),
          ...extra,
          ...statsWrites(countsDelta(undefined, accountCounts(user))),
        ],
      }),
    );
    return 'created';
  } catch (error) {
    if (error instanceof TransactionCanceledException) return 'email-taken';
    throw error;
  }
}

export async function activateUser(id: string, at: Date, audit?: AuditEntry): Promise<void> {
  const result = await transact([
    {
      Update: {
        TableName: env.tableName(),
        Key: keys.user(id),
        UpdateExpression: 'SET #status = :active, activated_at = :at, updated_at = :at',
        ConditionExpression: 'attribute_exists(pk) AND #status = :inactive',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':active': 1, ':inactive': 0, ':at': at.toISOString() },
      },
    },
    ...audited(audit),
    ...statsWrites(ACTIVATED),
  ]);
  // Activated meanwhile by another link: the goal is reached (and that link's entry says so).
  if (result !== 'ok' && result[0] !== 'ConditionalCheckFailed') throw new Error(`activation cancelled: ${result.join(', ')}`);
}


export async function updateProfile(id: string, fields: Partial<User>, at: Date, audit?: AuditEntry, names?: { before: string[]; after: string[] }): Promise<User> {
  const entries = Object.entries({ ...fields, updated_at: at.toISOString() }).filter(([k]) => !['id', 'email', 'password_hash', 'session_epoch'].includes(k));
  const result = await transact([
    {
      Update: {
        TableName: env.tableName(),
        Key: keys.user(id),
        UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      },
    },
    ...moveNameKeys(id, names),
    ...audited(audit),
  ]);
  if (result !== 'ok') throw new Error(`profile update cancelled: ${result.join(', ')}`);
  return (await getUser(id))!;
}

export async function setPassword(id: string, passwordHash: string, at: Date, activate: boolean, audit?: AuditEntry): Promise<void> {
  const set = ['password_hash = :hash', 'updated_at = :at'];
  if (activate) set.push('#status = :active', 'activated_at = :at');
  const result = await transact([
    {
      Update: {
        TableName: env.tableName(),
        Key: keys.user(id),
        // Bumping the epoch ends every session and voids older reset links in the same write.
        UpdateExpression: `SET ${set.join(', ')} ADD session_epoch :one`,
        // Activating only an account still inactive, so that the activation is counted once.
        ConditionExpression: activate ? 'attribute_exists(pk) AND #status = :inactive' : 'attribute_exists(pk)',
        ...(activate ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
        ExpressionAttributeValues: { ':hash': passwordHash, ':at': at.toISOString(), ':one': 1, ...(activate ? { ':active': 1, ':inactive': 0 } : {}) },
      },
    },
    ...audited(audit),
    ...(activate ? statsWrites(ACTIVATED) : []),
  ]);
  // Activated meanwhile by its link: the password is still set.
  if (activate && result !== 'ok' && result[0] === 'ConditionalCheckFailed') return setPassword(id, passwordHash, at, false, audit);
  if (result !== 'ok') throw new Error(`password change cancelled: ${result.join(', ')}`);
}

export async function recordLogin(id: string, at: Date, audit: AuditEntry): Promise<void> {
  const result = await transact([
    {
      Update: {
        TableName: env.tableName(),
        Key: keys.user(id),
        UpdateExpression: 'SET last_login_at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      },
    },
    ...audited(audit),
  ]);
  if (result !== 'ok') throw new Error(`login record cancelled: ${result.join(', ')}`);
}

export async function rehashPassword(id: string, previousHash: string, passwordHash: string): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: env.tableName(),
        Key: keys.user(id),
        UpdateExpression: 'SET password_hash = :hash',
        // Changed meanwhile (a reset, a change): that newer hash stays.
        ConditionExpression: 'password_hash = :previous',
        ExpressionAttributeValues: { ':hash': passwordHash, ':previous': previousHash },
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}

const sameNames = (a: readonly PersonName[], b: readonly PersonName[]) =>
  a.length === b.length && a.every((n, i) => n.first_name === b[i]!.first_name && n.last_name === b[i]!.last_name);

/**
 * Keeps the names given in the account's orders on its profile (order_names) and its name keys
 * with them (core/accounts/name-key.ts): the orders are read after the profile, and the write is
 * conditioned on the profile's names and on order_names_v as read, so a write that came between
 * (another order's, a profile save) makes it read both again. An account being deleted is left
 * alone: its keys go with it.
 */
export async function refreshOrderNames(userId: string): Promise<{ outcome: 'unchanged' | 'updated' | 'gone'; names: number }> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const user = await getUser(userId);
    if (!user || user.deleted_at || user.deleting_at) return { outcome: 'gone', names: 0 };
    const names = orderNamesOf(await orderStore.list(userId));
    if (user.order_names && sameNames(user.order_names, names)) return { outcome: 'unchanged', names: names.length };
    const result = await transact(orderNamesWrites(userId, user, names), 3);
    if (result === 'ok') return { outcome: 'updated', names: names.length };
    if (result[0] !== 'ConditionalCheckFailed' && !result.includes('TransactionConflict')) throw new Error(`order names not kept: ${result.join(', ')}`);
  }
  throw new Error(`order names of ${userId} not kept: the account kept changing`);
}

export const accountStore: AccountStore = { getUser, findUserByEmail, createUser, activateUser, updateProfile, setPassword, rehashPassword, recordLogin };
