/**
 * Cancelling a registration by category (issue 16; spec section 9: until 25 October 2019, refunds
 * only to the original payment method) through the local server, DynamoDB Local and the local
 * Stripe with its signed webhooks: the date at its boundary instants, what goes back (fee and
 * dinners), one Stripe refund per paid subject settled once however often its events arrive, a
 * refund the card's bank returns, and nobody cancels another's registration.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe,expect,it } from 'vitest';
import { cancelMessages } from '#core/registration-by-category/cancel-registration';
import { payMessages } from '#core/registration-by-category/pay-registration';
import { call,mailsTo,newDelegate,control,db,until } from './support';

/** 1 July 2019, 10:00 CST: the early period, dinners open. */
const EARLY = '2019-07-01T02:00:00Z';
/** 25 October 2019, 23:59:59.999 CST: the last instant a cancellation is accepted. */
const LAST = '2019-10-25T15:59:59.999Z';
/** 26 October 2019, 00:00 CST: the first instant it is not. */
const CLOSED = '2019-10-25T16:00:00Z';

const regular = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  occupation: 'Surgeon',
  organization: 'Peking Hospital',
  country: 'China',
  mobile: '+86 10 1234 5678',
  regiatration_type: 1,
  gala_dinner: 'Yes',
  working_lunch: 'No',
  accompanying_type: 'no',
};

interface Cancellation {
  open: boolean;
  deadline_text: string;
  cancelled_at: string | null;
  refund_failed: boolean;
  refund_amount: string;
  fee_refund: string;
  dinners_refund: string;
}


async function registered(tag: string) {
  const { token, email } = await newDelegate(tag);
  const r = await call<{ register_code: string }>('POST', '/register', { token, at: EARLY, json: regular });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const me = await call<{ id: string }>('GET', '/get_person_info', { token });
  return { token, email, userId: me.body.data.id, code: r.body.data.register_code };
}

const info = async (token: string) => (await call<{ pay_status: number; repast_status: number }>('GET', '/get_person_info', { token })).body.data;
const cancellationOf = async (token: string, at = EARLY) => (await call<{ pay_status: number; repast_status: number; cancellation: Cancellation }>('GET', '/cost_detail', { token, at })).body.data;
const cancel = (token: string, at: string, json: Record<string, unknown> = {}) => call<{ refund_amount: string }>('POST', '/register/cancel', { token, at, json });
const sessionOf = (url: string) => url.split('/').pop()!;

