/**
 * The office's name index (NAME#<key> / USER#<id>): the items a change of an account's names
 * moves, and the names a new order writes with it (core/accounts/name-key.ts).
 */
import { accountNameKeys } from '#core/accounts/name-key';
import type { AccountNamesRead } from '#core/accounts/ports';
import type { PersonName } from '#core/accounts/name-key';
import { env } from '#lib/env';
import type { Items } from './claims';
import { keys } from './keys';
import { leaseFreeCondition, leaseFreeNames, leaseFreeValues } from './deletion-lease';

/** The name-key items to put and delete when an account's keys change (unchanged keys are left alone). */
export function moveNameKeys(id: string, names: { before: string[]; after: string[] } | undefined): Items {
  if (!names) return [];
  const gone = names.before.filter((k) => !names.after.includes(k));
  const added = names.after.filter((k) => !names.before.includes(k));
  return [
    ...gone.map((k) => ({ Delete: { TableName: env.tableName(), Key: keys.nameKey(k, id) } })),
    ...added.map((k) => ({ Put: { TableName: env.tableName(), Item: { ...keys.nameKey(k, id), entity: 'name-key', user_id: id } } })),
  ];
}

/**
 * The profile's order_names as `after`, over the version read (and the same profile name, which the
 * keys are computed from), only while no deletion has been asked or has ended the account (and,
 * with `leaseFreeAt`, none holds it at that instant: a new order's own transaction); the name
 * keys that move with them.
 */
export function orderNamesWrites(userId: string, read: AccountNamesRead, after: PersonName[], leaseFreeAt?: string): Items {
  const same = (attribute: '#first' | '#last', placeholder: string, value: string | undefined) =>
    value === undefined ? `attribute_not_exists(${attribute})` : `${attribute} = ${placeholder}`;
  const version = read.order_names_v;
  return [
    {
      Update: {
        TableName: env.tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET order_names = :names, order_names_v = :next',
        ConditionExpression: [
          'attribute_exists(pk) AND attribute_not_exists(deleting_at) AND attribute_not_exists(deleted_at)',
          ...(leaseFreeAt === undefined ? [] : [leaseFreeCondition]),
          same('#first', ':first', read.first_name),
          same('#last', ':last', read.last_name),
          version === undefined ? 'attribute_not_exists(order_names_v)' : 'order_names_v = :version',
        ].join(' AND '),
        ExpressionAttributeNames: { '#first': 'first_name', '#last': 'last_name', ...(leaseFreeAt === undefined ? {} : leaseFreeNames) },
        ExpressionAttributeValues: {
          ':names': after,
          ':next': (version ?? 0) + 1,
          ...(leaseFreeAt === undefined ? {} : leaseFreeValues(leaseFreeAt)),
          ...(read.first_name === undefined ? {} : { ':first': read.first_name }),
          ...(read.last_name === undefined ? {} : { ':last': read.last_name }),
          ...(version === undefined ? {} : { ':version': version }),
        },
      },
    },
    ...moveNameKeys(userId, { before: accountNameKeys(read), after: accountNameKeys({ ...read, order_names: after }) }),
  ];
}
