/**
 * The wizard's form values and how they meet the shared schema (functions/core/orders/schemas.ts):
 * every field is kept as the string a control holds ('650', '0'/'1', 'YYYY-MM-DD'); the schema
 * reads those as the server does, so a step is refused in the browser with the server's words.
 */
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { registration2024 } from '#core/config/conference';
import { orderTotal } from '#core/orders/pricing';
import { hotelRequestFields, roomFields, step2Schema, step3Schema, step4Schema, stepFields, visaRequestFields, type OrderFormInput, type RoomField } from '#core/orders/schemas';
import type { IssueMessage } from '../../i18n/i18n';
import type { OrderDetail } from './api';

type FormFields = (typeof stepFields)[2][number] | (typeof stepFields)[3][number] | (typeof stepFields)[4][number];

/** The name shown for the passport page an order was saved with (the page shows it in its language). */
export const savedPassportName = 'Passport front page (saved with the order)';

export type OrderFormValues = Record<FormFields, string> & {
  /** Shown beside the uploaded passport page; never sent. */
  passport_file_name: string;
};

export const dataSteps = [2, 3, 4] as const;
export type DataStep = (typeof dataSteps)[number];

const stepSchemas = { 2: step2Schema, 3: step3Schema, 4: step4Schema } as const;

export function blankOrderForm(profile?: { first_name?: string; last_name?: string; family_name_in_chinese?: string; given_name_in_chinese?: string; organization?: string; email?: string; country?: string }): OrderFormValues {
  const values = Object.fromEntries([...stepFields[2], ...stepFields[3], ...stepFields[4]].map((f) => [f, ''])) as OrderFormValues;
  values.accompanying_person = '0';
  values.post_conference_activities_person = '0';
  for (const room of roomFields) values[room] = '0';
  values.first_name = profile?.first_name ?? '';
  values.last_name = profile?.last_name ?? '';
  values.family_name_in_chinese = profile?.family_name_in_chinese ?? '';
  values.given_name_in_chinese = profile?.given_name_in_chinese ?? '';
  values.organization = profile?.organization ?? '';
  values.primary_email = profile?.email ?? '';
  values.primary_address_country = profile?.country ?? '';
  values.passport_file_name = '';
  return values;
}

/** A saved order's fields as the form holds them. */
export function formFromDetail(detail: OrderDetail['detail']): OrderFormValues {
  const values = blankOrderForm();
  for (const [key, value] of Object.entries(detail)) {
    if (key in values) (values as Record<string, string>)[key] = value === null || value === undefined ? '' : String(value);
  }
  if (values.post_conference_activities_attach === '0') values.post_conference_activities_attach = '';
  values.passport_file_name = values.front_page_of_the_passport ? savedPassportName : '';
  return values;
}

/**
 * The values that count: the fields of a visa or hotel request that was answered "No" are hidden,
 * so they are neither checked nor sent (they stay in the form, should the delegate answer Yes
 * again). Without this a hidden phone number would refuse the step with a message nobody sees.
 */
export function effectiveValues(values: OrderFormValues): OrderFormValues {
  const out = { ...values };
  if (out.visa_required !== '1') for (const f of visaRequestFields) out[f] = '';
  if (out.hotel_book_required !== '1') {
    for (const f of hotelRequestFields) out[f] = '';
    for (const f of roomFields) out[f] = '0';
  }
  if (Number(out.post_conference_activities_person || 0) === 0) out.post_conference_activities_attach = '';
  return out;
}

/** What is sent: the form's effective fields, as the spec's client sends them (strings, 0/1, YYYY-MM-DD). */
export function wireForm(values: OrderFormValues): OrderFormInput {
  const { passport_file_name: _name, ...fields } = effectiveValues(values);
  return fields satisfies Record<string, string> as OrderFormInput;
}

/**
 * Checks one step with the shared schema; puts each message on its field. Answers whether the
 * step is valid. Errors of the other steps are left as they are.
 */
export function validateStep<T extends FieldValues>(form: UseFormReturn<T>, step: DataStep, say: IssueMessage = (i) => i.message): boolean {
  const names = stepFields[step] as readonly string[];
  form.clearErrors(names as never);
  const result = stepSchemas[step].safeParse(effectiveValues(form.getValues() as unknown as OrderFormValues));
  if (result.success) return true;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (names.includes(field) && !form.getFieldState(field as never).error) form.setError(field as never, { type: 'validate', message: say(issue) });
  }
  return false;
}

/**
 * A field marked wrong, checked again as the delegate changes it: its message goes once it is
 * right, or says what is wrong now. Returns whether the step still has a field marked wrong.
 */
export function recheckField<T extends FieldValues>(form: UseFormReturn<T>, step: DataStep, field: string, say: IssueMessage = (i) => i.message): boolean {
  const names = stepFields[step] as readonly string[];
  if (!names.includes(field)) return names.some((n) => form.getFieldState(n as never).error);
  const result = stepSchemas[step].safeParse(effectiveValues(form.getValues() as unknown as OrderFormValues));
  const issue = result.success ? undefined : result.error.issues.find((i) => String(i.path[0] ?? '') === field);
  if (issue) form.setError(field as never, { type: 'validate', message: say(issue) });
  else form.clearErrors(field as never);
  return names.some((n) => form.getFieldState(n as never).error);
}

const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : 0);

/** The live total of step 2 in cents (the server computes the charged amount the same way). */
export function liveTotal(values: Pick<OrderFormValues, 'rate' | 'accompanying_person' | 'post_conference_activities_person'>): number | null {
  const rate = Number(values.rate);
  if (!registration2024.rates.some((r) => r.value === rate)) return null;
  return orderTotal({ rate, accompanying_person: whole(values.accompanying_person), post_conference_activities_person: whole(values.post_conference_activities_person) });
}

const dayMs = 24 * 60 * 60 * 1000;

/** Nights between two YYYY-MM-DD days (0 when either is missing or out of order). */
export function nights(checkIn: string, checkOut: string): number {
  const a = Date.parse(`${checkIn}T00:00:00Z`);
  const b = Date.parse(`${checkOut}T00:00:00Z`);
  return Number.isNaN(a) || Number.isNaN(b) || b <= a ? 0 : Math.round((b - a) / dayMs);
}

/** The hotel estimate in CNY fen: rooms x nights x price per night (paid at the hotel, not in the order). */
export function hotelEstimate(values: Record<RoomField | 'check_in_date' | 'check_out_date', string>): { nights: number; rooms: number; total: number } {
  const n = nights(values.check_in_date, values.check_out_date);
  let rooms = 0;
  let total = 0;
  for (const room of registration2024.hotelRooms) {
    const count = whole(values[room.field]);
    rooms += count;
    total += count * room.pricePerNight * n;
  }
  return { nights: n, rooms, total };
}
