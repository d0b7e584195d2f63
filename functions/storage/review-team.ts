/**
 * The review team: the roles on the account's profile (`review_roles`, moved with
 * `review_roles_v`) and the roster item REVIEWTEAM / USER#id that the office and the assignment
 * list, written with the audit entry in one transaction conditioned on the version read.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ReviewTeamMember, ReviewTeamStore } from '#core/review/team';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { keys } from './keys';
import { queryAll } from './query-all';

function members(): Promise<ReviewTeamMember[]> {
  return queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.reviewTeamPartition }, ConsistentRead: true }, (item) => {
    const { pk: _pk, sk: _sk, entity: _e, ...member } = item;
    return member as unknown as ReviewTeamMember;
  });
}

const setRoles: ReviewTeamStore['setRoles'] = async (user, roles, member, audit) => {
  const version = user.review_roles_v;
  const read = version === undefined ? 'attribute_not_exists(review_roles_v)' : 'review_roles_v = :v';
  const profile = {
    Update: {
      TableName: env.tableName(),
      Key: keys.user(user.id),
      UpdateExpression: roles
        ? 'SET review_roles = :roles, review_roles_v = :next'
        : 'SET review_roles_v = :next REMOVE review_roles',
      ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(deleted_at) AND ${read}`,
      ExpressionAttributeValues: {
        ...(roles ? { ':roles': roles } : {}),
        ':next': (version ?? 0) + 1,
        ...(version === undefined ? {} : { ':v': version }),
      },
    },
  };
  const roster = member
    ? {
        // The roles and the account's facts change; what the reviewer declared stays.
        Update: {
          TableName: env.tableName(),
          Key: keys.reviewTeamMember(user.id),
          UpdateExpression:
            'SET entity = :entity, user_id = :id, email = :email, #name = :name, organization = :org, reviewer = :reviewer, committee = :committee, updated_at = :at, updated_by = :by',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: {
            ':entity': 'review-team-member',
            ':id': member.user_id,
            ':email': member.email,
            ':name': member.name,
            ':org': member.organization,
            ':reviewer': member.reviewer,
            ':committee': member.committee,
            ':at': member.updated_at,
            ':by': member.updated_by,
          },
        },
      }
    : { Delete: { TableName: env.tableName(), Key: keys.reviewTeamMember(user.id) } };
  const result = await transact([profile, roster, auditPut(audit)]);
  if (result === 'ok') return 'ok';
  if (result[0] === 'ConditionalCheckFailed') return 'changed';
  throw new Error(`review roles not changed: ${result.join(', ')}`);
};

async function member(userId: string): Promise<ReviewTeamMember | undefined> {
  const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.reviewTeamMember(userId), ConsistentRead: true }));
  if (!r.Item) return undefined;
  const { pk: _pk, sk: _sk, entity: _e, ...found } = r.Item;
  return found as ReviewTeamMember;
}

const declare: ReviewTeamStore['declare'] = async (userId, declared, audit) => {
  const result = await transact([
    {
      Update: {
        TableName: env.tableName(),
        Key: keys.reviewTeamMember(userId),
        UpdateExpression: 'SET declared = :d',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':d': declared },
      },
    },
    auditPut(audit),
  ]);
  if (result === 'ok') return true;
  if (result[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`declarations not saved: ${result.join(', ')}`);
};

export const reviewTeamStore: ReviewTeamStore & { member: typeof member } = { members, setRoles, member, declare };
