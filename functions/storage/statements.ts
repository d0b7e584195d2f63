/**
 * The bank statement import: lines (STATEMENTLINE#checksum), imports (STATEMENTIMPORT#hash) and
 * the remembered CSV mapping (SETTINGS#statements / CSV_MAPPING). A line is created only if new,
 * with the claims of its bank references and its match keys in the same transaction (keys.ts),
 * and replaced only over the version read, with its audit entry in the same transaction; the
 * office's lists are index partitions (byList: the line's list; byOwner: the lines of an import),
 * so nothing is ever scanned.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '#core/audit/audit';
import { lineListOf, type LineList, type StatementImport, type StatementStore, type StoredLine } from '#core/office/import-statement';
import type { CsvMapping } from '#core/office/statement';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { keys } from './keys';
import type { IndexName } from './table';

const pad = (row: number) => String(row).padStart(7, '0');

function lineItem(line: StoredLine) {
  return {
    ...keys.statementLine(line.id),
    entity: 'statement-line',
    gsi1pk: keys.statementImportLines(line.import_id),
    gsi1sk: pad(line.row),
    gsi3pk: keys.statementLineList(lineListOf(line)),
    gsi3sk: `${line.date}#${pad(line.row)}#${line.id}`,
    ...line,
  };
}

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, entity: _e, gsi1pk: _a, gsi1sk: _b, gsi3pk: _c, gsi3sk: _d, ...rest } = item;
  return rest as T;
}

const importItem = (imp: StatementImport) => ({ ...keys.statementImport(imp.id), entity: 'statement-import', gsi3pk: keys.statementImports, gsi3sk: `${imp.created_at}#${imp.id}`, ...imp });

async function queryIndex<T>(index: IndexName, pkName: string, value: string, limit: number, newestFirst = false): Promise<T[]> {
  const out: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        IndexName: index,
        KeyConditionExpression: `${pkName} = :p`,
        ExpressionAttributeValues: { ':p': value },
        ScanIndexForward: !newestFirst,
        Limit: Math.min(limit - out.length, 1000),
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(r.Items ?? []).map((i) => strip<T>(i)));
    start = r.LastEvaluatedKey;
  } while (start && out.length < limit);
  return out;
}

const conditionFailed = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

export const statementStore: StatementStore = {
  async mapping() {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.statementMapping(), ConsistentRead: true }));
    if (!r.Item) return undefined;
    const { date, amount, currency, payer, reference, bank_reference, decimal, grouping } = r.Item as CsvMapping;
    return {
      date,
      amount,
      ...(currency ? { currency } : {}),
      payer,
      reference,
      ...(bank_reference ? { bank_reference } : {}),
      ...(decimal ? { decimal, grouping: grouping ?? '' } : {}),
    };
  },

  async saveMapping(mapping: CsvMapping, audit: AuditEntry) {
    const result = await transact([{ Put: { TableName: env.tableName(), Item: { ...keys.statementMapping(), entity: 'statement-mapping', ...mapping } } }, auditPut(audit)]);
    if (result !== 'ok') throw new Error(`statement mapping not saved: ${result.join(', ')}`);
  },

  async getImport(id) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.statementImport(id), ConsistentRead: true }));
    return r.Item ? strip<StatementImport>(r.Item) : undefined;
  },

  async startImport(imp) {
    try {
      await documentClient().send(new PutCommand({ TableName: env.tableName(), Item: importItem(imp), ConditionExpression: 'attribute_not_exists(pk)' }));
      return true;
    } catch (error) {
      if (conditionFailed(error)) return false;
      throw error;
    }
  },

  async advanceImport(imp, fromRow, audit) {
    const put = { Put: { TableName: env.tableName(), Item: importItem(imp), ConditionExpression: 'next_row = :from AND #s = :running', ExpressionAttributeNames: { '#s': 'state' }, ExpressionAttributeValues: { ':from': fromRow, ':running': 'running' } } };
    const result = await transact(audit ? [put, auditPut(audit)] : [put]);
    if (result === 'ok') return true;
    if (result[0] === 'ConditionalCheckFailed') return false;
    throw new Error(`statement import not advanced: ${result.join(', ')}`);
  },

  listImports: (limit) => queryIndex<StatementImport>('byList', 'gsi3pk', keys.statementImports, limit, true),

  async getLine(id) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.statementLine(id), ConsistentRead: true }));
    return r.Item ? strip<StoredLine>(r.Item) : undefined;
  },

  async putLine(line, { claims, matches }) {
    const table = env.tableName();
    const result = await transact([
      { Put: { TableName: table, Item: lineItem(line), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...claims.map((key) => ({ Put: { TableName: table, Item: { ...keys.statementRefClaim(key), entity: 'statement-ref', line_id: line.id }, ConditionExpression: 'attribute_not_exists(pk)' } })),
      ...matches.map((key) => ({ Put: { TableName: table, Item: { ...keys.statementMatch(key, line.id), entity: 'statement-match', line_id: line.id, import_id: line.import_id } } })),
    ]);
    if (result === 'ok') return 'stored';
    if (result[0] === 'ConditionalCheckFailed') return 'exists';
    if (result.slice(1, 1 + claims.length).includes('ConditionalCheckFailed')) return 'claimed';
    throw new Error(`statement line not stored: ${result.join(', ')}`);
  },

  async claimOf(key) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.statementRefClaim(key), ConsistentRead: true }));
    return typeof r.Item?.line_id === 'string' ? r.Item.line_id : undefined;
  },

  async linesMatching(matchKeys) {
    const ids: string[] = [];
    for (const key of matchKeys) {
      let start: Record<string, unknown> | undefined;
      do {
        const r = await documentClient().send(
          new QueryCommand({ TableName: env.tableName(), KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': keys.statementMatchPartition(key) }, ConsistentRead: true, ExclusiveStartKey: start }),
        );
        ids.push(...(r.Items ?? []).map((i) => String(i.line_id)));
        start = r.LastEvaluatedKey;
      } while (start);
    }
    return ids;
  },

  async updateLine(line, expectVersion, audit) {
    const put = {
      Put: {
        TableName: env.tableName(),
        Item: lineItem(line),
        ConditionExpression: '#v = :expect',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':expect': expectVersion },
      },
    };
    if (!audit) {
      try {
        await documentClient().send(new PutCommand(put.Put));
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    }
    const result = await transact([put, auditPut(audit)]);
    if (result === 'ok') return true;
    if (result[0] === 'ConditionalCheckFailed') return false;
    throw new Error(`statement line not updated: ${result.join(', ')}`);
  },

  linesOfImport: (importId) => queryIndex<StoredLine>('byOwner', 'gsi1pk', keys.statementImportLines(importId), 20_000),
  linesInList: (list: LineList, limit) => queryIndex<StoredLine>('byList', 'gsi3pk', keys.statementLineList(list), limit),
};
