/**
 * The registration form of the registration by category (spec sections 3 and 5), once: POST
 * /register parses with it and /admin/register/information validates with it, so browser and
 * server refuse the same input with the same words. Values arrive as the spec's client sends them
 * (form-encoded, lists as `accompany[0][first_name]`) or as JSON; both are read into one shape.
 * What the chosen type does not ask for is dropped (a member number of a regular registrant,
 * group members of a fellow), so what is stored is what was asked.
 */
import * as z from 'zod/mini';
import { legacyFees2019 } from '../config/conference';
import { REGISTRATION_TYPE, registrantTypes } from './fees';

export const registrationMessages = {
  enter: 'Please enter.',
  select: 'Please select.',
  yesNo: 'Please choose Y/N!',
  type: 'Please select a registration type.',
  member: 'Please input OESO Member!',
  youngInvestigatorFiles: 'Please Upload Young Investigator File',
  fellowFiles: 'Please upload files!',
  tooManyFiles: 'Maximum 5 Files Upload.',
  accompanyRequired: 'Please add at least one accompanying person, or choose No.',
  tooManyAccompanying: `At most ${legacyFees2019.maxAccompanyingPersons} accompanying persons.`,
  groupMinimum: 'A group registers at least 10 delegates: you and 9 members.',
  tooManyMembers: `At most ${legacyFees2019.maxGroupMembers} group members.`,
  tooLong: 'This text is too long.',
  phone: 'Please enter a valid phone number.',
} as const;

/** Spec section 3: the relationship of an accompanying person. */
export const relationships = ['Parents', 'Offspring', 'Spouse', 'Students', 'Friends'] as const;
export const yesNo = ['Yes', 'No'] as const;
export type YesNo = (typeof yesNo)[number];

/** A group starts with 9 members plus the registrant (10, the group minimum); the first 9 cannot be removed. */
export const GROUP_FIRST_MEMBERS = 9;
const MAX_FILES = 5;

// ---------------------------------------------------------------------------------------------
// Wire values

const read = <T extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: T) => z.pipe(z.transform(fn), schema);
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const text = (max: number) =>
  read(emptyToUndefined, z.string({ message: registrationMessages.enter }).check(z.trim(), z.minLength(1, registrationMessages.enter), z.maxLength(max, registrationMessages.tooLong)));
const optionalText = (max: number) =>
  z.pipe(read(emptyToUndefined, z.optional(z.string().check(z.trim(), z.maxLength(max, registrationMessages.tooLong)))), z.transform((v: string | undefined) => v ?? ''));
const phone = read(
  emptyToUndefined,
  z.string({ message: registrationMessages.enter }).check(z.trim(), z.minLength(1, registrationMessages.enter), z.regex(/^[+()\d\s-]{5,40}$/, registrationMessages.phone)),
);

/** "Yes"/"No" as the spec sends them; also yes/no, 1/0 and true/false. */
function toYesNo(value: unknown): YesNo | undefined {
  if (value === 'Yes' || value === 'yes' || value === 1 || value === '1' || value === true || value === 'true') return 'Yes';
  if (value === 'No' || value === 'no' || value === 0 || value === '0' || value === false || value === 'false') return 'No';
  return undefined;
}
const yesNoField = read(toYesNo, z.enum(yesNo, { message: registrationMessages.yesNo }));
/** accompanying_type is lower-case on the wire (spec section 3). */
const accompanyingType = read((v) => toYesNo(v)?.toLowerCase(), z.enum(['yes', 'no'], { message: registrationMessages.yesNo }));