/** Pays the fee (type 1) or the dinners (type 2) with a test card and waits until it counts. */
async function paid(d: { token: string }, type: 1 | 2, card = '4242424242424242') {
  const r = await call<{ url: string }>('POST', '/payment', { token: d.token, at: EARLY, json: { type } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const session = sessionOf(r.body.data.url);
  await control('POST', `/sessions/${session}/pay`, { card });
  await until('paid', () => info(d.token), (i) => (type === 1 ? i.pay_status : i.repast_status) === 2);
  return session;
}

async function refundsOf(userId: string, kind: string, code: string) {
  const r = await db().send(
    new QueryCommand({
      TableName: 'congress',
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': `LEDGER#${kind}#${code}#` },
      ConsistentRead: true,
    }),
  );
  return (r.Items ?? []).filter((i) => i.entity === 'refund').map((i) => [i.state, i.reason, i.amount] as const);
}

const subjects = async (email: string) => (await mailsTo(email)).map((m) => m.subject);

describe('POST /register/cancel', () => {
  it('until 25 October 2019, 24:00 CST the fee and the dinners go back in full to the card, each settled once however often the webhook comes', async () => {
    const d = await registered('cancel-paid');
    const feeSession = await paid(d, 1);
    const dinnerSession = await paid(d, 2);
    const shown = await cancellationOf(d.token, LAST);
    expect(shown.cancellation).toEqual({
      open: true,
      deadline: '2019-10-25T16:00:00.000Z',
      deadline_text: '25 October 2019, 24:00 CST (UTC+8)',
      cancelled_at: null,
      refund_failed: false,
      refund_amount: '920.00',
      fee_refund: '800.00',
      dinners_refund: '120.00',
    });
    // A refund other than the one shown (another tab, the office): nothing happens.
    const stale = await cancel(d.token, LAST, { expected_refund: '800.00' });
    expect([stale.status, stale.body.message]).toEqual([409, cancelMessages.refundChanged]);

    const done = await cancel(d.token, LAST, { expected_refund: '920.00' });
    expect([done.status, done.body.message, done.body.data]).toEqual([200, 'Your registration is cancelled. US$920.00 will be refunded to the card you paid with.', { refund_amount: '920.00' }]);
    // Stripe answers the card refunds "succeeded": both subjects refunded, the profile's summary with them.
    await until('refunded', () => info(d.token), (i) => i.pay_status === 4 && i.repast_status === 4);
    const after = await cancellationOf(d.token, LAST);
    expect(after.cancellation).toMatchObject({ open: false, refund_amount: '0.00' });
    expect(after.cancellation.cancelled_at).toBe(new Date(LAST).toISOString());

    // One Stripe refund per subject, for what it brought in, with our metadata; their events delivered again change nothing.
    for (const [session, amount] of [[feeSession, 80000], [dinnerSession, 12000]] as const) {
      const made = await until('refund.created', () => control<{ data: { id: string; data: { object: { amount: number; metadata: Record<string, string> } } }[] }>('GET', `/events?session=${session}&type=refund.created`), (r) => r.data.length > 0);
      expect(made.data.map((e) => [e.data.object.amount, Boolean(e.data.object.metadata.refund_id)])).toEqual([[amount, true]]);
      await control('POST', `/events/${made.data[0]!.id}/redeliver`, { times: 3 });
    }
    await new Promise((r) => setTimeout(r, 1500));
    expect(await refundsOf(d.userId, 'registration-fee', d.code)).toEqual([['done', 'cancellation', 80000]]);
    expect(await refundsOf(d.userId, 'registration-dinners', d.code)).toEqual([['done', 'cancellation', 12000]]);
    const mails = await subjects(d.email);
    expect(mails.filter((s) => s === `Cancellation of registration ${d.code}`)).toHaveLength(2);
    expect(mails.filter((s) => s === `Refund completed: registration ${d.code}`)).toHaveLength(2);

    // Cancelled: nothing more to cancel, pay or change.
    const again = await cancel(d.token, LAST);
    expect([again.status, again.body.message]).toEqual([409, cancelMessages.alreadyCancelled]);
    const repast = await call('POST', '/update_repast', { token: d.token, at: EARLY, json: { id: 0, type: 1, working_lunch: 'Yes' } });
    expect([repast.status, repast.body.message]).toEqual([403, payMessages.cancelled]);
  });

  it('from 26 October 2019, 00:00 CST: refused with the date, nothing refunded', async () => {
    const d = await registered('cancel-late');
    await paid(d, 1);
    expect((await cancellationOf(d.token, CLOSED)).cancellation).toMatchObject({ open: false, refund_amount: '800.00' });
    const late = await cancel(d.token, CLOSED);
    expect([late.status, late.body.message]).toEqual([403, 'Cancellation was accepted until 25 October 2019, 24:00 CST (UTC+8): the registration can no longer be cancelled.']);
    expect(await info(d.token)).toMatchObject({ pay_status: 2 });
    expect(await refundsOf(d.userId, 'registration-fee', d.code)).toEqual([]);
  });

  it('an unpaid registration is cancelled with nothing to refund; it can then not be paid', async () => {
    const d = await registered('cancel-unpaid');
    expect((await cancellationOf(d.token, LAST)).cancellation).toMatchObject({ open: true, refund_amount: '0.00' });
    const r = await cancel(d.token, LAST, { expected_refund: '0.00' });
    expect([r.status, r.body.message, r.body.data]).toEqual([200, cancelMessages.cancelledWithoutRefund, { refund_amount: '0.00' }]);
    const pay = await call('POST', '/payment', { token: d.token, at: EARLY, json: { type: 1 } });
    expect([pay.status, pay.body.message]).toEqual([403, payMessages.cancelled]);
  });

  it('only the fee paid: the fee goes back, the unpaid dinners are simply cancelled', async () => {
    const d = await registered('cancel-fee-only');
    await paid(d, 1);
    const r = await cancel(d.token, LAST);
    expect(r.body.data).toEqual({ refund_amount: '800.00' });
    await until('refunded', () => info(d.token), (i) => i.pay_status === 4);
    expect(await info(d.token)).toMatchObject({ repast_status: 1 });
  });

  it('a refund the card\'s bank returns: the fee is paid again, noted; the delegate and the office are told; no second cancellation', async () => {
    const d = await registered('cancel-refund-fails');
    await paid(d, 1, '4000000000005126');
    expect((await cancel(d.token, LAST)).body.data).toEqual({ refund_amount: '800.00' });
    await until('refund failed', () => info(d.token), (i) => i.pay_status === 2);
    expect(await refundsOf(d.userId, 'registration-fee', d.code)).toEqual([['failed', 'cancellation', 80000]]);
    expect((await cancellationOf(d.token, LAST)).cancellation).toMatchObject({ refund_failed: true });
    await until('failure mails', () => subjects(d.email), (s) => s.includes(`Refund not completed: registration ${d.code}`));
    expect(await subjects('registration@iacr2024-beijing.org')).toContain(`Refund not completed: registration ${d.code}`);
    const again = await cancel(d.token, LAST);
    expect([again.status, again.body.message]).toEqual([403, cancelMessages.refundWithOffice]);
  });

  it("another delegate cannot cancel one's registration: the call acts on the caller's own only; a bad amount is 422", async () => {
    const a = await registered('cancel-owner-a');
    await paid(a, 1);
    const b = await newDelegate('cancel-owner-b');
    const other = await cancel(b.token, LAST);
    expect([other.status, other.body.message]).toEqual([404, cancelMessages.notRegistered]);
    expect(await info(a.token)).toMatchObject({ pay_status: 2 });
    const anonymous = await call('POST', '/register/cancel', { at: LAST, json: {} });
    expect(anonymous.status).toBe(401);
    const bad = await cancel(a.token, LAST, { expected_refund: 'all' });
    expect([bad.status, bad.body.data]).toEqual([422, { errors: { expected_refund: 'Please give the amount as shown, e.g. 800.00.' } }]);
  });
});
