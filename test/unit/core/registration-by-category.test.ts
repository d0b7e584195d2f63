import { describe, expect, it } from 'vitest';
import { legacyFees2019 } from '#core/config/conference';
import { categoryFee, feeMessages, feePeriod, registerTypeFees, registrationFee } from '#core/registration-by-category/fees';
import { needsReview, registerCode } from '#core/registration-by-category/register';
import { GROUP_FIRST_MEMBERS, registrationMessages, registrationSchema } from '#core/registration-by-category/schemas';

/** One millisecond before and at each period's end (CST): the boundary instants. */
const EARLY_LAST = new Date('2019-08-09T23:59:59.999+08:00');
const ADVANCE_FIRST = new Date('2019-08-10T00:00:00+08:00');
const ADVANCE_LAST = new Date('2019-11-05T23:59:59.999+08:00');
const ONSITE_FIRST = new Date('2019-11-06T00:00:00+08:00');
const ONSITE_LAST = new Date('2019-11-10T23:59:59.999+08:00');
const CLOSED_FIRST = new Date('2019-11-11T00:00:00+08:00');

describe('fees of the registration by category', () => {
  it('uses the period in force, in Beijing time, at the boundary instants', () => {
    expect(feePeriod(new Date('2019-01-01T00:00:00+08:00'))).toBe('early');
    expect(feePeriod(EARLY_LAST)).toBe('early');
    expect(feePeriod(ADVANCE_FIRST)).toBe('advance');
    expect(feePeriod(ADVANCE_LAST)).toBe('advance');
    expect(feePeriod(ONSITE_FIRST)).toBe('onsite');
    expect(feePeriod(ONSITE_LAST)).toBe('onsite');
    expect(feePeriod(CLOSED_FIRST)).toBeNull();
  });

  it('prices each category in each period as the spec lists them (USD)', () => {
    const table = (at: Date) => Object.fromEntries(registerTypeFees(at).map((f) => [f.type_name, f.price]));
    expect(table(EARLY_LAST)).toEqual({
      Regular: 800,
      'Invited chairs and speakers': 740,
      Member: 740,
      'Young investigator': 740,
      Fellow: 640,
      'Groups of 10 or more': 740,
      'Accompanying person': 210,
    });
    expect(table(ADVANCE_FIRST)).toEqual({
      Regular: 900,
      'Invited chairs and speakers': 740,
      Member: 800,
      'Young investigator': 850,
      Fellow: 740,
      'Groups of 10 or more': 850,
      'Accompanying person': 260,
    });
    expect(table(ADVANCE_LAST)).toEqual(table(ADVANCE_FIRST));
    expect(table(ONSITE_FIRST)).toEqual({
      Regular: 1010,
      'Invited chairs and speakers': 740,
      Member: 850,
      'Young investigator': 960,
      Fellow: 850,
      'Groups of 10 or more': 960,
      'Accompanying person': 320,
    });
    expect(table(ONSITE_LAST)).toEqual(table(ONSITE_FIRST));
  });

  it('gives no price once the last period is over (never a wrong one), and says so', () => {
    const fees = registerTypeFees(CLOSED_FIRST);
    expect(fees).toHaveLength(7);
    expect(fees.every((f) => f.price === null && f.period === null)).toBe(true);
    expect(feeMessages.closed).toContain('10 November 2019, 24:00 CST (UTC+8)');
  });

  it('answers every category with the spec types', () => {
    expect(registerTypeFees(EARLY_LAST).map((f) => f.type)).toEqual([1, 5, 2, 3, 4, 7, 6]);
  });

  it('prices a group of 10 (registrant and 9 members) and accompanying persons at the period in force', () => {
    const group = { regiatration_type: 7, accompany: [{}], groups: Array.from({ length: GROUP_FIRST_MEMBERS }, () => ({})) };
    expect(registrationFee(group, 'early')).toEqual({ registrant: 74000, accompanying: 21000, members: 9 * 74000, total: 10 * 74000 + 21000 });
    expect(registrationFee(group, 'onsite').total).toBe(10 * 96000 + 32000);
    // Members count only for a group registration.
    expect(registrationFee({ ...group, regiatration_type: 1 }, 'advance')).toEqual({ registrant: 90000, accompanying: 26000, members: 0, total: 116000 });
    expect(categoryFee(4, 'advance')).toBe(legacyFees2019.categories.find((c) => c.type === 4)!.advance);
  });

  it('numbers registrations once and reviews the types that need proof', () => {
    expect(registerCode(123)).toBe('OESO-000123');
    expect([1, 2, 3, 4, 5, 7].filter(needsReview)).toEqual([2, 3, 4]);
  });
});

