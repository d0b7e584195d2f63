/**
 * Field lists of the order form that code without the form's schema needs too (the office's order
 * rows, the visa review, reading an order back): here, so that reading them does not build every
 * zod schema of the form (schemas.ts re-exports them, and checks at compile time that the steps'
 * lists are its shapes' fields).
 */
import { registration2024 } from '../config/conference';

export const roomFields = registration2024.hotelRooms.map((r) => r.field);
export type RoomField = (typeof roomFields)[number];

/** The fields a correction may change: the passport data the letter prints, and the scan. */
export const passportFields = [
  'full_name_as_on_passport',
  'gender',
  'nationality',
  'date_of_birth',
  'passport_number',
  'issue_date_of_passport',
  'expiry_date_of_passport',
  'front_page_of_the_passport',
  'for_visa_support_letter',
  'other_info_required_by_chinese_embassy_for_visa_support',
] as const;
export type PassportField = (typeof passportFields)[number];

/** Asked only when a visa letter is requested (the form hides them, and sends them empty, on "No"). */
export const visaRequestFields = [
  'for_visa_support_letter',
  'date_of_birth',
  'issue_date_of_passport',
  'expiry_date_of_passport',
  'passport_number',
  'phone_number',
  'phone_number_prefix',
  'front_page_of_the_passport',
  'other_info_required_by_chinese_embassy_for_visa_support',
] as const;

/** Asked only when a hotel booking is requested (besides the rooms). */
export const hotelRequestFields = ['check_in_date', 'check_out_date', 'other_room_request'] as const;

/** The fields of each step, in the form's order (to send only the step the wizard shows, and to freeze paid orders' amounts). */
export const stepFields = {
  2: ['rate', 'accompanying_person', 'post_conference_activities_person', 'post_conference_activities_attach'],
  3: [
    'title',
    'first_name',
    'last_name',
    'family_name_in_chinese',
    'given_name_in_chinese',
    'organization',
    'position',
    'primary_address_country',
    'primary_email',
    'morning_workshop',
    'afternoon_workshop',
    'welcome_reception',
    'gala_dinner',
    'dietary_requirements',
    'other_dietary_requirements_allergies',
    'special_assistance_requirements',
  ],
  4: [
    'visa_required',
    'full_name_as_on_passport',
    'gender',
    'nationality',
    ...visaRequestFields,
    'hotel_book_required',
    'check_in_date',
    'check_out_date',
    ...roomFields,
    'other_room_request',
    'date_of_arrival_check_in',
    'accommodation_reservation',
  ],
} as const;
