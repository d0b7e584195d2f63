/**
 * Account deletion racing money (issue 29, item 6): a deletion and a bank-transfer "Done", a card
 * checkout or the office's refund sent at (nearly) the same moment. Whichever wins, the other is
 * refused with a clear message: never a 500, never an account half deleted by a refused deletion,
 * never an order without its rows in the office's lists, never money started for an account whose
 * deletion went through (docs/decisions/0041-account-deletion-and-money-in-flight.md).
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETING, deletionLeaseMessages } from '#core/accounts/deletion-lease';
import { ownDataMessages } from '#core/accounts/own-data';
import { validOrder } from '../support/bodies';
import { PASSWORD, call, control, db, newDelegate, officeSession, until, userIdOf } from './support';

const ORDERS_OPEN = '2024-08-01T02:00:00Z';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function placeOrder(token: string, name: string) {
  const r = await call<{ id: string; order_no: string }>('POST', '/registration/submission', { token, at: ORDERS_OPEN, json: validOrder({ first_name: name, last_name: 'Racer' }) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

const profileOf = async (userId: string) => (await db().send(new GetCommand({ TableName: 'congress', Key: { pk: `USER#${userId}`, sk: 'PROFILE' }, ConsistentRead: true }))).Item;
const orderOf = async (userId: string, id: string) => (await db().send(new GetCommand({ TableName: 'congress', Key: { pk: `USER#${userId}`, sk: `ORDER#${id}` }, ConsistentRead: true }))).Item;
const rowsOf = async (orderId: string) =>
  (await db().send(new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `ORDERROW#${orderId}` }, ConsistentRead: true }))).Items ?? [];
const ledgerOf = async (userId: string, orderId: string) =>
  (await db().send(new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': `LEDGER#order#${orderId}#` }, ConsistentRead: true }))).Items ?? [];

/** What the account and its order are after the race: one of two whole outcomes, never a mix. */
async function expectWhole(userId: string, token: string, orderId: string, deletion: { status: number; body: unknown }, money: { status: number; body: unknown }, what: string) {
  const context = `${what}: deletion ${deletion.status} ${JSON.stringify(deletion.body)}; money ${money.status} ${JSON.stringify(money.body)}`;
  expect(deletion.status, context).toBeLessThan(500);
  expect(money.status, context).toBeLessThan(500);
  const profile = await profileOf(userId);
  const order = await orderOf(userId, orderId);
  const rows = await rowsOf(orderId);
  const pending = (await ledgerOf(userId, orderId)).filter((i) => i.state === 'created' || i.state === 'pending');
  if (deletion.status === 200) {
    // Deleted: the money was refused, nothing waits for it, the unpaid order and its rows are gone.
    expect(money.status, context).not.toBe(200);
    expect(profile, context).toMatchObject({ entity: 'deleted-user' });
    expect(pending, context).toEqual([]);
    expect(order, context).toBeUndefined();
    expect(rows, context).toEqual([]);
  } else {
    // Refused: the account is whole (not marked, sessions alive), the order in its lists.
    expect(deletion.status, context).toBe(409);
    expect(deletion.body, context).toMatchObject({ message: ownDataMessages.inFlight, data: { reason: 'money_in_flight' } });
    expect(profile, context).toMatchObject({ entity: 'user' });
    expect(profile, context).not.toHaveProperty('deleting_at');
    expect((await call('GET', '/get_person_info', { token })).status, context).toBe(200);
    expect(order, context).toBeDefined();
    expect(rows.filter((r) => r.entity === 'order-row').length, context).toBeGreaterThan(0);
    expect(rows.find((r) => r.sk === 'all')?.row, context).toMatchObject({ id: orderId, status: order!.payment_status });
  }
}

/**
 * How long a deletion takes here (the password check is most of it): the races spread the money
 * request over that time, so that it lands before, during and after the moment the deletion takes
 * the account.
 */
async function deletionTime() {
  const d = await newDelegate('race-calibrate');
  await placeOrder(d.token, 'Calibrate');
  const started = Date.now();
  expect((await call('POST', '/account/delete', { token: d.token, json: { password: PASSWORD } })).status).toBe(200);
  return Date.now() - started;
}

