/**
 * What a printed ticket and a badge say about one person (issue 34): the name in its own script
 * and in Latin, the organisation and country, the role band, the entitlement marks and the QR
 * text. Pure: the PDFs (lib/pdf/tickets.ts) only lay these out; the words come from the
 * organisers' document texts (core/documents/texts.json `ticket`, `badge`), in both languages.
 *
 * Names: the Latin name is given name then family name as the order has them; the name in
 * Chinese characters is family name first without a space (王小明), from the order's Chinese
 * name fields, or from the Latin fields when the delegate wrote Chinese characters there.
 * The order names only its delegate: an accompanying person's badge says whose guest they are.
 */
import { documentTexts, fillText } from '../documents/texts';
import { namesOf } from './names';
import { entitlementsOf, entitlementNames, type Entitlement } from '../checkin/lists';
import type { TicketView } from '../checkin/order-tickets';
import type { BadgeRole } from './badge-role';

/** Both languages of one word or line: the Chinese (`zh`) printed first where it differs. */
export interface Bilingual {
  en: string;
  zh: string;
}

export interface TicketCard {
  ticket_id: string;
  order_no: string;
  /** 1 for the delegate, 2, 3... for accompanying persons (as people count). */
  person: number;
  role: BadgeRole;
  role_label: Bilingual;
  /** The name in Chinese characters, family name first (null: none given, or a guest). */
  native_name: string | null;
  /** The name in Latin letters (null: a guest, or a name given only in Chinese characters). */
  latin_name: string | null;
  /** An accompanying person: the delegate's name, in the guest line. */
  guest_of: Bilingual | null;
  organization: string;
  country: string;
  entitlements: Entitlement[];
  marks: Bilingual[];
  /** The QR text; null when the ticket is revoked (the PDF says so instead). */
  qr: string | null;
}

const badgeTexts = documentTexts.badge;
const roleLabel = (role: BadgeRole): Bilingual => ({ en: badgeTexts.roles[role], zh: badgeTexts.roles[`${role}_zh`] });
export const entitlementMark = (e: Entitlement): Bilingual => ({ en: badgeTexts.marks[e], zh: badgeTexts.marks[`${e}_zh`] });

export function ticketCard(t: TicketView, role: BadgeRole): TicketCard {
  const names = namesOf(t);
  const guest = t.person > 0;
  const entitlements = entitlementNames.filter((e) => entitlementsOf(t.entitlements).has(e));
  return {
    ticket_id: t.id,
    order_no: t.order_no,
    person: t.person + 1,
    role,
    role_label: roleLabel(role),
    native_name: guest ? null : names.native,
    latin_name: guest ? null : names.latin,
    guest_of: guest ? { en: fillText(badgeTexts.guest_of, { name: names.latin ?? names.native ?? '' }), zh: fillText(badgeTexts.guest_of_zh, { name: names.native ?? names.latin ?? '' }) } : null,
    organization: t.organization,
    country: t.country,
    entitlements,
    marks: entitlements.map(entitlementMark),
    qr: t.revoked ? null : t.qr,
  };
}

/** The ticket PDF's file name (texts.json `ticket.file_name`). */
export const ticketFileName = (c: Pick<TicketCard, 'order_no' | 'person'>) => fillText(documentTexts.ticket.file_name, { order_no: c.order_no, person: c.person });
/** One order's badges' file name. */
export const badgeFileName = (orderNo: string) => fillText(badgeTexts.file_name, { order_no: orderNo });
