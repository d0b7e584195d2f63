/** Every validation rule and message of spec section 5, through the one schema the server and the wizard share. */
import { describe, expect, it } from 'vitest';
import { orderFormSchema, orderMessages, step2Schema, step3Schema, step4Schema, updateOrderQuerySchema } from '#core/orders/schemas';
import { validForm, visaAndHotel } from './form';

function issues(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, input: unknown) {
  const r = schema.safeParse(input);
  const out: Record<string, string> = {};
  if (!r.success) for (const i of r.error!.issues) out[i.path.join('.') || '_'] ??= i.message;
  return out;
}

describe('the whole form', () => {
  it('takes the spec client form (strings, 0/1) and JSON (numbers, booleans) alike', () => {
    const fromForm = orderFormSchema.parse(validForm());
    const fromJson = orderFormSchema.parse(
      validForm({ rate: 650, accompanying_person: 1, post_conference_activities_person: 2, post_conference_activities_attach: 2, morning_workshop: true, afternoon_workshop: false, welcome_reception: 1, gala_dinner: 1, visa_required: false, hotel_book_required: 0 }),
    );
    expect(fromJson).toEqual(fromForm);
    expect(fromForm).toMatchObject({ rate: 650, accompanying_person: 1, morning_workshop: 1, afternoon_workshop: 0, visa_required: 0 });
  });

  it('takes visa and hotel details', () => {
    expect(issues(orderFormSchema, validForm(visaAndHotel('file-1')))).toEqual({});
  });
});

describe('step 2: fees', () => {
  it('requires the rate with the spec message (select Standard or Local; e-mail for additions)', () => {
    expect(issues(step2Schema, { rate: '' })).toEqual({ rate: orderMessages.rate });
    expect(issues(step2Schema, { rate: '100' })).toEqual({ rate: orderMessages.rate });
    expect(orderMessages.rate).toMatch(/Standard or Local rate/);
    expect(orderMessages.rate).toMatch(/e-mail/);
  });

  it('counts persons from 0, whole numbers only', () => {
    expect(issues(step2Schema, { rate: '250', accompanying_person: '-1' })).toEqual({ accompanying_person: orderMessages.count });
    expect(issues(step2Schema, { rate: '250', accompanying_person: '1.5' })).toEqual({ accompanying_person: orderMessages.count });
    expect(issues(step2Schema, { rate: '250' })).toEqual({});
  });

  it('asks which visit ("Please select.") only when someone goes', () => {
    expect(issues(step2Schema, { rate: '650', post_conference_activities_person: '1' })).toEqual({ post_conference_activities_attach: orderMessages.select });
    expect(issues(step2Schema, { rate: '650', post_conference_activities_person: '1', post_conference_activities_attach: '3' })).toEqual({
      post_conference_activities_attach: orderMessages.select,
    });
    expect(issues(step2Schema, { rate: '650', post_conference_activities_person: '0', post_conference_activities_attach: '' })).toEqual({});
  });

  it('sends at most the delegate and the accompanying persons on the visit', () => {
    expect(issues(step2Schema, { rate: '650', accompanying_person: '1', post_conference_activities_person: '3', post_conference_activities_attach: '1' })).toEqual({
      post_conference_activities_person: orderMessages.visitPersons,
    });
  });
});

describe('step 3: personal details', () => {
  it('requires everything but the dietary and assistance fields, with "Please enter." or "Please select."', () => {
    expect(issues(step3Schema, {})).toEqual({
      title: orderMessages.select,
      first_name: orderMessages.enter,
      last_name: orderMessages.enter,
      organization: orderMessages.enter,
      position: orderMessages.enter,
      primary_address_country: orderMessages.select,
      primary_email: orderMessages.enter,
      morning_workshop: orderMessages.select,
      afternoon_workshop: orderMessages.select,
      welcome_reception: orderMessages.select,
      gala_dinner: orderMessages.select,
    });
  });

  it('has no e-mail format rule on primary_email (spec), and Vegetarian as the dietary option', () => {
    expect(issues(step3Schema, validForm({ primary_email: 'not an address' }))).toEqual({});
    expect(issues(step3Schema, validForm({ dietary_requirements: 'Vegetarian' }))).toEqual({});
    expect(issues(step3Schema, validForm({ dietary_requirements: 'Carnivore' }))).toEqual({ dietary_requirements: orderMessages.select });
  });
});

