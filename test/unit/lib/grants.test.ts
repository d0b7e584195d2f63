/**
 * A route's grants, enforced on its SDK calls as IAM enforces its policy: refused calls fail
 * before any request leaves the process, with IAM's error names; granted calls go on.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { effectiveGrants, routeList, routes, type RouteDef } from '#core/routes';
import { AccessDeniedError, actionsOf, asRoute, grantsPlugin } from '#lib/aws/grants';

// Nothing listens on port 9: a call that gets past the grants fails with a connection error.
const nowhere = { region: 'us-east-1', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 };
const base = new DynamoDBClient(nowhere);
base.middlewareStack.use(grantsPlugin('dynamodb'));
const db = DynamoDBDocumentClient.from(base);
const s3 = new S3Client({ ...nowhere, forcePathStyle: true });
s3.middlewareStack.use(grantsPlugin('s3'));

const route = (grants: RouteDef['grants'], auth: RouteDef['auth'] = 'public'): RouteDef => ({ method: 'GET', path: '/t', handler: 't', auth, grants });
const get = () => db.send(new GetCommand({ TableName: 't', Key: { pk: 'a', sk: 'b' } }));

describe('route grants on SDK calls', () => {
  it('refuses a call outside the grants with an IAM-like AccessDenied, before any network', async () => {
    const error = (await asRoute(route([]), get).catch((e: Error) => e)) as Error;
    expect(error).toBeInstanceOf(AccessDeniedError);
    expect(error.name).toBe('AccessDeniedException');
    expect(error.message).toMatch(/is not authorized to perform: dynamodb:GetItem/);
  });

  it('lets a granted call through (it then fails on the network, not on the grant)', async () => {
    const error = await asRoute(route(['dynamodb:GetItem']), get).catch((e: Error) => e);
    expect(error).not.toBeInstanceOf(AccessDeniedError);
  });

  it('gives every delegate route the read of its session', async () => {
    expect(effectiveGrants(route([], 'delegate'))).toEqual(['dynamodb:GetItem']);
    const error = await asRoute(route([], 'delegate'), get).catch((e: Error) => e);
    expect(error).not.toBeInstanceOf(AccessDeniedError);
  });

  it('checks every item of a transaction by its own action', async () => {
    const write = () =>
      db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: 't', Item: { pk: 'a', sk: 'b' } } },
            { Delete: { TableName: 't', Key: { pk: 'a', sk: 'c' } } },
          ],
        }),
      );
    const missingDelete = (await asRoute(route(['dynamodb:PutItem']), write).catch((e: Error) => e)) as Error;
    expect(missingDelete.message).toMatch(/dynamodb:DeleteItem/);
    const both = await asRoute(route(['dynamodb:PutItem', 'dynamodb:DeleteItem']), write).catch((e: Error) => e);
    expect(both).not.toBeInstanceOf(AccessDeniedError);
  });

  it('refuses to presign an upload without s3:PutObject, and a tagged one without s3:PutObjectTagging', async () => {
    const presign = (tagging?: string) => () => getSignedUrl(s3, new PutObjectCommand({ Bucket: 'b', Key: 'users/x', Tagging: tagging }));
    const none = await asRoute(route([]), presign()).catch((e: Error) => e);
    expect(none).toBeInstanceOf(AccessDeniedError);
    expect((none as Error).name).toBe('AccessDenied');
    expect(await asRoute(route(['s3:PutObject']), presign())).toMatch(/^http:\/\/127\.0\.0\.1:9\/b\/users\/x\?/);
    const untagged = await asRoute(route(['s3:PutObject']), presign('upload=pending')).catch((e: Error) => e);
    expect((untagged as Error).message).toMatch(/s3:PutObjectTagging/);
    expect(await asRoute(route(['s3:PutObject', 's3:PutObjectTagging']), presign('upload=pending'))).toContain('x-amz-tagging');
  });

  it('lets calls outside any route through (scripts, local set-up)', async () => {
    expect(await get().catch((e: Error) => e)).not.toBeInstanceOf(AccessDeniedError);
  });

  it('maps SDK commands to the IAM actions IAM checks', () => {
    expect(actionsOf('dynamodb', 'QueryCommand', {})).toEqual(['dynamodb:Query']);
    expect(actionsOf('ses', 'SendEmailCommand', {})).toEqual(['ses:SendEmail']);
    expect(actionsOf('dynamodb', 'TransactWriteItemsCommand', { TransactItems: [{ Update: {} }, { ConditionCheck: {} }, { Update: {} }] })).toEqual([
      'dynamodb:UpdateItem',
      'dynamodb:ConditionCheckItem',
    ]);
  });

  it("maps SQS's batch actions to the single actions IAM authorises them by (there is no sqs:SendMessageBatch action)", () => {
    expect(actionsOf('sqs', 'SendMessageBatchCommand', {})).toEqual(['sqs:SendMessage']);
    expect(actionsOf('sqs', 'DeleteMessageBatchCommand', {})).toEqual(['sqs:DeleteMessage']);
    expect(actionsOf('sqs', 'ChangeMessageVisibilityBatchCommand', {})).toEqual(['sqs:ChangeMessageVisibility']);
    expect(actionsOf('sqs', 'SendMessageCommand', {})).toEqual(['sqs:SendMessage']);
  });

  it('grants the registration-free public routes nothing at all', () => {
    for (const id of ['getConference', 'getNow', 'getRegisterTypeFee'] as const) expect(effectiveGrants(routes[id])).toEqual([]);
    for (const r of routeList) expect(new Set(r.grants).size, r.id).toBe(r.grants.length);
  });
});
