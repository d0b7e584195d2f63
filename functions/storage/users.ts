/** Users: by id (USER#id / PROFILE) and by e-mail through the address claim (EMAIL#email). */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { User } from '#core/accounts/model';
import type { AccountStore } from '#core/accounts/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { keys } from './keys';

const db = () => documentClient();

function stripKeys(item: Record<string, unknown> | undefined): User | undefined {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, entity: _e, ...user } = item;
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

export async function createUser(user: User): Promise<'created' | 'email-taken'> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: env.tableName(),
              Item: { ...keys.email(user.email), entity: 'email', user_id: user.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: env.tableName(),
              Item: { ...keys.user(user.id), entity: 'user', ...user },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return 'created';
  } catch (error) {
    if (error instanceof TransactionCanceledException) return 'email-taken';
    throw error;
  }
}

export async function activateUser(id: string, at: Date): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: env.tableName(),
      Key: keys.user(id),
      UpdateExpression: 'SET #status = :active, activated_at = :at, updated_at = :at',
      ConditionExpression: 'attribute_exists(pk) AND #status = :inactive',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':active': 1, ':inactive': 0, ':at': at.toISOString() },
    }),
  ).catch((error: Error) => {
    // Activated meanwhile by another link: the goal is reached.
    if (error.name !== 'ConditionalCheckFailedException') throw error;
  });
}

export async function updateProfile(id: string, fields: Partial<User>, at: Date): Promise<User> {
  const entries = Object.entries({ ...fields, updated_at: at.toISOString() }).filter(([k]) => !['id', 'email', 'password_hash', 'session_epoch'].includes(k));
  const r = await db().send(
    new UpdateCommand({
      TableName: env.tableName(),
      Key: keys.user(id),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return stripKeys(r.Attributes)!;
}

export async function setPassword(id: string, passwordHash: string, at: Date, activate: boolean): Promise<void> {
  const set = ['password_hash = :hash', 'updated_at = :at'];
  if (activate) set.push('#status = :active', 'activated_at = :at');
  await db().send(
    new UpdateCommand({
      TableName: env.tableName(),
      Key: keys.user(id),
      // Bumping the epoch ends every session and voids older reset links in the same write.
      UpdateExpression: `SET ${set.join(', ')} ADD session_epoch :one`,
      ConditionExpression: 'attribute_exists(pk)',
      ...(activate ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
      ExpressionAttributeValues: { ':hash': passwordHash, ':at': at.toISOString(), ':one': 1, ...(activate ? { ':active': 1 } : {}) },
    }),
  );
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

export const accountStore: AccountStore = { getUser, findUserByEmail, createUser, activateUser, updateProfile, setPassword, rehashPassword };
