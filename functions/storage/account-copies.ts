/**
 * The account's copies outside its partition (core/accounts/account-copies.ts): the office's mail
 * jobs' recipient batches (OFFICEJOB#<job> / BATCH#n), the statement lines (STATEMENTLINE#...,
 * found through the office's four line lists, filtered by owner), and the export jobs
 * (OFFICEJOBS / JOB#... of kind export) with their files under exports/. Each write is made over
 * what was read (the recipient's account at its position, the line's version): one that lost a
 * race is read again.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { AccountCopies } from '#core/accounts/account-copies';
import type { LineList, StoredLine } from '#core/office/import-statement';
import type { OfficeJob } from '#core/office/jobs';
import type { RecipientResult } from '#core/office/mail-jobs';
import { documentClient, loadS3 } from '#lib/aws/clients';
import { env } from '#lib/env';
import { keys } from './keys';
import type { IndexName } from './table';

const table = () => env.tableName();
const lineLists: LineList[] = ['open', 'differs', 'booked', 'discarded'];

async function queryAll(input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName' | 'ExclusiveStartKey'>) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await documentClient().send(new QueryCommand({ TableName: table(), ...input, ExclusiveStartKey: start }));
    items.push(...(r.Items ?? []));
    start = r.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Writes `run` once more (up to three times) while its condition fails: what it writes over is read again each time. */
async function overWhatWasRead(run: () => Promise<'done' | 'again' | 'nothing'>): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const outcome = await run();
      if (outcome !== 'again') return outcome === 'done';
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  return false;
}

const jobsOfKind = (kind: OfficeJob['kind']) =>
  queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :job)',
    FilterExpression: '#kind = :kind',
    ExpressionAttributeNames: { '#kind': 'kind' },
    ExpressionAttributeValues: { ':pk': keys.officeJobsPartition, ':job': keys.officeJobPrefix, ':kind': kind },
    ConsistentRead: true,
  });

export const accountCopies: AccountCopies = {
  async scrubMailRecipients(userId, address) {
    const theirs = (r: RecipientResult) => !r.account_deleted && (r.user_id === userId || (address !== '' && r.email.toLowerCase() === address.toLowerCase()));
    let scrubbed = 0;
    for (const job of await jobsOfKind('mail')) {
      const batches = await queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :b)', ExpressionAttributeValues: { ':pk': keys.mailBatch(job.id as string, 0).pk, ':b': keys.mailBatchPrefix }, ConsistentRead: true });
      for (const batch of batches) {
        const recipients = (batch.recipients as RecipientResult[] | undefined) ?? [];
        for (const [i, r] of recipients.entries()) {
          if (!theirs(r)) continue;
          // Positions never move; the condition checks this one is still the account's.
          await documentClient().send(
            new UpdateCommand({
              TableName: table(),
              Key: { pk: batch.pk as string, sk: batch.sk as string },
              UpdateExpression: `SET recipients[${i}].email = :empty, recipients[${i}].first_name = :empty, recipients[${i}].account_deleted = :yes`,
              ConditionExpression: `recipients[${i}].user_id = :id`,
              ExpressionAttributeValues: { ':empty': '', ':yes': true, ':id': r.user_id },
            }),
          );
          scrubbed += 1;
        }
      }
    }
    return scrubbed;
  },

  async scrubStatementLines(userId, at) {
    let scrubbed = 0;
    for (const list of lineLists) {
      const found = await queryAll({
        IndexName: 'byList' satisfies IndexName,
        KeyConditionExpression: 'gsi3pk = :l',
        FilterExpression: 'owner_id = :id AND attribute_not_exists(account_deleted_at)',
        ExpressionAttributeValues: { ':l': keys.statementLineList(list), ':id': userId },
      });
      for (const item of found) {
        const key = { pk: item.pk as string, sk: item.sk as string };
        const done = await overWhatWasRead(async () => {
          const r = await documentClient().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
          const line = r.Item as (StoredLine & Record<string, unknown>) | undefined;
          if (!line || line.owner_id !== userId || line.account_deleted_at) return 'nothing';
          await documentClient().send(
            new UpdateCommand({
              TableName: table(),
              Key: key,
              UpdateExpression: 'SET #payer = :empty, #text = :empty, #delegate = :empty, account_deleted_at = :at, #v = :next REMOVE #found',
              ConditionExpression: '#v = :read',
              ExpressionAttributeNames: { '#payer': 'payer', '#text': 'text', '#delegate': 'delegate', '#found': 'found', '#v': 'version' },
              ExpressionAttributeValues: { ':empty': '', ':at': at.toISOString(), ':read': line.version, ':next': line.version + 1 },
            }),
          );
          return 'done';
        });
        if (done) scrubbed += 1;
      }
    }
    return scrubbed;
  },

  async withdrawExports(at) {
    const { DeleteObjectCommand, s3ClientInternal } = await loadS3();
    let withdrawn = 0;
    for (const job of (await jobsOfKind('export')) as unknown as OfficeJob[]) {
      if (job.withdrawn_at) continue;
      if (job.object_key) {
        if (!job.object_key.startsWith('exports/')) throw new Error(`export ${job.id} is not under exports/: ${job.object_key}`);
        await s3ClientInternal().send(new DeleteObjectCommand({ Bucket: env.uploadsBucket(), Key: job.object_key }));
      }
      // Also a job still running: its file, written after this, is never linked.
      await documentClient().send(
        new UpdateCommand({ TableName: table(), Key: keys.officeJob(job.id), UpdateExpression: 'SET withdrawn_at = if_not_exists(withdrawn_at, :at)', ExpressionAttributeValues: { ':at': at.toISOString() } }),
      );
      withdrawn += 1;
    }
    return withdrawn;
  },
};
