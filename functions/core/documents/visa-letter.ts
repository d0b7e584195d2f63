/**
 * The visa invitation letter of an order (issue 17): what it says is built here, as a PdfSpec,
 * from the order's passport data and the organisers' texts (texts.json "visa-letter", plain
 * placeholders only). Pure: the same order, texts and instant give the same letter, so it is
 * unit-tested with a fixed clock and stored as this snapshot when it is issued (the PDF is
 * rendered from it later, on the first download).
 */
import { conference } from '../config/conference';
import { formatDay, formatDayRange } from '../i18n/format';
import type { Lang } from '../i18n/lang';
import type { StoredOrder } from '../orders/ports';
import { bilingualSpec, documentObjectKey, type IssuedDocument, type PdfSpec } from './model';
import { congressIn, documentFooter, documentTexts, fillText, textsIn } from './texts';

/** The order's fields a letter prints (and a correction may change). */
export type VisaLetterOrder = Pick<
  StoredOrder,
  | 'id'
  | 'owner_id'
  | 'order_no'
  | 'full_name_as_on_passport'
  | 'nationality'
  | 'date_of_birth'
  | 'passport_number'
  | 'issue_date_of_passport'
  | 'expiry_date_of_passport'
  | 'for_visa_support_letter'
  | 'organization'
>;

/** "1990-03-15" as the letter prints a calendar day ("15 March 1990", "1990年3月15日"); empty stays empty. */
const day = (lang: Lang, d: string) => (d ? formatDay(lang, `${d}T12:00:00+08:00`) : '');

/** The values the letter's placeholders are filled with, in `lang` (the passport's data as given). */
export function visaLetterValues(order: VisaLetterOrder, issuedAt: Date, lang: Lang = 'en') {
  const congress = congressIn(lang);
  return {
    congress_name: congress.name,
    congress_full_name: congress.full_name,
    congress_dates: formatDayRange(lang, conference.dates.start, conference.dates.end),
    venue: textsIn(documentTexts['visa-letter'], lang).venue,
    city: congress.city,
    country: congress.country,
    delegate_name: order.full_name_as_on_passport.trim(),
    nationality: order.nationality,
    date_of_birth: day(lang, order.date_of_birth),
    passport_number: order.passport_number,
    passport_issued: day(lang, order.issue_date_of_passport),
    passport_expires: day(lang, order.expiry_date_of_passport),
    // The spec's for_visa_support_letter is the affiliation the letter names; the order's organisation otherwise.
    affiliation: (order.for_visa_support_letter || order.organization).trim(),
    order_no: order.order_no,
    issue_date: formatDay(lang, issuedAt),
    contact: conference.contacts.registration,
  };
}

/** The letter as a document spec, in Chinese and English: addressee, invitation, the passport particulars, purpose, signature. */
export const visaLetterSpec = (order: VisaLetterOrder, issuedAt: Date): PdfSpec => bilingualSpec((lang) => visaLetterIn(order, issuedAt, lang));

function visaLetterIn(order: VisaLetterOrder, issuedAt: Date, lang: Lang): PdfSpec {
  const texts = textsIn(documentTexts['visa-letter'], lang);
  const organiser = textsIn(documentTexts.organiser, lang);
  const v = visaLetterValues(order, issuedAt, lang);
  const fill = (t: string) => fillText(t, v);
  return {
    title: fill(texts.title),
    meta: [
      [fill(texts.meta_date), v.issue_date],
      [fill(texts.meta_order), v.order_no],
    ],
    blocks: [
      { kind: 'paragraph', text: fill(texts.addressee) },
      { kind: 'heading', text: fill(texts.subject) },
      { kind: 'paragraph', text: fill(texts.opening) },
      { kind: 'paragraph', text: fill(texts.invitation) },
      { kind: 'paragraph', text: fill(texts.details_intro) },
      {
        kind: 'fields',
        rows: [
          [fill(texts.label_name), v.delegate_name],
          [fill(texts.label_nationality), v.nationality],
          [fill(texts.label_date_of_birth), v.date_of_birth],
          [fill(texts.label_passport_number), v.passport_number],
          [fill(texts.label_passport_dates), `${v.passport_issued} / ${v.passport_expires}`],
          [fill(texts.label_affiliation), v.affiliation],
          [fill(texts.label_order), v.order_no],
        ],
      },
      { kind: 'paragraph', text: fill(texts.purpose) },
      { kind: 'paragraph', text: fill(texts.closing) },
      { kind: 'paragraph', text: fill(texts.regards) },
      { kind: 'signature', name: organiser.signatory, role: organiser.signatory_role },
    ],
    footer: documentFooter(lang),
    issued_at: issuedAt.toISOString(),
  };
}

/**
 * The letter as an issued document: version n of the order's letters, replacing the one before
 * (a regenerated letter after a correction); never edited afterwards.
 */
export function visaLetterDocument(
  order: VisaLetterOrder,
  issuedAt: Date,
  input: { id: string; version: number; replaces: string | null },
): IssuedDocument {
  const file = fillText(documentTexts['visa-letter'].file_name, visaLetterValues(order, issuedAt));
  return {
    id: input.id,
    kind: 'visa-letter',
    owner_id: order.owner_id,
    subject: { kind: 'order', id: order.id },
    number: null,
    version: input.version,
    issued_at: issuedAt.toISOString(),
    file_name: `${file}${input.version > 1 ? `-v${input.version}` : ''}.pdf`,
    spec: visaLetterSpec(order, issuedAt),
    replaces: input.replaces,
    refers_to: null,
    object_key: documentObjectKey(order.owner_id, input.id),
    rendered_at: null,
    replaced_by: null,
  };
}
