/**
 * The doors of the congress (issue 34, decision 0070): one check-in list per door, and the
 * entitlement a ticket needs to pass it. A ticket carries its entitlements as bits (payload.ts);
 * the lists are fixed by the congress's facts (config/conference.ts), so the device, the server
 * and the office read the same table.
 *
 * - Conference entry, one list per congress day: re-entry allowed (delegates leave for lunch and
 *   come back); the first scan is the day's entry, later ones are re-entries, never conflicts.
 * - Workshops, the welcome reception, the gala dinner and the group visit: once per ticket; a
 *   second scan of the same ticket is refused at the door and, if two offline devices both let it
 *   in, reported as a duplicate.
 * - Badge pickup: once per ticket, never an entry (printing a badge does not count as attending).
 */
import { conference, registration2024 } from '../config/conference';
import type { MessageId } from '../i18n/messages';

/** Bit positions of the entitlements in a ticket's payload (never renumbered: printed tickets carry them). */
export const ENTITLEMENT_BITS = {
  day1: 0,
  day2: 1,
  day3: 2,
  day4: 3,
  morningWorkshop: 4,
  afternoonWorkshop: 5,
  welcomeReception: 6,
  galaDinner: 7,
  groupVisit: 8,
} as const;
export type Entitlement = keyof typeof ENTITLEMENT_BITS;
export const entitlementNames = Object.keys(ENTITLEMENT_BITS) as Entitlement[];

export interface CheckinList {
  id: string;
  /** Its name in the catalogs (checkin.json). */
  name: MessageId;
  /** The congress day it is for, if one (YYYY-MM-DD in Beijing). */
  day?: string;
  /** The entitlement a ticket needs; none: every ticket (badge pickup). */
  needs?: Entitlement;
  /** A second scan of the same ticket is let in as a re-entry. */
  reentry: boolean;
  /** An admission is attendance at the congress (the certificate's mark): conference entry only. */
  attendance: boolean;
}

function congressDays(): string[] {
  const days: string[] = [];
  for (let d = new Date(`${conference.dates.start}T00:00:00Z`); d <= new Date(`${conference.dates.end}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    days.push(d.toISOString().slice(0, 10));
  }
  return days;
}
/** The congress days, first to last (4 to 7 November 2024). */
export const DAYS = congressDays();
const dayEntitlements = ['day1', 'day2', 'day3', 'day4'] as const satisfies readonly Entitlement[];
if (DAYS.length !== dayEntitlements.length) throw new Error('The check-in lists know four congress days');

const eventDay = (label: string) => registration2024.events.find((e) => e.label.toLowerCase().includes(label))!.day;

export const CHECKIN_LISTS: readonly CheckinList[] = [
  ...DAYS.map((day, i) => ({ id: `entry-${day}`, name: `checkin.list.entry${i + 1}` as MessageId, day, needs: dayEntitlements[i], reentry: true, attendance: true })),
  { id: 'workshop-morning', name: 'checkin.list.morningWorkshop', day: eventDay('workshop'), needs: 'morningWorkshop', reentry: false, attendance: false },
  { id: 'workshop-afternoon', name: 'checkin.list.afternoonWorkshop', day: eventDay('workshop'), needs: 'afternoonWorkshop', reentry: false, attendance: false },
  { id: 'welcome-reception', name: 'checkin.list.welcomeReception', day: eventDay('welcome'), needs: 'welcomeReception', reentry: false, attendance: false },
  { id: 'gala-dinner', name: 'checkin.list.galaDinner', day: eventDay('gala'), needs: 'galaDinner', reentry: false, attendance: false },
  { id: 'group-visit', name: 'checkin.list.groupVisit', day: eventDay('visit'), needs: 'groupVisit', reentry: false, attendance: false },
  { id: 'badge-pickup', name: 'checkin.list.badgePickup', reentry: false, attendance: false },
];
export type CheckinListId = string;
export const checkinListIds = CHECKIN_LISTS.map((l) => l.id) as [string, ...string[]];
export const BADGE_PICKUP = 'badge-pickup';

export const checkinList = (id: string): CheckinList | undefined => CHECKIN_LISTS.find((l) => l.id === id);

/** Whether a ticket with these entitlements may pass the list's door. */
export const entitledTo = (list: CheckinList, entitlements: ReadonlySet<Entitlement>) => !list.needs || entitlements.has(list.needs);

export function entitlementMask(entitlements: Iterable<Entitlement>): number {
  let mask = 0;
  for (const e of entitlements) mask |= 1 << ENTITLEMENT_BITS[e];
  return mask;
}
export function entitlementsOf(mask: number): Set<Entitlement> {
  return new Set(entitlementNames.filter((e) => (mask & (1 << ENTITLEMENT_BITS[e])) !== 0));
}
