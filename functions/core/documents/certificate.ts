/**
 * The certificate of attendance (issue 17): who may have one and what it says. Pure: the order,
 * the delegate's accepted presentations and the instant come in, a PdfSpec (fixed when issued,
 * core/documents/model.ts) goes out. The texts are the organisers' (texts.json "certificate").
 */
import { personName, tidy } from './names';
import type { StoredAbstract } from '../abstracts/ports';
import { conference } from '../config/conference';
import type { StoredOrder } from '../orders/ports';
import { ORDER_STATUS, orderStatusNames } from '../orders/states';
import { formatDay, formatDayRange } from '../i18n/format';
import type { Lang } from '../i18n/lang';
import { formatCstDeadline, isBefore } from '../time';
import type { IssuedDocument, PdfSpec } from './model';
import { bilingualSpec, documentObjectKey } from './model';
import { congressEnds } from './congress-end';
import { congressIn, documentFooter, documentTexts, fillText, textsIn } from './texts';


/** The congress ends at 24:00 CST of its last day; certificates are issued from then on. */
export { congressEnds };

export const certificateMessages = {
  beforeEnd: `Available after the congress ends: ${formatCstDeadline(congressEnds)}.`,
  notPaid: (status: string) => `This order is ${status}: a certificate of attendance is issued for paid registrations only.`,
  notAttended: `Your attendance has not been recorded. If you attended, please write to ${conference.contacts.registration} and the office will mark it.`,
  notFound: 'No such order.',
  issued: 'Your certificate of attendance is ready.',
} as const;

export type CertificateRefusal = 'before-end' | 'not-paid' | 'not-attended';

/**
 * Whether the order's certificate can be had at `now`, and if not, why (in that order: the order
 * must be paid, the congress over, the attendance marked). The list shows the same reason the
 * issuing route refuses with; `offered`: whether the list shows a certificate line at all (only
 * a paid order can ever have one: an Unpaid, Checking or Cancelled order is not told "available
 * after the congress").
 */
export function certificateStatus(order: Pick<StoredOrder, 'payment_status' | 'attendance'>, now: Date): { available: boolean; refusal: CertificateRefusal | null; message: string | null; offered: boolean } {
  if (order.payment_status !== ORDER_STATUS.paid) return { available: false, refusal: 'not-paid', message: certificateMessages.notPaid(orderStatusNames[order.payment_status]), offered: false };
  if (isBefore(now, congressEnds)) return { available: false, refusal: 'before-end', message: certificateMessages.beforeEnd, offered: true };
  if (!order.attendance?.attended) return { available: false, refusal: 'not-attended', message: certificateMessages.notAttended, offered: true };
  return { available: true, refusal: null, message: null, offered: true };
}

/** The name as the delegate wrote it on the order (documents/names.ts). */
export const certificateName = personName;

export interface CertificatePresentation {
  type: 'oral' | 'poster';
  title: string;
}

/** A name as compared with another: case, accents and spacing aside. */
const nameKey = (s: string) =>
  tidy(s)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

/**
 * The accepted presentations of the person the order is for: an account may hold orders for
 * several people, so an abstract counts for this order when one of its presenters (the first
 * author, or the presenters named) has the order's name, either way round.
 */
export function presentationsFor(order: Pick<StoredOrder, 'first_name' | 'last_name'>, abstracts: readonly StoredAbstract[]): CertificatePresentation[] {
  const wanted = new Set([nameKey(`${order.first_name} ${order.last_name}`), nameKey(`${order.last_name} ${order.first_name}`)]);
  return abstracts
    .filter((a) => a.presentation)
    .filter((a) => {
      const presenters = a.presenter_abstract ? a.authors.slice(0, 1) : a.presenter_infos;
      return presenters.some((p) => wanted.has(nameKey(`${p.first_name} ${p.last_name}`)));
    })
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((a) => ({ type: a.presentation!.type, title: tidy(a.title_of_abstract) }));
}

type CertificateInput = { order: Pick<StoredOrder, 'first_name' | 'last_name' | 'order_no'> & Partial<Pick<StoredOrder, 'family_name_in_chinese' | 'given_name_in_chinese'>>; presentations: readonly CertificatePresentation[]; issuedAt: Date };

/** What the certificate says, in Chinese and English: fixed at `issuedAt`, rendered later from this spec. */
export const certificateSpec = (input: CertificateInput): PdfSpec => bilingualSpec((lang) => certificateIn(input, lang));

function certificateIn(input: CertificateInput, lang: Lang): PdfSpec {
  const texts = textsIn(documentTexts.certificate, lang);
  const organiser = textsIn(documentTexts.organiser, lang);
  const day = formatDay(lang, input.issuedAt);
  const values = {
    // The same in both languages: the name as written, with its Chinese characters when given (Xiaoming Wang (王小明)).
    name: certificateName(input.order),
    congress: congressIn(lang).full_name,
    venue: texts.venue,
    dates: formatDayRange(lang, conference.dates.start, conference.dates.end),
    order_no: input.order.order_no,
    day,
  };
  return {
    title: texts.title,
    meta: [
      [texts.meta_order, input.order.order_no],
      [texts.meta_issued, day],
    ],
    blocks: [
      { kind: 'space' },
      { kind: 'paragraph', text: fillText(texts.certify, values) },
      { kind: 'heading', text: values.name },
      { kind: 'paragraph', text: fillText(texts.attended, values) },
      ...(input.presentations.length > 0
        ? [{ kind: 'paragraph' as const, text: fillText(texts.presented, values) }, { kind: 'fields' as const, rows: input.presentations.map((p) => [texts[p.type], p.title] as const) }]
        : []),
      { kind: 'space' },
      { kind: 'paragraph', text: fillText(texts.closing, values) },
      { kind: 'signature', name: organiser.signatory, role: organiser.signatory_role },
    ],
    footer: documentFooter(lang),
    issued_at: input.issuedAt.toISOString(),
  };
}

/** The certificate as issued: one per order (a later one would replace it), about the order, in its owner's documents. */
export function certificateDocument(input: { id: string; order: StoredOrder; presentations: readonly CertificatePresentation[]; issuedAt: Date }): IssuedDocument {
  const { id, order } = input;
  return {
    id,
    kind: 'certificate',
    owner_id: order.owner_id,
    subject: { kind: 'order', id: order.id },
    number: null,
    version: 1,
    issued_at: input.issuedAt.toISOString(),
    file_name: fillText(documentTexts.certificate.file_name, { order_no: order.order_no }),
    spec: certificateSpec(input),
    replaces: null,
    refers_to: null,
    object_key: documentObjectKey(order.owner_id, id),
    rendered_at: null,
    replaced_by: null,
  };
}
