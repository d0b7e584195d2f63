/**
 * An order's tickets (issue 34, decision 0070): one per person the order admits, the delegate
 * (person 0) and each accompanying person (1..n), with the entitlements the order booked. A
 * ticket is a function of the order alone, so it is never stored apart from it: the order's
 * list entry for the doors (core/office/order-rows.ts, slot `tickets`) is written in every
 * transaction that writes the order, and a cancellation revokes its tickets in the same write.
 *
 * - The delegate: every congress day, the workshops, reception and dinner ticked on step 3.
 * - An accompanying person: the welcome reception and the gala dinner as the delegate booked
 *   them (the social programme their fee pays for), never the scientific sessions.
 * - The group visit: the first `post_conference_activities_person` people of the order, the
 *   delegate first (step 2 books a number of places, not names).
 */
import { ORDER_STATUS } from '../orders/states';
import { chineseName } from '../orders/chinese-names';
import type { StoredOrder } from '../orders/ports';
import { conference } from '../config/conference';
import { entitlementMask, type Entitlement } from './lists';
import { encodePayload, factsBytes, signedMessage } from './payload';

export type TicketOrder = Pick<
  StoredOrder,
  | 'id'
  | 'owner_id'
  | 'sequence'
  | 'order_no'
  | 'payment_status'
  | 'paid_at'
  | 'first_name'
  | 'last_name'
  | 'family_name_in_chinese'
  | 'given_name_in_chinese'
  | 'organization'
  | 'primary_address_country'
  | 'accompanying_person'
  | 'post_conference_activities_person'
  | 'morning_workshop'
  | 'afternoon_workshop'
  | 'welcome_reception'
  | 'gala_dinner'
> & { anonymised_at?: string };

/** One person's ticket, as a device keeps it and the office lists it. */
export interface Ticket {
  /** `<order sequence>-<person>` (the payload carries both numbers). */
  id: string;
  order_id: string;
  order_no: string;
  sequence: number;
  /** 0: the delegate; 1..n: accompanying persons. */
  person: number;
  role: 'delegate' | 'accompanying';
  first_name: string;
  last_name: string;
  /** Family name first, without a space (王小明), when the order gives one. */
  chinese_name: string | null;
  organization: string;
  country: string;
  /** Entitlement bits (lists.ts ENTITLEMENT_BITS). */
  entitlements: number;
  /** Revoked: the order was cancelled or is being refunded after it was paid. */
  revoked: boolean;
}

export const ticketId = (sequence: number, person: number) => `${sequence}-${person}`;
export function parseTicketId(id: string): { sequence: number; person: number } | null {
  const m = /^(\d{1,9})-(\d{1,2})$/.exec(id);
  return m ? { sequence: Number(m[1]), person: Number(m[2]) } : null;
}

/**
 * Whether the order has tickets at all: it was paid (a cancelled or refunding order was: only a
 * Paid order can be cancelled). Its tickets admit only while it is Paid; otherwise, and once its
 * account is deleted, they are revoked (and carry no name).
 */
export const hasTickets = (o: Pick<TicketOrder, 'payment_status'>) =>
  o.payment_status === ORDER_STATUS.paid || o.payment_status === ORDER_STATUS.cancelled || o.payment_status === ORDER_STATUS.refunding;

/** The tickets' validity: only a Paid order's admit anyone. */
export const ticketsValid = (o: Pick<TicketOrder, 'payment_status' | 'anonymised_at'>) => o.payment_status === ORDER_STATUS.paid && !o.anonymised_at;

export function ticketsOf(o: TicketOrder): Ticket[] {
  if (!hasTickets(o)) return [];
  const companions = Math.max(0, Number(o.accompanying_person ?? 0));
  const visitPlaces = Math.max(0, Number(o.post_conference_activities_person ?? 0));
  const social: Entitlement[] = [...(o.welcome_reception === 1 ? (['welcomeReception'] as const) : []), ...(o.gala_dinner === 1 ? (['galaDinner'] as const) : [])];
  const tickets: Ticket[] = [];
  for (let person = 0; person <= companions; person++) {
    const entitlements: Entitlement[] =
      person === 0
        ? ['day1', 'day2', 'day3', 'day4', ...(o.morning_workshop === 1 ? (['morningWorkshop'] as const) : []), ...(o.afternoon_workshop === 1 ? (['afternoonWorkshop'] as const) : []), ...social]
        : [...social];
    if (person < visitPlaces) entitlements.push('groupVisit');
    tickets.push({
      id: ticketId(o.sequence, person),
      order_id: o.id,
      order_no: o.order_no,
      sequence: o.sequence,
      person,
      role: person === 0 ? 'delegate' : 'accompanying',
      first_name: o.anonymised_at ? '' : o.first_name,
      last_name: o.anonymised_at ? '' : o.last_name,
      chinese_name: o.anonymised_at ? null : chineseName(o),
      organization: o.anonymised_at ? '' : o.organization,
      country: o.anonymised_at ? '' : o.primary_address_country,
      entitlements: entitlementMask(entitlements),
      revoked: !ticketsValid(o),
    });
  }
  return tickets;
}

/** The signer of tickets (functions/lib/checkin-keys.ts): its current key id and a signature with it. */
export interface TicketSigner {
  current: number;
  sign(message: Uint8Array): Uint8Array;
}

/** A ticket's QR text (payload.ts): its facts, valid until the congress's last day, signed with the current key. */
export function signTicket(t: Pick<Ticket, 'sequence' | 'person' | 'entitlements'>, signer: TicketSigner): string {
  const facts = factsBytes({ keyId: signer.current, edition: conference.edition, sequence: t.sequence, person: t.person, entitlements: t.entitlements, validUntil: conference.dates.end });
  return encodePayload(facts, signer.sign(signedMessage(facts)));
}