function toInt(value: unknown): unknown {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return undefined;
}
/** A list: absent or empty means none; a single form value (`files=a`) is a list of one. */
const list = <T extends z.core.$ZodType>(item: T) =>
  read((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(item));

const fileId = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

// ---------------------------------------------------------------------------------------------
// The form

export const accompanySchema = z.object({
  first_name: text(100),
  middle_initial: optionalText(10),
  last_name: text(100),
  relationship: read(emptyToUndefined, z.enum(relationships, { message: registrationMessages.select })),
  occupation: text(120),
  organization: text(200),
  country: text(100),
  mobile: phone,
  gala_dinner: yesNoField,
  working_lunch: yesNoField,
});

export const groupMemberSchema = z.object({
  first_name: text(100),
  middle_initial: optionalText(10),
  last_name: text(100),
  gala_dinner: yesNoField,
  working_lunch: yesNoField,
});

const shape = {
  first_name: text(100),
  middle_initial: optionalText(10),
  last_name: text(100),
  nick_name: optionalText(100),
  occupation: text(120),
  organization: text(200),
  country: text(100),
  mobile: phone,
  /** Spelt as the spec's user info spells it. */
  regiatration_type: read(
    toInt,
    z.number({ message: registrationMessages.type }).check(z.refine((v) => (registrantTypes as number[]).includes(v), registrationMessages.type)),
  ),
  gala_dinner: yesNoField,
  working_lunch: yesNoField,
  accompanying_type: accompanyingType,
  accompany: list(accompanySchema),
  oeso_member: optionalText(100),
  young_investigator_files: list(fileId),
  fellow_files: list(fileId),
  group_name: optionalText(200),
  company_represent: optionalText(200),
  address_one: optionalText(300),
  address_two: optionalText(300),
  groups: list(groupMemberSchema),
};

type Shape = z.output<z.ZodMiniObject<typeof shape>>;
type Issue = { path: (string | number)[]; message: string };

/** The rules that depend on the chosen type and answers (spec section 5). */
function crossChecks(v: Shape): Issue[] {
  const issues: Issue[] = [];
  const t = v.regiatration_type;
  if (v.accompanying_type === 'yes' && v.accompany.length === 0) issues.push({ path: ['accompany'], message: registrationMessages.accompanyRequired });
  if (v.accompany.length > legacyFees2019.maxAccompanyingPersons) issues.push({ path: ['accompany'], message: registrationMessages.tooManyAccompanying });
  if (t === REGISTRATION_TYPE.member && !v.oeso_member) issues.push({ path: ['oeso_member'], message: registrationMessages.member });
  if (t === REGISTRATION_TYPE.youngInvestigator) {
    if (v.young_investigator_files.length === 0) issues.push({ path: ['young_investigator_files'], message: registrationMessages.youngInvestigatorFiles });
    if (v.young_investigator_files.length > MAX_FILES) issues.push({ path: ['young_investigator_files'], message: registrationMessages.tooManyFiles });
  }
  if (t === REGISTRATION_TYPE.fellow) {
    if (v.fellow_files.length === 0) issues.push({ path: ['fellow_files'], message: registrationMessages.fellowFiles });
    if (v.fellow_files.length > MAX_FILES) issues.push({ path: ['fellow_files'], message: registrationMessages.tooManyFiles });
  }
  if (t === REGISTRATION_TYPE.group) {
    for (const field of ['group_name', 'company_represent', 'address_one'] as const) {
      if (!v[field]) issues.push({ path: [field], message: registrationMessages.enter });
    }
    if (v.groups.length < GROUP_FIRST_MEMBERS) issues.push({ path: ['groups'], message: registrationMessages.groupMinimum });
    if (v.groups.length > legacyFees2019.maxGroupMembers) issues.push({ path: ['groups'], message: registrationMessages.tooManyMembers });
  }
  return issues;
}

/** Keeps only what the chosen type and answers ask for. */
function asked(v: Shape) {
  const t = v.regiatration_type;
  const group = t === REGISTRATION_TYPE.group;
  return {
    ...v,
    accompany: v.accompanying_type === 'yes' ? v.accompany : [],
    oeso_member: t === REGISTRATION_TYPE.member ? v.oeso_member : '',
    young_investigator_files: t === REGISTRATION_TYPE.youngInvestigator ? v.young_investigator_files : [],
    fellow_files: t === REGISTRATION_TYPE.fellow ? v.fellow_files : [],
    group_name: group ? v.group_name : '',
    company_represent: group ? v.company_represent : '',
    address_one: group ? v.address_one : '',
    address_two: group ? v.address_two : '',
    groups: group ? v.groups : [],
  };
}

/** POST /register and the page's form. */
export const registrationSchema = z.pipe(
  z.object(shape).check(
    z.superRefine((value, ctx) => {
      for (const issue of crossChecks(value as Shape)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }),
  ),
  z.transform((v) => asked(v as Shape)),
);

export type RegistrationInput = z.input<typeof registrationSchema>;
export type RegistrationForm = z.output<typeof registrationSchema>;
export type AccompanyEntry = z.output<typeof accompanySchema>;
export type GroupMember = z.output<typeof groupMemberSchema>;

// ---------------------------------------------------------------------------------------------
// Cost detail and payment (spec section 7: update_repast, payment)

export const moneyMessages = {
  paymentType: 'Please choose what to pay: 1 the registration fee, 2 the dinners.',
  dinnerRow: 'Please choose a person of the dinner table.',
  oneField: 'Please change one dinner: gala_dinner or working_lunch (Yes/No).',
} as const;

/** POST /payment: type 1 the registration fee, 2 the dinners. */
export const paymentSchema = z.object({
  type: read(toInt, z.union([z.literal(1), z.literal(2)], { message: moneyMessages.paymentType })),
});
export type PaymentRequest = z.output<typeof paymentSchema>;

/** POST /register/cancel: the refund the delegate was shown (US dollars as on the wire); if it has changed since, nothing happens. */
export const cancelRegistrationSchema = z.object({
  expected_refund: read(emptyToUndefined, z.optional(z.string().check(z.regex(/^\d+\.\d{2}$/, 'Please give the amount as shown, e.g. 800.00.')))),
});
export type CancelRegistrationRequest = z.output<typeof cancelRegistrationSchema>;

const optionalYesNo = read((v) => (v === undefined || v === '' ? undefined : (toYesNo(v) ?? 'invalid')), z.optional(z.enum(yesNo, { message: registrationMessages.yesNo })));

/**
 * POST /update_repast: the dinner row (`type` 1 registrant, 2 accompanying person, 3 group
 * member; `id` its number within the type, 0 for the registrant) and the one dinner changed.
 */
export const updateRepastSchema = z
  .object({
    id: read(toInt, z.number({ message: moneyMessages.dinnerRow }).check(z.int(), z.minimum(0, moneyMessages.dinnerRow), z.maximum(1000, moneyMessages.dinnerRow))),
    type: read(toInt, z.union([z.literal(1), z.literal(2), z.literal(3)], { message: moneyMessages.dinnerRow })),
    gala_dinner: optionalYesNo,
    working_lunch: optionalYesNo,
  })
  .check(
    z.refine((v) => (v.gala_dinner === undefined) !== (v.working_lunch === undefined), { message: moneyMessages.oneField, path: ['gala_dinner'] }),
  );
export type UpdateRepastRequest = z.output<typeof updateRepastSchema>;
// Review and voucher (core/registration-by-category/review.ts)

const cardText = z.string().check(z.maxLength(2000, registrationMessages.tooLong));
/**
 * POST /upload_again: `card_message` is the member number (type 2) or the uploaded documents'
 * references, comma-joined as the spec's client sends them (a list is read too). What it must hold
 * depends on the registration's type, so the domain says what is missing.
 */
export const uploadAgainSchema = z.object({
  card_message: z.pipe(
    z.optional(z.union([cardText, z.array(z.string().check(z.maxLength(64)))])),
    z.transform((v) => v ?? ''),
  ),
});
export type UploadAgainInput = z.input<typeof uploadAgainSchema>;

export const voucherMessages = { missing: 'Please upload the payment voucher (JPG or PNG, under 5 MB).' } as const;
/** POST /upload_documents: the payment voucher's file reference, in the query (as the spec's client sends it) or the body. */
export const uploadDocumentsSchema = z.object({
  payment_voucher: z.optional(z.string({ message: voucherMessages.missing }).check(z.trim(), z.maxLength(64, voucherMessages.missing))),
});

/** /common/reload's form: the member number again (type 2), or new documents (types 3 and 4); sent as `card_message`. */
export const memberAgainForm = z.object({
  card_message: z.string({ message: registrationMessages.member }).check(z.trim(), z.minLength(1, registrationMessages.member), z.maxLength(100, registrationMessages.tooLong)),
});
export const documentsAgainForm = z.object({
  files: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .check(z.minLength(1, registrationMessages.fellowFiles), z.maxLength(MAX_FILES, registrationMessages.tooManyFiles)),
});