const person = { first_name: 'Ada', last_name: 'Lovelace', occupation: 'Surgeon', organization: 'Hospital', country: 'China', mobile: '+86 10 1234 5678' };
const base = { ...person, regiatration_type: '1', gala_dinner: 'Yes', working_lunch: 'No', accompanying_type: 'no' };
const member = (i: number) => ({ first_name: `M${i}`, last_name: 'Group', gala_dinner: 'Yes', working_lunch: 'Yes' });
const messagesOf = (input: unknown) => {
  const r = registrationSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the registration form schema', () => {
  it('requires the personal fields, the type and the Y/N answers', () => {
    const errors = messagesOf({});
    expect(errors.first_name).toBe(registrationMessages.enter);
    expect(errors.mobile).toBe(registrationMessages.enter);
    expect(errors.regiatration_type).toBe(registrationMessages.type);
    expect(errors.gala_dinner).toBe('Please choose Y/N!');
    expect(errors.working_lunch).toBe('Please choose Y/N!');
    expect(errors.accompanying_type).toBe('Please choose Y/N!');
    expect(errors.middle_initial).toBeUndefined();
    expect(errors.nick_name).toBeUndefined();
  });

  it('asks each type for its proof with the spec words', () => {
    expect(messagesOf({ ...base, regiatration_type: 2 }).oeso_member).toBe('Please input OESO Member!');
    expect(messagesOf({ ...base, regiatration_type: 3 }).young_investigator_files).toBe('Please Upload Young Investigator File');
    expect(messagesOf({ ...base, regiatration_type: 4 }).fellow_files).toBe('Please upload files!');
    expect(messagesOf({ ...base, regiatration_type: 6 }).regiatration_type).toBe(registrationMessages.type);
  });

  it('needs a group of 10: name, company, address 1 and 9 members (address 2 optional)', () => {
    const errors = messagesOf({ ...base, regiatration_type: 7, groups: [member(1)] });
    expect(errors).toMatchObject({ group_name: 'Please enter.', company_represent: 'Please enter.', address_one: 'Please enter.', groups: registrationMessages.groupMinimum });
    expect(errors.address_two).toBeUndefined();
    const ok = registrationSchema.parse({ ...base, regiatration_type: 7, group_name: 'G', company_represent: 'C', address_one: 'A', groups: Array.from({ length: 9 }, (_, i) => member(i)) });
    expect(ok.groups).toHaveLength(9);
    expect(messagesOf({ ...base, regiatration_type: 7, group_name: 'G', company_represent: 'C', address_one: 'A', groups: [member(1), { first_name: 'X' }] })).toMatchObject({
      'groups.1.last_name': 'Please enter.',
      'groups.1.gala_dinner': 'Please choose Y/N!',
    });
  });

  it('requires every accompanying person field but the middle name, with a relationship from the list', () => {
    const errors = messagesOf({ ...base, accompanying_type: 'yes', accompany: [{ first_name: 'A', relationship: 'Cousin' }] });
    expect(errors['accompany.0.relationship']).toBe(registrationMessages.select);
    for (const f of ['last_name', 'occupation', 'organization', 'country', 'mobile']) expect(errors[`accompany.0.${f}`]).toBe('Please enter.');
    expect(errors['accompany.0.gala_dinner']).toBe('Please choose Y/N!');
    expect(errors['accompany.0.middle_initial']).toBeUndefined();
    expect(messagesOf({ ...base, accompanying_type: 'yes' }).accompany).toBe(registrationMessages.accompanyRequired);
  });

  it('keeps only what the chosen type asks for', () => {
    const form = registrationSchema.parse({ ...base, oeso_member: 'M-1', groups: [member(1)], young_investigator_files: ['f1'], accompany: [{ ...person, relationship: 'Spouse', gala_dinner: 'No', working_lunch: 'No' }] });
    expect(form).toMatchObject({ regiatration_type: 1, oeso_member: '', groups: [], young_investigator_files: [], accompany: [] });
  });
});