describe('step 4: passport, visa and hotel', () => {
  it('always requires visa_required, the passport name, gender, nationality and hotel_book_required', () => {
    expect(issues(step4Schema, {})).toEqual({
      visa_required: orderMessages.select,
      full_name_as_on_passport: orderMessages.enter,
      gender: orderMessages.select,
      nationality: orderMessages.select,
      hotel_book_required: orderMessages.select,
    });
  });

  it('requires the visa details and the passport front page when a visa is required', () => {
    expect(issues(step4Schema, validForm({ visa_required: '1' }))).toEqual({
      date_of_birth: orderMessages.enter,
      issue_date_of_passport: orderMessages.enter,
      expiry_date_of_passport: orderMessages.enter,
      passport_number: orderMessages.enter,
      phone_number: orderMessages.enter,
      front_page_of_the_passport: orderMessages.passportFile,
    });
  });

  it('says "Please select phone number prefix." for a phone number without a prefix', () => {
    expect(issues(step4Schema, validForm({ phone_number: '123 456 789' }))).toEqual({ phone_number_prefix: orderMessages.phonePrefix });
    expect(issues(step4Schema, validForm({ phone_number: '123 456 789', phone_number_prefix: '+999' }))).toEqual({ phone_number_prefix: orderMessages.phonePrefix });
  });

  it('wants dates as YYYY-MM-DD, an expiry after the issue, a birth before the congress', () => {
    const v = visaAndHotel('f');
    expect(issues(step4Schema, validForm({ ...v, date_of_birth: '29/02/1980' }))).toEqual({ date_of_birth: orderMessages.date });
    expect(issues(step4Schema, validForm({ ...v, date_of_birth: '2023-02-30' }))).toEqual({ date_of_birth: orderMessages.date });
    expect(issues(step4Schema, validForm({ ...v, expiry_date_of_passport: '2020-01-15' }))).toEqual({ expiry_date_of_passport: orderMessages.passportDates });
    expect(issues(step4Schema, validForm({ ...v, date_of_birth: '2025-01-01' }))).toEqual({ date_of_birth: orderMessages.birthDate });
  });

  it('requires the stay and at least one room when a hotel is needed, within the congress weeks', () => {
    expect(issues(step4Schema, validForm({ hotel_book_required: '1' }))).toEqual({
      check_in_date: orderMessages.enter,
      check_out_date: orderMessages.enter,
      superior_double_room: orderMessages.rooms,
    });
    const v = visaAndHotel('f');
    expect(issues(step4Schema, validForm({ ...v, check_out_date: '2024-11-03' }))).toEqual({ check_out_date: orderMessages.checkOut });
    expect(issues(step4Schema, validForm({ ...v, check_in_date: '2024-09-01' }))).toEqual({ check_in_date: orderMessages.stayWindow });
    expect(issues(step4Schema, validForm({ ...v, superior_double_room: '-1' }))).toEqual({ superior_double_room: orderMessages.count });
  });
});

describe('the version an edit was opened on', () => {
  it('takes every status, Cancelled (-1) and Refunding (-2) too, so a stale save is a 409 and not a 422', () => {
    for (const status of ['0', '1', '2', '-1', '-2']) expect(updateOrderQuerySchema.parse({ base_status: status }).base_status).toBe(Number(status));
    expect(updateOrderQuerySchema.safeParse({ base_status: '-3' }).success).toBe(false);
  });

  it('says a negative count is not a count', () => {
    const r = orderFormSchema.safeParse(validForm({ accompanying_person: '-1' }));
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(orderMessages.count);
  });
});
