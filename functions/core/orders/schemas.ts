/**
 * The registration order form (spec sections 3 and 5), once: the handlers parse with it and the
 * wizard validates each step with it, so browser and server refuse the same input with the same
 * words. Values arrive as the spec's client sends them (form fields: strings, booleans as 0/1,
 * dates as YYYY-MM-DD) or as JSON; both are read into one shape.
 */
import * as z from 'zod/mini';
import { conference, registration2024 } from '../config/conference';
import { countryRegions } from '../data/countries';
import { phoneNumberPrefixes } from '../data/phone-prefixes';
import { roomFields, type RoomField, type stepFields } from './form-fields';
import { orderMessages, orderTexts } from './messages';
import { isChineseName, tidyChineseName } from './chinese-names';
import { emptyToUndefined, read, toFlag, toInt } from './wire';

export { hotelRequestFields, passportFields, roomFields, stepFields, visaRequestFields, type PassportField, type RoomField } from './form-fields';
export { orderMessages } from './messages';
export * from './requests';

const flag = (message: string = orderMessages.select) => read(toFlag, z.union([z.literal(0), z.literal(1)], { message }));

/** A whole number of 0 to `max` (empty: `fallback`). */
const count = (max: number, fallback?: number) =>
  read(
    (v) => toInt(v) ?? fallback,
    z
      .number({ message: orderMessages.count })
      .check(z.refine(Number.isInteger, orderMessages.count), z.minimum(0, orderMessages.count), z.refine((v: number) => v <= max, { message: orderMessages.tooMany(max), params: { text: orderTexts.tooMany(max) } })),
  );

const orEmpty = <T extends z.core.$ZodType>(schema: T) => z.pipe(schema, z.transform((v: z.output<T>) => v ?? ''));
const text = (max: number) =>
  read(emptyToUndefined, z.string({ message: orderMessages.enter }).check(z.trim(), z.minLength(1, orderMessages.enter), z.maxLength(max, orderMessages.tooLong)));
const optionalText = (max: number) => orEmpty(read(emptyToUndefined, z.optional(z.string().check(z.trim(), z.maxLength(max, orderMessages.tooLong)))));
const choice = (values: readonly string[]) =>
  read(emptyToUndefined, z.string({ message: orderMessages.select }).check(z.refine((v) => values.includes(v), orderMessages.select)));

/** A part of a name in Chinese characters (optional: most delegates have none), stored without spaces. */
const chineseNamePart = orEmpty(
  read(
    (v) => (typeof v === 'string' ? tidyChineseName(v) || undefined : v),
    z.optional(z.string().check(z.maxLength(20, orderMessages.tooLong), z.refine(isChineseName, orderMessages.chineseName))),
  ),
);

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
/** YYYY-MM-DD, or empty (checked as required by the step's rules where it is). */
const day = orEmpty(read(emptyToUndefined, z.optional(z.string().check(z.refine(isDay, orderMessages.date)))));

export const titles = ['Prof.', 'Dr.', 'Mr.', 'Ms.', 'Mrs.'] as const;
export const genders = ['Female', 'Male', 'Other'] as const;
export const dietaryOptions = ['Vegetarian'] as const;
export const rateValues = registration2024.rates.map((r) => r.value);
export const activityValues = registration2024.postConferenceActivities.map((a) => a.value);

// ---------------------------------------------------------------------------------------------
// Steps

type Issue = { path: string; message: string };
type Check<T> = (value: T) => Issue[];

