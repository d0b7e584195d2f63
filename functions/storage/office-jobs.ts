/**
 * The office's jobs (OFFICEJOBS / JOB#<id>): one partition, ids sorted by time, so the newest are
 * one Query. A job is created with its audit entry in one transaction; every later write is
 * conditional on the state it moves from (core/office/jobs.ts).
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { JobStore, OfficeJob } from '#core/office/jobs';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { keys } from './keys';

const jobOf = (item: Record<string, unknown>) => {
  const { pk: _pk, sk: _sk, entity: _e, ...job } = item;
  return job as unknown as OfficeJob;
};

export const officeJobStore: JobStore = {
  async create(job, audit) {
    const result = await transact([
      { Put: { TableName: env.tableName(), Item: { ...keys.officeJob(job.id), entity: 'office-job', ...job }, ConditionExpression: 'attribute_not_exists(pk)' } },
      auditPut(audit),
    ]);
    if (result !== 'ok') throw new Error(`office job ${job.id} not stored: ${result.join(', ')}`);
  },
  async get(id) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.officeJob(id), ConsistentRead: true }));
    return r.Item ? jobOf(r.Item) : undefined;
  },
  async recent(limit, kind) {
    // Filtered on the server, page by page until `limit` are found (jobs are a few hundred over a
    // congress; a filter reads the ones it skips, so the pages are bounded).
    const found: OfficeJob[] = [];
    let start: Record<string, unknown> | undefined;
    for (let page = 0; page < 10; page++) {
      const r = await documentClient().send(
        new QueryCommand({
          TableName: env.tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :job)',
          FilterExpression: '#kind = :kind',
          ExpressionAttributeNames: { '#kind': 'kind' },
          ExpressionAttributeValues: { ':pk': keys.officeJobsPartition, ':job': keys.officeJobPrefix, ':kind': kind },
          ScanIndexForward: false,
          Limit: 100,
          ExclusiveStartKey: start,
        }),
      );
      found.push(...(r.Items ?? []).map(jobOf));
      start = r.LastEvaluatedKey;
      if (!start || found.length >= limit) break;
    }
    return found.slice(0, limit);
  },
  async update(id, fields, from, audit) {
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
    const names: Record<string, string> = { '#state': 'state' };
    const values: Record<string, unknown> = {};
    const sets = entries.map(([name, value], i) => {
      names[`#f${i}`] = name;
      values[`:f${i}`] = value;
      return `#f${i} = :f${i}`;
    });
    from.forEach((state, i) => (values[`:from${i}`] = state));
    const update = {
      TableName: env.tableName(),
      Key: keys.officeJob(id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: `#state IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
    // A person's move of a job (a mail confirmed or discarded) is written with its audit entry.
    if (audit) return (await transact([{ Update: update }, auditPut(audit)])) === 'ok';
    try {
      await documentClient().send(new UpdateCommand(update));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },
};
