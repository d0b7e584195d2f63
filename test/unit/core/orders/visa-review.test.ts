/** The visa review's moves (core/orders/visa-review.ts) on a fixed clock. */
import { describe, expect, it } from 'vitest';
import { organiserActor } from '#core/office/access';
import { orderListEntries } from '#core/office/order-rows';
import type { StoredOrder } from '#core/orders/ports';
import { correctedVisa, decidedVisa, inVisaQueue, letterRefusal, visaLetterState, visaMessages, visaReviewAfterEdit, visaReviewOf } from '#core/orders/visa-review';

const NOW = new Date('2024-08-02T02:00:00Z');
const office = organiserActor({ userId: 'org1', email: 'office@example.org' });
const order = (over: Partial<StoredOrder> = {}) =>
  ({
    id: 'o1',
    owner_id: 'u1',
    owner_email: 'wei@example.org',
    order_no: 'R24-000001',
    first_name: 'Wei',
    last_name: 'Zhang',
    rate: 650,
    primary_address_country: 'China',
    payment_status: 0,
    payment_method: null,
    visa_required: 1,
    full_name_as_on_passport: '张伟',
    nationality: 'China',
    date_of_birth: '1980-02-29',
    passport_number: 'E12345678',
    issue_date_of_passport: '2020-01-15',
    expiry_date_of_passport: '2030-01-14',
    front_page_of_the_passport: 'f1',
    created_at: '2024-08-01T02:00:00.000Z',
    updated_at: '2024-08-01T02:00:00.000Z',
    ...over,
  }) as StoredOrder;

describe('the visa review', () => {
  it('starts pending for an order with visa support (none without), and the queue holds it until it is decided or cancelled', () => {
    expect(visaReviewOf(order({ visa_required: 0 }))).toBeNull();
    expect(visaReviewOf(order())).toEqual({ status: 'pending', pending_since: '2024-08-01T02:00:00.000Z', letter_id: null });
    expect(inVisaQueue(order())).toBe(true);
    expect(orderListEntries(order()).visaReview).toEqual({ list: 'visa-review', sort: '2024-08-01T02:00:00.000Z#o1' });
    expect(inVisaQueue(order({ payment_status: -1 }))).toBe(false);
    const approved = decidedVisa(order(), 'approve', '', office, NOW);
    expect(inVisaQueue(approved)).toBe(false);
    expect(orderListEntries(approved).visaReview!.list).toBeNull();
  });

  it('approves pending data, asks for a correction with a message, and moves the version', () => {
    const approved = decidedVisa(order(), 'approve', '', office, NOW);
    expect(approved.visa_review).toMatchObject({ status: 'approved', reviewer: 'office@example.org', reviewed_at: NOW.toISOString(), letter_id: null });
    expect(approved.updated_at).toBe(NOW.toISOString());
    expect(() => decidedVisa(approved, 'approve', '', office, NOW)).toThrow(visaMessages.notPending);
    expect(() => decidedVisa(order(), 'correct', '  ', office, NOW)).toThrow(visaMessages.messageRequired);
    const asked = decidedVisa(approved, 'correct', ' Name as on the passport, please. ', office, NOW);
    expect(asked.visa_review).toMatchObject({ status: 'correction-requested', message: 'Name as on the passport, please.' });
    expect(() => decidedVisa(asked, 'correct', 'again', office, NOW)).toThrow(visaMessages.notPending);
    expect(() => decidedVisa(order({ visa_required: 0 }), 'approve', '', office, NOW)).toThrow(visaMessages.notRequested);
    expect(() => decidedVisa(order({ payment_status: -2 }), 'approve', '', office, NOW)).toThrow(visaMessages.cancelled);
  });

  it("takes the delegate's correction only when asked, and only the passport fields", () => {
    expect(() => correctedVisa(order(), order(), NOW)).toThrow(visaMessages.notCorrectable);
    const asked = decidedVisa(order({ payment_status: 1 }), 'correct', 'Name', office, NOW);
    const later = new Date('2024-08-03T02:00:00Z');
    const corrected = correctedVisa(asked, { ...asked, full_name_as_on_passport: 'Łukasz Żółć', amount_required: 1 } as StoredOrder, later);
    expect(corrected.full_name_as_on_passport).toBe('Łukasz Żółć');
    expect(corrected.amount_required).toBe(asked.amount_required);
    expect(corrected.visa_review).toEqual({ status: 'pending', pending_since: later.toISOString(), letter_id: null });
  });

  it('puts approved data the delegate changed in the order form back in review; unchanged data keeps its approval', () => {
    const approved = decidedVisa(order(), 'approve', '', office, NOW);
    expect(visaReviewAfterEdit(approved, { ...approved, hotel_book_required: 1 }, 'T').visa_review!.status).toBe('approved');
    expect(visaReviewAfterEdit(approved, { ...approved, passport_number: 'X1' }, 'T').visa_review).toEqual({ status: 'pending', pending_since: 'T', letter_id: null });
    expect(visaReviewAfterEdit(order({ visa_required: 0 }), order(), 'T').visa_review).toEqual({ status: 'pending', pending_since: 'T', letter_id: null });
  });

  it('refuses the letter before payment and before approval, and says so on the order list', () => {
    expect(letterRefusal(order())).toBe(visaMessages.notPaid);
    expect(letterRefusal(order({ payment_status: 1 }))).toBe(visaMessages.notApproved);
    expect(letterRefusal(decidedVisa(order({ payment_status: 1 }), 'approve', '', office, NOW))).toBeNull();
    expect(letterRefusal(order({ payment_status: -1 }))).toBe(visaMessages.cancelled);
    expect(visaLetterState(order({ visa_required: 0 }))).toBeNull();
    expect(visaLetterState(decidedVisa(order(), 'correct', 'Name', office, NOW))).toMatchObject({ status: 'correction-requested', message: 'Name', can_correct: true });
  });
});
