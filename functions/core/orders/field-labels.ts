/**
 * The order form's fields as people read them: each field's label, written once (the wizard's
 * steps, the visa correction form, the office's order page and visa review all use these), and
 * a stored value as words (a rate as "Standard rate: US$650.00", a visit by its name, 0/1 as
 * No/Yes) instead of the codes the form sends.
 */
import { registration2024 } from '../config/conference';
import { phonePrefixLabel } from '../data/phone-prefixes';
import { formatMoney } from '../money';
import type { MessageId } from '../i18n/messages';
import type { stepFields } from './form-fields';

export type OrderFieldName = (typeof stepFields)[2 | 3 | 4][number];

const roomLabels = Object.fromEntries(registration2024.hotelRooms.map((r) => [r.field, `${r.label}: number of rooms`])) as Record<(typeof registration2024.hotelRooms)[number]['field'], string>;

export const orderFieldLabels: Record<OrderFieldName, string> = {
  rate: 'Registration rate',
  accompanying_person: 'Accompanying persons',
  post_conference_activities_person: 'Post-conference visit (persons)',
  post_conference_activities_attach: 'Post-conference visit on 7 November',
  title: 'Title',
  first_name: 'First name',
  last_name: 'Last name',
  family_name_in_chinese: 'Family name in Chinese characters',
  given_name_in_chinese: 'Given name in Chinese characters',
  organization: 'Organization',
  position: 'Position',
  primary_address_country: 'Country or region',
  primary_email: 'E-mail',
  morning_workshop: 'Morning workshop (4 November)',
  afternoon_workshop: 'Afternoon workshop (4 November)',
  welcome_reception: 'Welcome reception (4 November)',
  gala_dinner: 'Gala dinner (6 November)',
  dietary_requirements: 'Dietary requirements',
  other_dietary_requirements_allergies: 'Other dietary requirements or allergies',
  special_assistance_requirements: 'Special assistance requirements',
  visa_required: 'Do you need a visa support letter?',
  full_name_as_on_passport: 'Full name as on passport',
  gender: 'Gender',
  nationality: 'Nationality',
  for_visa_support_letter: 'Affiliation (as it should appear on the letter)',
  date_of_birth: 'Date of birth',
  issue_date_of_passport: 'Issue date of passport',
  expiry_date_of_passport: 'Expiry date of passport',
  passport_number: 'Passport number',
  phone_number: 'Phone number',
  phone_number_prefix: 'Phone number prefix',
  front_page_of_the_passport: 'Front page of the passport',
  other_info_required_by_chinese_embassy_for_visa_support: 'Other information required by the Chinese embassy',
  hotel_book_required: 'Do you need a hotel room?',
  check_in_date: 'Check-in date',
  check_out_date: 'Check-out date',
  ...roomLabels,
  other_room_request: 'Other room requests',
  date_of_arrival_check_in: 'Date of arrival',
  accommodation_reservation: 'Accommodation reservation',
};

/**
 * Each label's catalog id (the English text there is the label above, word for word): pages show
 * `t(orderFieldLabelIds[field])` in their language.
 */
export const orderFieldLabelIds = Object.fromEntries(Object.keys(orderFieldLabels).map((field) => [field, `registration.field.${field}`])) as Record<OrderFieldName, MessageId>;

/** A rate as the wizard offers it and every page names it: "Standard rate: US$650.00". */
export const rateChoiceLabel = (rate: { label: string; amount: number }) => `${rate.label} rate: ${formatMoney(rate.amount)}`;

/** The form's 0/1 answers (workshops, reception, dinner, visa, hotel). */
const yesNoFields = new Set<string>(['morning_workshop', 'afternoon_workshop', 'welcome_reception', 'gala_dinner', 'visa_required', 'hotel_book_required']);

const NONE = '-';

/** A stored value of `field` as a person reads it ("-" for nothing given). */
export function orderFieldText(field: OrderFieldName, value: unknown): string {
  if (value === null || value === undefined || value === '') return field === 'dietary_requirements' ? 'None' : NONE;
  if (yesNoFields.has(field)) return Number(value) === 1 ? 'Yes' : 'No';
  if (field === 'rate') {
    const rate = registration2024.rates.find((r) => r.value === Number(value));
    return rate ? rateChoiceLabel(rate) : String(value);
  }
  if (field === 'post_conference_activities_attach') return registration2024.postConferenceActivities.find((a) => a.value === Number(value))?.label ?? NONE;
  if (field === 'phone_number_prefix') return phonePrefixLabel(String(value));
  // The scan's file id says nothing to a person: the office's page links the file itself.
  if (field === 'front_page_of_the_passport') return 'Uploaded';
  return String(value);
}
