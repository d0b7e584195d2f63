/**
 * The office's reconciliation: an organiser asks for the check (audited), the office-jobs worker
 * runs what `npm run reconcile` runs (the whole table against the money invariants and the local
 * Stripe), and the office reads each check back with what disagrees, order by order.
 *
 * The disagreements are made by writing the table behind the portal's back, and put back after
 * each test: the money suite checks the whole table at the end of `npm test`. Under `npm test`
 * other tests share the portal, so a run is asserted on what this file made, not on the total.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { officeMessages } from '#core/office/access';
import { reconcileMessages, type ReconciliationView } from '#core/office/reconciliations';
import type { OfficeJob } from '#core/office/jobs';
import { validOrder } from '../support/bodies';
import { call, dynamoOrigin, newDelegate, officeSession, organiserCommand, stripeOrigin } from './support';

const T0 = '2024-08-01T02:00:00Z';
const db = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamoOrigin(), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));

let office: { token: string; email: string };
beforeAll(async () => {
  office = await officeSession('reconcile', T0);
}, 60_000);

/** What to put back after each test. */
const undo: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (undo.length) await undo.pop()!();
});

let tick = 0;
/** Asks for a check (each a second after the last: job ids sort by the pinned clock) and waits for its result. */
async function reconcile(): Promise<ReconciliationView> {
  tick += 1;
  const at = new Date(Date.parse(T0) + tick * 1000).toISOString();
  const asked = await call<{ job: ReconciliationView }>('POST', '/office/reconciliations', { token: office.token, at });
  expect([asked.status, asked.body.message], JSON.stringify(asked.body)).toEqual([200, reconcileMessages.queued]);
  expect(asked.body.data.job).toMatchObject({ state: 'queued', requested_by: office.email, result: null });
  const id = asked.body.data.job.id;
  const until = Date.now() + 40_000;
  for (;;) {
    const read = await call<{ job: ReconciliationView }>('GET', `/office/reconciliations/${id}`, { token: office.token, at });
    expect(read.status).toBe(200);
    const job = read.body.data.job;
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() > until) throw new Error(`reconciliation ${id} still ${job.state}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Placed {
  id: string;
  order_no: string;
  userId: string;
}
async function placeOrder(tag: string): Promise<Placed & { token: string }> {
  const d = await newDelegate(tag);
  const me = await call<{ id: string }>('GET', '/get_person_info', { token: d.token });
  const created = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: T0, json: validOrder() });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id;
  const { order } = (await call<{ order: { order_no: string } }>('GET', `/registration/submission/${id}`, { token: d.token, at: T0 })).body.data;
  return { id, order_no: order.order_no, userId: me.body.data.id, token: d.token };
}

/** An order paid by card through the local Stripe (checkout, payment, webhook). */
async function paidByCard(tag: string): Promise<Placed> {
  const placed = await placeOrder(tag);
  const checkout = await call<{ url: string }>('POST', '/stripe-payment/generate', { token: placed.token, at: T0, json: { id: placed.id } });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const session = checkout.body.data.url.split('/').pop()!;
  const paid = await fetch(`${stripeOrigin()}/_control/sessions/${session}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ card: '4242424242424242' }) });
  expect(paid.ok).toBe(true);
  const until = Date.now() + 15_000;
  for (;;) {
    const list = await call<{ items: { id: string; payment_status: number }[] }>('GET', '/registration', { token: placed.token, at: T0 });
    if (list.body.data.items.find((i) => i.id === placed.id)?.payment_status === 1) return placed;
    if (Date.now() > until) throw new Error(`order ${placed.id} not paid`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Sets one attribute of an item behind the portal's back, and registers putting it back. */
async function tamper(key: { pk: string; sk: string }, name: string, value: unknown) {
  const r = await db().send(
    new UpdateCommand({ TableName: 'congress', Key: key, UpdateExpression: 'SET #n = :v', ExpressionAttributeNames: { '#n': name }, ExpressionAttributeValues: { ':v': value }, ReturnValues: 'UPDATED_OLD' }),
  );
  const before = r.Attributes?.[name];
  undo.push(() =>
    db().send(new UpdateCommand({ TableName: 'congress', Key: key, UpdateExpression: 'SET #n = :v', ExpressionAttributeNames: { '#n': name }, ExpressionAttributeValues: { ':v': before } })),
  );
}

const about = (job: ReconciliationView, orderId: string) => job.result!.disagreements.filter((d) => d.order_id === orderId);

describe('who may reconcile', () => {
  const targets: [string, string][] = [
    ['POST', '/office/reconciliations'],
    ['GET', '/office/reconciliations'],
    ['GET', '/office/reconciliations/20240801T020000000Z-00000000'],
  ];
  it('refuses anonymous (401), delegates (403) and organisers without the second factor (403 with what to do)', async () => {
    const delegate = await newDelegate('reconcile-not-office');
    const noFactor = await newDelegate('reconcile-no-factor');
    await organiserCommand('grant', noFactor.email);
    for (const [method, path] of targets) {
      expect([path, (await call(method, path, { at: T0 })).status]).toEqual([path, 401]);
      const asDelegate = await call(method, path, { token: delegate.token, at: T0 });
      expect([path, asDelegate.status, asDelegate.body.message]).toEqual([path, 403, officeMessages.organisersOnly]);
      const asOrganiser = await call(method, path, { token: noFactor.token, at: T0 });
      expect([path, asOrganiser.status, asOrganiser.body.message, asOrganiser.body.data]).toEqual([path, 403, officeMessages.enrolmentRequired, { second_factor: 'enrol' }]);
    }
  });

  it('answers 404 for a check that does not exist, or a job that is not a check', async () => {
    const missing = await call('GET', '/office/reconciliations/20240801T020000000Z-00000000', { token: office.token, at: T0 });
    expect([missing.status, missing.body.message]).toEqual([404, reconcileMessages.notFound]);
    expect((await call('GET', '/office/reconciliations/..%2Fexports', { token: office.token, at: T0 })).status).toBe(404);
    const exported = await call<{ job: { id: string } }>('POST', '/office/exports', { token: office.token, at: T0, json: { kind: 'abstracts' } });
    const notACheck = await call('GET', `/office/reconciliations/${exported.body.data.job.id}`, { token: office.token, at: T0 });
    expect([notACheck.status, notACheck.body.message]).toEqual([404, reconcileMessages.notFound]);
  });
});

describe('a reconciliation', () => {
  it('on a clean ledger says all agree, with what it checked: orders, payments and refunds, card payments against Stripe; audited', async () => {
    const card = await paidByCard('reconcile-clean');
    const job = await reconcile();
    expect(job.state, job.error ?? '').toBe('done');
    expect(job).toMatchObject({ requested_by: office.email, error: null });
    expect(Date.parse(job.finished_at!)).toBeGreaterThanOrEqual(Date.parse(job.requested_at));
    const result = job.result!;
    expect(result.orders).toBeGreaterThanOrEqual(1);
    expect(result.payments).toBeGreaterThanOrEqual(1);
    expect(about(job, card.id)).toEqual([]);
    // The local Stripe has no webhook_endpoints API: the page says the endpoint was not checked.
    expect(result.webhook).toEqual([]);
    expect(result.webhook_note).toMatch(/not checked/);
    // Other test files share the portal (a refund of theirs may be in flight): only this file's orders are asserted on.
    expect(result.all_agree).toBe(result.disagreement_count === 0);

    const audit = await db().send(
      new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `AUDIT#reconciliation#${job.id}` } }),
    );
    expect(audit.Items!.map((i) => [i.action, i.actor.kind, i.actor.email, i.object.id])).toEqual([['reconcile.requested', 'organiser', office.email, job.id]]);

    const list = await call<{ items: ReconciliationView[]; kept: number }>('GET', '/office/reconciliations', { token: office.token, at: T0 });
    expect(list.status).toBe(200);
    expect(list.body.data.items[0]).toMatchObject({ id: job.id, state: 'done' });
  }, 60_000);

  it('lists each disagreement with its order: a status changed behind the ledger, a card payment Stripe does not know', async () => {
    const unpaid = await placeOrder('reconcile-status');
    const card = await paidByCard('reconcile-card');
    // Paid with no money received.
    await tamper({ pk: `USER#${unpaid.userId}`, sk: `ORDER#${unpaid.id}` }, 'payment_status', 1);
    // The card payment now names a checkout session Stripe never made.
    const ledger = await db().send(
      new QueryCommand({
        TableName: 'congress',
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': `USER#${card.userId}`, ':p': `LEDGER#order#${card.id}#PAYMENT#` },
        ConsistentRead: true,
      }),
    );
    const payment = ledger.Items![0]!;
    await tamper({ pk: payment.pk as string, sk: payment.sk as string }, 'provider_ids', { ...(payment.provider_ids as object), checkout_session: 'cs_test_reconcile_missing' });

    const job = await reconcile();
    expect(job.state, job.error ?? '').toBe('done');
    expect(job.result!.all_agree).toBe(false);
    const base = { order_id: unpaid.id, order_no: unpaid.order_no, payment_id: null, refund_id: null, rule: 'paid-is-covered' };
    expect(about(job, unpaid.id)).toEqual([
      { ...base, detail: expect.stringContaining('received 0.00') },
      { ...base, detail: expect.stringContaining('holds 0.00') },
    ]);
    expect(about(job, card.id)).toEqual([
      { order_id: card.id, order_no: card.order_no, payment_id: payment.id, refund_id: null, rule: 'checkout-exists', detail: expect.stringContaining('cs_test_reconcile_missing') },
    ]);
    expect(job.result!.disagreement_count).toBeGreaterThanOrEqual(2);
    expect(job.result!.listed).toBe(job.result!.disagreements.length);
  }, 60_000);

  it('refuses a second check while one is under way, saying so', async () => {
    // A check asked for a moment ago and not yet picked up by the worker.
    const at = new Date(Date.parse(T0) + 3600_000).toISOString();
    const id = '20240801T030000000Z-0a0a0a0a';
    const key = { pk: 'OFFICEJOBS', sk: `JOB#${id}` };
    const queued: OfficeJob = { id, kind: 'reconcile', state: 'queued', requested_by: { id: 'someone', email: 'someone@example.org' }, requested_at: '2024-08-01T03:00:00.000Z', attempts: 0 };
    const { DeleteCommand, PutCommand } = await import('@aws-sdk/lib-dynamodb');
    await db().send(new PutCommand({ TableName: 'congress', Item: { ...key, entity: 'office-job', ...queued } }));
    undo.push(() => db().send(new DeleteCommand({ TableName: 'congress', Key: key })));
    const refused = await call<{ job: ReconciliationView }>('POST', '/office/reconciliations', { token: office.token, at });
    expect([refused.status, refused.body.message, refused.body.data.job.id]).toEqual([409, reconcileMessages.underWay, id]);
  });
});
