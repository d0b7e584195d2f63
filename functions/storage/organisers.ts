/**
 * The organiser role on the profile item, with the profile in the byReference index under
 * ROLE#organiser while it holds the role (how the command lists organisers without a scan).
 * Each change is one conditional write with its audit entry, in one transaction.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '#core/audit/audit';
import type { OrganiserStore } from '#core/office/organisers';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { keys } from './keys';

const ORGANISERS = 'ROLE#organiser';

async function setRole(userId: string, role: 'organiser' | 'delegate', email: string, audit: AuditEntry, grantId?: string): Promise<boolean> {
  if (role === 'organiser' && !grantId) throw new Error('a grant needs its id');
  // The grant's id goes and comes with the role: passes made under an earlier grant open nothing (core/office/access.ts).
  const change =
    role === 'organiser'
      ? {
          UpdateExpression: 'SET #r = :role, gsi2pk = :g, gsi2sk = :email, organiser_grant = :grant',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#r) OR #r <> :role)',
          ExpressionAttributeValues: { ':role': role, ':g': ORGANISERS, ':email': email, ':grant': grantId },
        }
      : { UpdateExpression: 'REMOVE #r, gsi2pk, gsi2sk, organiser_grant', ConditionExpression: 'attribute_exists(pk) AND #r = :organiser', ExpressionAttributeValues: { ':organiser': 'organiser' } };
  const result = await transact([{ Update: { TableName: env.tableName(), Key: keys.user(userId), ExpressionAttributeNames: { '#r': 'role' }, ...change } }, auditPut(audit)]);
  if (result === 'ok') return true;
  if (result[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`role change cancelled: ${result.join(', ')}`);
}

async function listOrganisers(): Promise<{ userId: string; email: string }[]> {
  const found: { userId: string; email: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        IndexName: 'byReference',
        KeyConditionExpression: 'gsi2pk = :g',
        ExpressionAttributeValues: { ':g': ORGANISERS },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of r.Items ?? []) found.push({ userId: item.id as string, email: item.email as string });
    start = r.LastEvaluatedKey;
  } while (start);
  return found;
}

export const organiserStore: OrganiserStore = { setRole, listOrganisers };
