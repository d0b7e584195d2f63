/** The pure order rules on a fixed clock: price, refund tiers at their boundary instants, states, references. */
import { describe, expect, it } from 'vitest';
import { orderTotal, priceLines } from '#core/orders/pricing';
import { refundQuote } from '#core/orders/refund-policy';
import { dammDigit, parseTransferReference, transferReference } from '#core/orders/reference';
import { ORDER_STATUS, orderActions, orderTransition, type OrderEvent, type OrderStatus } from '#core/orders/states';
import { wireAmount } from '#core/money';

describe('price', () => {
  it('is rate + 250 x accompanying + 70 x post-conference persons, in cents', () => {
    expect(orderTotal({ rate: 650, accompanying_person: 0, post_conference_activities_person: 0 })).toBe(65000);
    expect(orderTotal({ rate: 650, accompanying_person: 1, post_conference_activities_person: 2 })).toBe(65000 + 25000 + 14000);
    expect(orderTotal({ rate: 250, accompanying_person: 3, post_conference_activities_person: 4 })).toBe(25000 + 75000 + 28000);
    expect(wireAmount(orderTotal({ rate: 650, accompanying_person: 1, post_conference_activities_person: 2 }))).toBe('1040.00');
  });

  it('lists only lines with a quantity', () => {
    expect(priceLines({ rate: 250, accompanying_person: 0, post_conference_activities_person: 1 })).toEqual([
      { name: 'Local rate registration', unitAmount: 25000, quantity: 1 },
      { name: 'Post-conference visit', unitAmount: 7000, quantity: 1 },
    ]);
  });

  it('refuses a rate the congress does not have', () => {
    expect(() => orderTotal({ rate: 1, accompanying_person: 0, post_conference_activities_person: 0 })).toThrow();
  });
});

describe('refund tiers at their boundary instants (CST = UTC+8)', () => {
  const total = 104000;
  it.each([
    ['2024-09-30T15:59:59.999Z', 'Before 1 October 2024: a fee of $50 per order.', 99000], // 30 Sep 23:59:59.999 CST
    ['2024-09-30T16:00:00.000Z', 'Before 15 October 2024: a fee of 50% of the order.', 52000], // 1 Oct 00:00:00 CST
    ['2024-10-14T15:59:59.000Z', 'Before 15 October 2024: a fee of 50% of the order.', 52000], // 14 Oct 23:59:59 CST
    ['2024-10-14T16:00:00.000Z', 'From 15 October 2024: no refund.', 0], // 15 Oct 00:00:00 CST
    ['2024-11-05T02:00:00.000Z', 'From 15 October 2024: no refund.', 0],
  ])('at %s: %s', (at, rule, refund) => {
    const quote = refundQuote(total, new Date(at));
    expect(quote.rule).toBe(rule);
    expect(quote.refund).toBe(refund);
    expect(quote.refund + quote.fee).toBe(total);
  });

  it('never refunds below zero, and rounds 50% to the cent', () => {
    expect(refundQuote(3000, new Date('2024-08-01T00:00:00Z'))).toMatchObject({ refund: 0, fee: 3000 });
    expect(refundQuote(25001, new Date('2024-10-05T00:00:00Z'))).toMatchObject({ refund: 12500, fee: 12501 });
  });
});

describe('order states', () => {
  const all: OrderStatus[] = [0, 1, 2, -1, -2];
  const events: OrderEvent[] = ['card-paid', 'transfer-done', 'transfer-received', 'transfer-not-received', 'cancel-with-refund', 'cancel-without-refund', 'refund-done', 'refund-failed'];
  it('allows exactly the moves of the spec and the issue', () => {
    const allowed = all.flatMap((from) => events.filter((e) => orderTransition(from, e)).map((e) => `${from} ${e} -> ${orderTransition(from, e)!.to}`));
    expect(allowed.sort()).toEqual(
      [
        '0 card-paid -> 1',
        '0 transfer-done -> 2',
        '2 transfer-received -> 1',
        '2 transfer-not-received -> 0',
        '1 cancel-with-refund -> -2',
        '1 cancel-without-refund -> -1',
        '-2 refund-done -> -1',
        '-2 refund-failed -> 1',
        // A card refund that succeeded can still fail later (the card's bank returns it).
        '-1 refund-failed -> 1',
      ].sort(),
    );
  });

  it('lets unpaid orders be edited and deleted, paid ones edited (not their amounts) and cancelled, the rest nothing', () => {
    expect(orderActions(ORDER_STATUS.unpaid)).toEqual({ edit: true, editAmounts: true, delete: true, cancel: false, pay: true });
    expect(orderActions(ORDER_STATUS.paid)).toEqual({ edit: true, editAmounts: false, delete: false, cancel: true, pay: false });
    for (const s of [ORDER_STATUS.checking, ORDER_STATUS.cancelled, ORDER_STATUS.refunding]) {
      expect(orderActions(s)).toEqual({ edit: false, editAmounts: false, delete: false, cancel: false, pay: false });
    }
  });

  it('leaves a paid order whose refund failed to the office: it can be edited, not cancelled again', () => {
    expect(orderActions(ORDER_STATUS.paid, true)).toEqual({ edit: true, editAmounts: false, delete: false, cancel: false, pay: false });
  });
});

describe('transfer references', () => {
  it('carry a Damm check digit', () => {
    expect(transferReference(123)).toMatch(/^IACR24-000123-\d$/);
    const ref = transferReference(123);
    expect(dammDigit(ref.replace(/\D/g, '').slice(2))).toBe(0);
  });

  it('are read back however a bank statement writes them', () => {
    const ref = transferReference(4567);
    expect(parseTransferReference(ref)).toBe(4567);
    expect(parseTransferReference(ref.toLowerCase().replace(/-/g, ' '))).toBe(4567);
  });

  it('recognise every single wrong digit and every swap of neighbouring digits', () => {
    const ref = transferReference(902615);
    const digits = ref.replace(/^IACR24-/, '').replace(/-/g, '');
    for (let i = 0; i < digits.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === digits[i]) continue;
        const typo = digits.slice(0, i) + d + digits.slice(i + 1);
        expect(parseTransferReference(`IACR24${typo}`), typo).toBeNull();
      }
      if (i < digits.length - 1 && digits[i] !== digits[i + 1]) {
        const swapped = digits.slice(0, i) + digits[i + 1] + digits[i] + digits.slice(i + 2);
        expect(parseTransferReference(`IACR24${swapped}`), swapped).toBeNull();
      }
    }
  });
});
