/**
 * The office's confirmations say what will happen before money moves or many are mailed (issue
 * 29, item 7): the amount, to whom, by which method, how many recipients, and what follows, by the
 * same rules the actions apply.
 */
import { describe, expect, it } from 'vitest';
import * as C from '#core/office/confirmations';
import { serverTranslator } from '#core/i18n/server-messages';
import { expectChinese } from '../chinese-text';
import { awaitedByOffice } from '#core/office/confirm-transfer';
import { retryPlan } from '#core/office/retry-refund';
import type { StoredOrder } from '#core/orders/ports';
import type { Payment, Refund } from '#core/payments/model';

const ann = { order_no: 'R24-000123', delegate: 'Ann Lee', email: 'ann@example.org' };
/** The confirmations as a page writes them (English by default: word for word the words they had before). */
const written =
  <A extends unknown[]>(make: (...args: A) => C.ConfirmationTexts, lang: 'en' | 'zh-Hans' = 'en') =>
  (...args: A) =>
    C.writeConfirmation(serverTranslator(lang), make(...args));
const transferConfirmation = written(C.transferConfirmation);
const lineAssignmentConfirmation = written(C.lineAssignmentConfirmation);
const cancelConfirmation = written(C.cancelConfirmation);
const retryRefundConfirmation = written(C.retryRefundConfirmation);
const mailConfirmation = written(C.mailConfirmation);
const text = (c: { title: string; lines: string[]; confirmLabel: string }) => [c.title, ...c.lines, c.confirmLabel].join(' | ');

describe('confirmations', () => {
  it('a transfer: how much, from whom, what the order awaits, and what follows (short, exact, more)', () => {
    expect(text(transferConfirmation(ann, 65000, 40000))).toBe(
      'Book US$400.00 for order R24-000123? | US$400.00 received by bank transfer from Ann Lee (ann@example.org), order R24-000123, which awaits US$650.00. | US$250.00 is still missing: the order stays Checking and the delegate is told by mail what is missing. | Book US$400.00',
    );
    expect(transferConfirmation(ann, 65000, 65000).lines[1]).toBe('The order becomes Paid and the delegate is told by mail.');
    expect(transferConfirmation(ann, 65000, 70000).lines[1]).toBe('The order becomes Paid. US$50.00 more than awaited arrived: it becomes a bank refund to Ann Lee, for the office to send.');
  });

  it('a statement line: the line, the order, and the same outcome', () => {
    const c = lineAssignmentConfirmation({ payer: 'LEE ANN', date: '2024-08-01' }, ann, 65000, 65000);
    expect(c.lines[0]).toBe('The line of US$650.00 from LEE ANN (2024-08-01) is booked as a bank transfer from Ann Lee (ann@example.org), order R24-000123, which awaits US$650.00.');
    expect(c.confirmLabel).toBe('Book US$650.00 to R24-000123');
  });

  it('a cancellation: the refund, its method, the reason the delegate reads', () => {
    expect(text(cancelConfirmation(ann, 32500, ['card'], 'Visa refused'))).toBe(
      'Cancel order R24-000123? | Order R24-000123 of Ann Lee (ann@example.org) is cancelled. | US$325.00 is refunded to the card it was paid with, at once (the card provider). | The reason, which the delegate reads: Visa refused | The delegate is told by mail. | Cancel and refund US$325.00',
    );
    expect(cancelConfirmation(ann, 32500, ['card']).dismissLabel).toBe('Keep the order');
    expect(cancelConfirmation(ann, 60000, ['transfer']).lines[1]).toBe('US$600.00 is refunded by bank transfer: the office sends it from the congress account and records it as sent.');
    expect(cancelConfirmation(ann, 0, ['card'])).toMatchObject({ lines: expect.arrayContaining(['Nothing is refunded.']) as string[], confirmLabel: 'Cancel without refund' });
  });

  it('a retry: the amount again, to whom, how', () => {
    expect(retryRefundConfirmation(ann, { kind: 'refund-again', amount: 60000, method: 'card' }).lines[0]).toBe(
      'US$600.00 is refunded again to Ann Lee (ann@example.org), order R24-000123, to the card it was paid with: the earlier refund failed. The order becomes Refunding.',
    );
    expect(retryRefundConfirmation(ann, { kind: 'ask-again', amount: 60000, method: 'card' }).confirmLabel).toBe('Refund US$600.00');
  });

  it('a mail: how many get it, chosen how, and who is skipped', () => {
    expect(text(mailConfirmation({ filter: 'paid', purpose: 'announcement', subject: 'Badges, {first_name}' }, 6))).toBe(
      'Send this mail to 6 delegates? | 6 delegates get it (All paid orders; one mail per address). | Subject: Badges, {first_name} | It is an announcement: a delegate who opted out of announcements is skipped. | Send to 6 delegates',
    );
    expect(mailConfirmation({ filter: 'order', purpose: 'order', subject: 'x' }, 1).confirmLabel).toBe('Send to 1 delegate');
  });
});