describe('a deletion racing money', () => {
  let span = 0;
  beforeAll(async () => {
    span = await deletionTime();
  }, 120_000);

  it('racing a bank transfer\'s "Done": one of them is refused with its message; no 500, no half-deleted account, no order without its rows', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 8; i++) {
      const d = await newDelegate(`race-done-${i}`);
      const userId = await userIdOf(d.token);
      const order = await placeOrder(d.token, `Done${i}`);
      // The deletion first; "Done" from at once to as long as a deletion takes.
      const after = Math.round((i / 7) * span);
      const [deletion, done] = await Promise.all([
        call('POST', '/account/delete', { token: d.token, json: { password: PASSWORD } }),
        sleep(after).then(() => call('POST', `/registration/submission/transfer-payment/${order.id}`, { token: d.token, at: ORDERS_OPEN, json: { type: 'done' } })),
      ]);
      await expectWhole(userId, d.token, order.id, deletion, done, `race ${i} (Done ${after} ms after)`);
      outcomes.push(`+${after} ms: deletion ${deletion.status}, Done ${done.status} ${done.status === 200 ? '' : String((done.body as { message?: string }).message)}`);
    }
    console.log(`deletion racing "Done":\n  ${outcomes.join('\n  ')}`);
  }, 300_000);

  it('racing a card checkout started from at once to as long as a deletion takes after it: never both go through', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 8; i++) {
      const d = await newDelegate(`race-card-${i}`);
      const userId = await userIdOf(d.token);
      const order = await placeOrder(d.token, `Card${i}`);
      const after = Math.round((i / 7) * span);
      const [deletion, checkout] = await Promise.all([
        call('POST', '/account/delete', { token: d.token, json: { password: PASSWORD } }),
        sleep(after).then(() => call('POST', '/stripe-payment/generate', { token: d.token, at: ORDERS_OPEN, json: { id: order.id } })),
      ]);
      await expectWhole(userId, d.token, order.id, deletion, checkout, `race ${i} (checkout ${after} ms after)`);
      outcomes.push(`+${after} ms: deletion ${deletion.status}, checkout ${checkout.status} ${checkout.status === 200 ? '' : String((checkout.body as { message?: string }).message)}`);
    }
    console.log(`deletion racing a checkout:\n  ${outcomes.join('\n  ')}`);
  }, 300_000);
});

describe('while a deletion holds the account (its lease, as a deletion under way sets it)', () => {
  const setLease = (userId: string, until: string) =>
    db().send(new UpdateCommand({ TableName: 'congress', Key: { pk: `USER#${userId}`, sk: 'PROFILE' }, UpdateExpression: 'SET deletion_run = :run, deletion_until = :until', ExpressionAttributeValues: { ':run': 'a-run-under-way', ':until': until } }));

  it('refuses every new order, payment and refund with its message and changes nothing; once the lease lapses, money goes through again', async () => {
    const d = await newDelegate('lease-held');
    const userId = await userIdOf(d.token);
    const unpaid = await placeOrder(d.token, 'Lease');
    const paid = await placeOrder(d.token, 'Leasepaid');
    const checkout = await call<{ url: string }>('POST', '/stripe-payment/generate', { token: d.token, at: ORDERS_OPEN, json: { id: paid.id } });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    await control('POST', `/sessions/${checkout.body.data.url.split('/').pop()!}/pay`, { card: '4242424242424242' });
    await until('order paid', () => orderOf(userId, paid.id), (o) => o?.payment_status === 1);
    const office = await officeSession('lease-office', ORDERS_OPEN);
    await setLease(userId, '2999-01-01T00:00:00.000Z');

    const delegate = { code: 409, message: deletionLeaseMessages.delegate, data: { reason: ACCOUNT_DELETING } };
    const refusals: [string, Promise<{ status: number; body: unknown }>, object][] = [
      ['card checkout', call('POST', '/stripe-payment/generate', { token: d.token, at: ORDERS_OPEN, json: { id: unpaid.id } }), delegate],
      ['transfer "Done"', call('POST', `/registration/submission/transfer-payment/${unpaid.id}`, { token: d.token, at: ORDERS_OPEN, json: { type: 'done' } }), delegate],
      ['new order', call('POST', '/registration/submission', { token: d.token, at: ORDERS_OPEN, json: validOrder() }), delegate],
      ['cancellation with refund', call('POST', `/registration/submission/refund/${paid.id}`, { token: d.token, at: ORDERS_OPEN, json: {} }), delegate],
      [
        "the office's cancellation with refund",
        call('POST', `/office/orders/${paid.id}/cancel`, { token: office.token, at: ORDERS_OPEN, json: { refund: 'other', refund_amount: '100.00', reason: 'test' } }),
        { code: 409, message: deletionLeaseMessages.office, data: { reason: ACCOUNT_DELETING } },
      ],
      ['a second deletion', call('POST', '/account/delete', { token: d.token, json: { password: PASSWORD } }), { code: 409, message: ownDataMessages.underWay, data: { reason: 'deletion_under_way' } }],
    ];
    for (const [what, answer, expected] of refusals) {
      const r = await answer;
      expect([r.status, r.body], what).toEqual([409, expected]);
    }
    // Nothing started: no new order, no payment or refund, the paid order still Paid.
    const partition = (await db().send(new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` }, ConsistentRead: true }))).Items ?? [];
    expect(partition.filter((i) => i.entity === 'order').map((i) => [i.id, i.payment_status]).sort()).toEqual([[paid.id, 1], [unpaid.id, 0]].sort());
    expect(partition.filter((i) => i.entity === 'payment').map((i) => i.state)).toEqual(['confirmed']);
    expect(partition.filter((i) => i.entity === 'refund')).toEqual([]);

    // A deletion that stopped: its lease lapses, and the account is the delegate's again.
    await setLease(userId, '2024-07-01T00:00:00.000Z');
    expect((await call('POST', '/stripe-payment/generate', { token: d.token, at: ORDERS_OPEN, json: { id: unpaid.id } })).status).toBe(200);
  }, 120_000);
});