function withChecks<S extends z.ZodMiniObject>(schema: S, check: Check<z.output<S>>) {
  return schema.check(
    z.superRefine((value, ctx) => {
      for (const issue of check(value as z.output<S>)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }),
  );
}

const step2Shape = {
  rate: read(toInt, z.number({ message: orderMessages.rate }).check(z.refine((v) => (rateValues as number[]).includes(v), orderMessages.rate))),
  accompanying_person: count(registration2024.maxAccompanyingPersons, 0),
  post_conference_activities_person: count(registration2024.maxAccompanyingPersons + 1, 0),
  post_conference_activities_attach: read((v) => toInt(v) ?? 0, z.number()),
};
type Step2 = z.output<z.ZodMiniObject<typeof step2Shape>>;
const checkStep2: Check<Step2> = (v) => {
  const issues: Issue[] = [];
  if (v.post_conference_activities_person > v.accompanying_person + 1) {
    issues.push({ path: 'post_conference_activities_person', message: orderMessages.visitPersons });
  }
  if (v.post_conference_activities_person > 0 && !(activityValues as number[]).includes(v.post_conference_activities_attach)) {
    issues.push({ path: 'post_conference_activities_attach', message: orderMessages.select });
  }
  return issues;
};

const step3Shape = {
  title: choice(titles),
  first_name: text(100),
  last_name: text(100),
  family_name_in_chinese: chineseNamePart,
  given_name_in_chinese: chineseNamePart,
  organization: text(300),
  position: text(200),
  primary_address_country: choice(countryRegions),
  /** The spec has no e-mail format rule here (the order's contact; mails go to the account). */
  primary_email: text(254),
  morning_workshop: flag(),
  afternoon_workshop: flag(),
  welcome_reception: flag(),
  gala_dinner: flag(),
  dietary_requirements: orEmpty(read(emptyToUndefined, z.optional(z.enum(dietaryOptions, { message: orderMessages.select })))),
  other_dietary_requirements_allergies: optionalText(500),
  special_assistance_requirements: optionalText(500),
};
type Step3 = z.output<z.ZodMiniObject<typeof step3Shape>>;
const checkStep3: Check<Step3> = (v) => {
  const issues: Issue[] = [];
  if (!v.family_name_in_chinese !== !v.given_name_in_chinese) {
    issues.push({ path: v.family_name_in_chinese ? 'given_name_in_chinese' : 'family_name_in_chinese', message: orderMessages.chineseNameBoth });
  }
  return issues;
};

const roomShape = Object.fromEntries(roomFields.map((f) => [f, count(registration2024.maxRoomsPerType, 0)])) as Record<RoomField, ReturnType<typeof count>>;

const step4Shape = {
  visa_required: flag(),
  full_name_as_on_passport: text(200),
  gender: choice(genders),
  nationality: choice(countryRegions),
  for_visa_support_letter: optionalText(300),
  date_of_birth: day,
  issue_date_of_passport: day,
  expiry_date_of_passport: day,
  passport_number: optionalText(30),
  phone_number: optionalText(30),
  phone_number_prefix: orEmpty(read(emptyToUndefined, z.optional(z.string()))),
  /** The id of the uploaded front page (the upload mechanism's purpose `passport`). */
  front_page_of_the_passport: optionalText(64),
  other_info_required_by_chinese_embassy_for_visa_support: optionalText(1000),
  hotel_book_required: flag(),
  check_in_date: day,
  check_out_date: day,
  ...roomShape,
  other_room_request: optionalText(500),
  /** In the spec's default form state; their use is not shown: kept as given. */
  date_of_arrival_check_in: optionalText(100),
  accommodation_reservation: optionalText(100),
};
type Step4 = z.output<z.ZodMiniObject<typeof step4Shape>>;
const checkStep4: Check<Step4> = (v) => {
  const issues: Issue[] = [];
  const require = (field: keyof Step4, message: string = orderMessages.enter) => {
    if (!v[field]) issues.push({ path: field, message });
  };
  if (v.phone_number && !v.phone_number_prefix) issues.push({ path: 'phone_number_prefix', message: orderMessages.phonePrefix });
  if (v.phone_number_prefix && !phoneNumberPrefixes.includes(v.phone_number_prefix)) issues.push({ path: 'phone_number_prefix', message: orderMessages.phonePrefix });
  if (v.phone_number && !/^[\d\s()-]{4,30}$/.test(v.phone_number)) issues.push({ path: 'phone_number', message: 'Please enter a valid phone number.' });
  if (v.visa_required === 1) {
    require('date_of_birth');
    require('issue_date_of_passport');
    require('expiry_date_of_passport');
    require('passport_number');
    require('phone_number');
    require('front_page_of_the_passport', orderMessages.passportFile);
    if (v.issue_date_of_passport && v.expiry_date_of_passport && v.expiry_date_of_passport <= v.issue_date_of_passport) {
      issues.push({ path: 'expiry_date_of_passport', message: orderMessages.passportDates });
    }
    if (v.date_of_birth && v.date_of_birth >= conference.dates.start) issues.push({ path: 'date_of_birth', message: orderMessages.birthDate });
  }
  if (v.hotel_book_required === 1) {
    require('check_in_date');
    require('check_out_date');
    const { earliestCheckIn, latestCheckOut } = registration2024.hotelStay;
    if (v.check_in_date && v.check_out_date && v.check_out_date <= v.check_in_date) issues.push({ path: 'check_out_date', message: orderMessages.checkOut });
    if (v.check_in_date && v.check_in_date < earliestCheckIn) issues.push({ path: 'check_in_date', message: orderMessages.stayWindow });
    if (v.check_out_date && v.check_out_date > latestCheckOut) issues.push({ path: 'check_out_date', message: orderMessages.stayWindow });
    if (roomFields.every((f) => v[f] === 0)) issues.push({ path: 'superior_double_room', message: orderMessages.rooms });
  }
  return issues;
};

/** Each step on its own: the wizard validates the step it leaves (spec: Next validates steps 2-4). */
export const step2Schema = withChecks(z.object(step2Shape), checkStep2);
export const step3Schema = withChecks(z.object(step3Shape), checkStep3);
export const step4Schema = withChecks(z.object(step4Shape), checkStep4);

/** The whole order form, as POST /registration/submission and its update take it. */
export const orderFormSchema = withChecks(z.object({ ...step2Shape, ...step3Shape, ...step4Shape }), (v) => [
  ...checkStep2(v as Step2),
  ...checkStep3(v as Step3),
  ...checkStep4(v as Step4),
]);

export type OrderFormInput = z.input<typeof orderFormSchema>;
export type OrderForm = z.output<typeof orderFormSchema>;
export type OrderStep3 = Step3;

/** The field lists of form-fields.ts are the steps' fields (a compile-time check: a field added to a step and not to its list, or the other way, fails here). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const stepFieldsMatchShapes: [
  Same<keyof Step2, (typeof stepFields)[2][number]>,
  Same<keyof Step3, (typeof stepFields)[3][number]>,
  Same<keyof Step4, (typeof stepFields)[4][number]>,
] = [true, true, true];

export const updateOrderSchema = orderFormSchema;



/**
 * POST /registration/submission/{id}/visa_correction: the passport data the registration office
 * asked the delegate to correct (core/orders/visa-review.ts), and only those fields, checked as
 * step 4 checks them when a visa is asked for; over the version the form was opened on.
 */
export const visaCorrectionSchema = withChecks(
  z.extend(
    z.pick(z.object(step4Shape), {
      full_name_as_on_passport: true,
      gender: true,
      nationality: true,
      date_of_birth: true,
      passport_number: true,
      issue_date_of_passport: true,
      expiry_date_of_passport: true,
      front_page_of_the_passport: true,
      for_visa_support_letter: true,
      other_info_required_by_chinese_embassy_for_visa_support: true,
    }),
    { version: z.string({ message: orderMessages.submitFirst }).check(z.minLength(1, orderMessages.submitFirst), z.maxLength(40)) },
  ),
  (v) => {
    const issues: Issue[] = [];
    for (const field of ['date_of_birth', 'issue_date_of_passport', 'expiry_date_of_passport', 'passport_number'] as const) if (!v[field]) issues.push({ path: field, message: orderMessages.enter });
    if (!v.front_page_of_the_passport) issues.push({ path: 'front_page_of_the_passport', message: orderMessages.passportFile });
    if (v.issue_date_of_passport && v.expiry_date_of_passport && v.expiry_date_of_passport <= v.issue_date_of_passport) issues.push({ path: 'expiry_date_of_passport', message: orderMessages.passportDates });
    if (v.date_of_birth && v.date_of_birth >= conference.dates.start) issues.push({ path: 'date_of_birth', message: orderMessages.birthDate });
    return issues;
  },
);
export type VisaCorrectionInput = z.input<typeof visaCorrectionSchema>;
