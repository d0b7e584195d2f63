/** What the order form and the order routes say when they refuse (browser and server alike). */
import { conference, registration2024 } from '../config/conference';
import { text } from '../i18n/messages';

/** The messages with values by their catalog ids (registration.json), for the API's answer in the reader's language; their English is `orderMessages`' word for word. */
export const orderTexts = {
  tooMany: (max: number) => text('api.registration.atMost', { max: String(max) }),
};

export const orderMessages = {
  enter: 'Please enter.',
  select: 'Please select.',
  rate: `Please select Standard or Local rate. To add to an existing registration, please send an e-mail to ${conference.contacts.registration}.`,
  count: 'Please enter a whole number of 0 or more.',
  tooMany: (max: number) => `At most ${max}.`,
  visitPersons: 'Post-conference visits are for you and your accompanying persons: at most one more than the accompanying persons.',
  phonePrefix: 'Please select phone number prefix.',
  date: 'Please enter a date as YYYY-MM-DD.',
  passportDates: 'The expiry date must be after the issue date.',
  birthDate: 'Please enter a date of birth in the past.',
  passportFile: 'Please upload the front page of the passport (jpg, png or pdf).',
  checkOut: 'The check-out date must be after the check-in date.',
  stayWindow: `Rooms can be booked from ${registration2024.hotelStay.earliestCheckIn} to ${registration2024.hotelStay.latestCheckOut}.`,
  rooms: 'Please choose at least one room.',
  tooLong: 'This text is too long.',
  idRequired: 'The id is required.',
  submitFirst: 'Please submit the form first.',
  editNotAllowed: 'Editing is not allowed in the current order status.',
  chineseName: 'Please write the name in Chinese characters only, or leave it empty.',
  chineseNameBoth: 'Please enter both the family name and the given name in Chinese characters, or leave both empty.',
  fapiaoTitle: 'Please enter the fapiao title: the registered name of the institution that pays.',
  fapiaoTaxpayerId: 'Please enter the taxpayer ID: the 18-character Unified Social Credit Code (统一社会信用代码).',
  fapiaoTaxpayerIdCheck: 'This Unified Social Credit Code is not valid: please copy it again from the business licence (its last character checks the others).',
} as const;