describe('confirmations in Chinese', () => {
  const all = (c: C.Confirmation) => [c.title, ...c.lines, c.confirmLabel, ...(c.dismissLabel ? [c.dismissLabel] : [])];
  it.each([
    ['a short transfer', written(C.transferConfirmation, 'zh-Hans')(ann, 65000, 40000)],
    ['a transfer of more', written(C.transferConfirmation, 'zh-Hans')({ ...ann, delegate: '' }, 65000, 70000)],
    ['a statement line', written(C.lineAssignmentConfirmation, 'zh-Hans')({ payer: '', date: '2024-08-01' }, ann, 65000, 65000)],
    ['a cancellation', written(C.cancelConfirmation, 'zh-Hans')(ann, 32500, ['card', 'transfer'], '签证被拒')],
    ['a cancellation without refund', written(C.cancelConfirmation, 'zh-Hans')(ann, 0, ['card'])],
    ['a retry', written(C.retryRefundConfirmation, 'zh-Hans')(ann, { kind: 'refund-again', amount: 60000, method: 'transfer' })],
    ['an asking again', written(C.retryRefundConfirmation, 'zh-Hans')(ann, { kind: 'ask-again', amount: 60000, method: 'card' })],
    ['a mail', written(C.mailConfirmation, 'zh-Hans')({ filter: 'visa', purpose: 'order', subject: '胸卡' }, 2709)],
  ])('%s is written in Chinese, amounts with US$', (_what, c) => {
    for (const line of all(c)) expectChinese(line, ['Ann Lee']);
  });
  it('writes a count as before, without grouping', () => {
    expect(written(C.mailConfirmation)({ filter: 'paid', purpose: 'announcement', subject: 'x' }, 2709).confirmLabel).toBe('Send to 2709 delegates');
  });
});

describe('what the confirmations are built from', () => {
  const order = (payment_status: StoredOrder['payment_status']) => ({ payment_status, amount_required: 65000, refund_failed_at: undefined }) as StoredOrder;
  const pay = (over: Partial<Payment> = {}) => ({ id: 'p1', method: 'transfer', state: 'confirmed', amount: 40000, subject: { kind: 'order', id: 'o', owner_id: 'u' }, ...over }) as Payment;

  it('a transfer is measured against what the order costs less what it holds; none when it cannot be confirmed', () => {
    expect(awaitedByOffice(order(0), { payments: [], refunds: [] })).toBe(65000);
    expect(awaitedByOffice(order(2), { payments: [pay({}), pay({ id: 'p2', state: 'pending', amount: 25000 })], refunds: [] })).toBe(25000);
    expect(awaitedByOffice(order(2), { payments: [pay({})], refunds: [] })).toBeNull();
    expect(awaitedByOffice(order(1), { payments: [], refunds: [] })).toBeNull();
  });

  it('a retry is the failed cancellation refund, at most what is left; nothing when nothing failed', () => {
    const paid = { ...pay({}), method: 'card', amount: 65000 } as Payment;
    const failed = { id: 'r1', payment_id: 'p1', amount: 60000, method: 'card', state: 'failed', reason: 'cancellation' } as Refund;
    expect(retryPlan({ ...order(1), refund_failed_at: '2024-08-02T00:00:00Z' }, { payments: [paid], refunds: [failed] })).toEqual({ kind: 'refund-again', amount: 60000, method: 'card' });
    expect(retryPlan(order(1), { payments: [paid], refunds: [] })).toBeNull();
  });
});
