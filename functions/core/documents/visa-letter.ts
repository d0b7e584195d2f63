/**
 * The visa invitation letter of an order (issue 17): what it says is built here, as a PdfSpec,
 * from the order's passport data and the organisers' texts (texts.json "visa-letter", plain
 * placeholders only). Pure: the same order, texts and instant give the same letter, so it is
 * unit-tested with a fixed clock and stored as this snapshot when it is issued (the PDF is
 * rendered from it later, on the first download).
 */
import { conference } from '../config/conference';
import type { StoredOrder } from '../orders/ports';
import { formatCstDay, formatCstDayRange } from '../time';
import { documentObjectKey, type IssuedDocument, type PdfSpec } from './model';
import { documentFooter, documentTexts, fillText } from './texts';

const texts = documentTexts['visa-letter'];

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

/** "1990-03-15" as the letter prints a calendar day ("15 March 1990"); empty stays empty. */
const day = (d: string) => (d ? formatCstDay(`${d}T12:00:00+08:00`) : '');

/** The values the letter's placeholders are filled with. */
export function visaLetterValues(order: VisaLetterOrder, issuedAt: Date) {
  return {
    congress_name: conference.name,
    congress_full_name: conference.fullName,
    congress_dates: formatCstDayRange(conference.dates.start, conference.dates.end),
    venue: texts.venue,
    city: conference.city,
    country: conference.country,
    delegate_name: order.full_name_as_on_passport.trim(),
    nationality: order.nationality,
    date_of_birth: day(order.date_of_birth),
    passport_number: order.passport_number,
    passport_issued: day(order.issue_date_of_passport),
    passport_expires: day(order.expiry_date_of_passport),
    // The spec's for_visa_support_letter is the affiliation the letter names; the order's organisation otherwise.
    affiliation: (order.for_visa_support_letter || order.organization).trim(),
    order_no: order.order_no,
    issue_date: formatCstDay(issuedAt),
    contact: conference.contacts.registration,
  };
}

/** The letter as a document spec: addressee, invitation, the passport particulars, purpose, signature. */
export function visaLetterSpec(order: VisaLetterOrder, issuedAt: Date): PdfSpec {
  const v = visaLetterValues(order, issuedAt);
  const fill = (t: string) => fillText(t, v);
  return {
    title: fill(texts.title),
    meta: [
      ['Date', v.issue_date],
      ['Registration', v.order_no],
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
      { kind: 'signature', name: documentTexts.organiser.signatory, role: documentTexts.organiser.signatory_role },
    ],
    footer: documentFooter(),
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
  const file = fillText(texts.file_name, visaLetterValues(order, issuedAt));
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
