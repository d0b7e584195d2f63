/** The review's state moves (core/registration-by-category/review.ts), with a fixed clock. */
import { describe, expect, it } from 'vitest';
import { decided, proofOf, resubmitted, reviewMessages as R } from '#core/registration-by-category/review';
import type { StoredRegistration } from '#core/registration-by-category/ports';

const at = new Date('2019-07-01T02:00:00Z');
const organiser = { kind: 'organiser' as const, id: 'o1', email: 'office@example.org' };
const registration = (over: Partial<StoredRegistration> = {}) =>
  ({
    owner_id: 'u1',
    owner_email: 'u1@example.org',
    regiatration_type: 3,
    register_status: 1,
    oeso_member: '',
    young_investigator_files: ['f1'],
    fellow_files: [],
    created_at: '2019-07-01T01:00:00.000Z',
    updated_at: '2019-07-01T01:00:00.000Z',
    ...over,
  }) as StoredRegistration;

describe('decided: the office approves or rejects what is under review', () => {
  it('approve: register_status 0 (may pay), no reason, a new version', () => {
    const r = decided(registration(), 'approve', 'ignored', organiser, at);
    expect(r).toMatchObject({ register_status: 0, review_reason: '', decided_by: 'office@example.org', updated_at: at.toISOString() });
  });

  it('reject: register_status 2 with the reason; a reason is required', () => {
    expect(decided(registration(), 'reject', '  Expired card ', organiser, at)).toMatchObject({ register_status: 2, review_reason: 'Expired card' });
    expect(() => decided(registration(), 'reject', '   ', organiser, at)).toThrow(R.reasonRequired);
  });

  it('refuses a registration not under review', () => {
    expect(() => decided(registration({ register_status: 0 }), 'approve', '', organiser, at)).toThrow(R.notInReview);
    expect(() => decided(registration({ register_status: 2 }), 'reject', 'x', organiser, at)).toThrow(R.notInReview);
  });

  it('moves the version even on a clock behind it', () => {
    const r = decided(registration({ updated_at: '2019-08-01T00:00:00.000Z' }), 'approve', '', organiser, at);
    expect(r.updated_at).toBe('2019-08-01T00:00:00.001Z');
  });
});

describe('resubmitted: new proof for a rejected registration', () => {
  it('puts new documents under review (young investigator and fellow keep their own lists)', () => {
    const yi = resubmitted(registration({ register_status: 2 }), { kind: 'files', ids: ['f2', 'f3'] }, at);
    expect(yi).toMatchObject({ register_status: 1, young_investigator_files: ['f2', 'f3'], submitted_at: at.toISOString() });
    const fellow = resubmitted(registration({ register_status: 2, regiatration_type: 4, young_investigator_files: [], fellow_files: ['a'] }), { kind: 'files', ids: ['b'] }, at);
    expect(fellow).toMatchObject({ fellow_files: ['b'], young_investigator_files: [] });
  });

  it('takes a member number for type 2', () => {
    expect(resubmitted(registration({ register_status: 2, regiatration_type: 2 }), { kind: 'member', number: 'M-7' }, at)).toMatchObject({ oeso_member: 'M-7', register_status: 1 });
  });

  it('only while rejected', () => {
    expect(() => resubmitted(registration({ register_status: 1 }), { kind: 'files', ids: ['x'] }, at)).toThrow(R.notRejected);
    expect(() => resubmitted(registration({ register_status: 0 }), { kind: 'files', ids: ['x'] }, at)).toThrow(R.notRejected);
  });
});

describe('proofOf: card_message by the registration type', () => {
  it('reads comma-joined references or a list; the member number as it is', () => {
    expect(proofOf(3, ' a, b ,,c')).toEqual({ kind: 'files', ids: ['a', 'b', 'c'] });
    expect(proofOf(4, ['a', ' b '])).toEqual({ kind: 'files', ids: ['a', 'b'] });
    expect(proofOf(2, ' OESO-1 ')).toEqual({ kind: 'member', number: 'OESO-1' });
  });
  it('says what is missing', () => {
    expect(() => proofOf(2, '')).toThrow(R.member);
    expect(() => proofOf(3, ' , ')).toThrow(R.files);
    expect(() => proofOf(3, 'a,b,c,d,e,f')).toThrow('Maximum 5 Files Upload.');
  });
});
