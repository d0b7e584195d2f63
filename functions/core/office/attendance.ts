/**
 * The office marks whether an order's delegate attended the congress (issue 17): until on-site
 * check-in records it (a later issue), a person at the registration desk or in the office says
 * so. Attendance is what the certificate of attendance needs (core/documents/certificate.ts).
 * The mark is written over the order's version the organiser read (its updated_at, which the
 * write moves), with its audit entry in the same transaction.
 */
import * as z from 'zod/mini';
import { auditEntry, type Actor, type AuditEntry } from '../audit/audit';
import { conference } from '../config/conference';
import { conflict, notFound } from '../errors';
import type { Attendance, StoredOrder } from '../orders/ports';
import { ORDER_STATUS, orderStatusKeys, orderStatusNames, type OrderStatus } from '../orders/states';
import { instantValue, text } from '../i18n/messages';
import { cst, formatCstInstant, isBefore } from '../time';
import { nextVersion } from '../versions';
import type { CertificateMailOutcome } from '../documents/certificate-mail';

/** The congress's first day starts: attendance cannot be known earlier. */
export const congressStarts = cst(conference.dates.start);

export const attendanceMessages = {
  reload: 'Please reload the order.',
  choose: 'Please say whether the delegate attended.',
  stale: 'This order was changed since you opened it (a payment, an edit, or another organiser). Please reload it and mark the attendance again.',
  tooEarly: `Attendance can be marked from the congress's first day, ${formatCstInstant(congressStarts)}.`,
  notRegistered: (status: string) => `This order is ${status}: its delegate is not registered, so attendance cannot be marked.`,
  accountDeleted: "This order's delegate deleted their account: attendance (and the certificate it gives) is about the person and is no longer recorded.",
  marked: 'Attendance marked: the delegate attended.',
  markedAndMailed: 'Attendance marked: the delegate attended. The certificate of attendance is ready, and the delegate has been told by e-mail.',
  unmarked: 'Attendance removed: the delegate is recorded as not attending.',
} as const;

/** One schema for the API and the office form: the choice, over the version read. */
export const attendanceBody = z.object({
  attended: z.boolean({ message: attendanceMessages.choose }),
  version: z.string({ message: attendanceMessages.reload }).check(z.minLength(1, attendanceMessages.reload), z.maxLength(40, attendanceMessages.reload)),
});
export type AttendanceInput = z.input<typeof attendanceBody>;
/** The office form's choice (the body's `attended`, as the radio buttons give it). */
export const attendanceForm = z.object({ attended: z.enum(['yes', 'no'], { message: attendanceMessages.choose }) });
export type AttendanceFormValues = z.input<typeof attendanceForm>;

export interface AttendanceDeps {
  reads: {
    /** The order's owner (the office knows orders by id). */
    rowOf(orderId: string): Promise<{ owner_id: string } | undefined>;
    get(ownerId: string, id: string): Promise<StoredOrder | undefined>;
  };
  /** Writes the order as `order` over the version `base`, with the audit entry; 'changed' when the order moved on. */
  saveAttendance(order: StoredOrder, base: string, audit: AuditEntry): Promise<'saved' | 'changed'>;
  /** Tells the delegate the certificate is ready, if it is now, once per order (core/documents/certificate-mail.ts). */
  certificateReady(order: StoredOrder, at: Date): Promise<CertificateMailOutcome>;
}

/** A cancelled (or being refunded) order holds no place at the congress: nobody attended on it. */
const registered = (order: Pick<StoredOrder, 'payment_status'>) => order.payment_status !== ORDER_STATUS.cancelled && order.payment_status !== ORDER_STATUS.refunding;

/**
 * What the office may mark on the order now, and if nothing, why: nothing before the congress's
 * first day; on an order that holds no place (cancelled, being refunded) only a mark taken back.
 * The order's page offers exactly these choices and `markAttendance` takes exactly these.
 */
export function attendanceMarking(order: Pick<StoredOrder, 'payment_status' | 'attendance' | 'anonymised_at'>, now: Date): { open: boolean; choices: ('yes' | 'no')[]; message: string | null } {
  // Kept after its account was deleted: a mark is about the person, who is gone (docs/decisions/0042-what-a-deleted-account-leaves.md).
  if (order.anonymised_at) return { open: false, choices: [], message: attendanceMessages.accountDeleted };
  if (isBefore(now, congressStarts)) return { open: false, choices: [], message: attendanceMessages.tooEarly };
  // Taking a mark back is always allowed (a mistake); setting one needs a registration.
  if (registered(order)) return { open: true, choices: ['yes', 'no'], message: null };
  if (order.attendance?.attended) return { open: true, choices: ['no'], message: null };
  return { open: false, choices: [], message: attendanceMessages.notRegistered(orderStatusNames[order.payment_status]) };
}

/** The refusals with values by their catalog ids (office.json); their English is `attendanceMessages`' word for word. */
export const attendanceTexts = {
  tooEarly: text('office.attendance.tooEarly', { at: instantValue(congressStarts) }),
  notRegistered: (status: OrderStatus) => text('api.office.attendance.notRegistered', { status: text(`registration.status.${orderStatusKeys[status]}`) }),
};

export async function markAttendance(deps: AttendanceDeps, actor: Actor, orderId: string, input: { attended: boolean; version: string }, now: Date) {
  const row = await deps.reads.rowOf(orderId);
  const order = row && (await deps.reads.get(row.owner_id, orderId));
  if (!order) throw notFound('No such order.');
  if (order.updated_at !== input.version) throw conflict(attendanceMessages.stale);
  const marking = attendanceMarking(order, now);
  if (!marking.choices.includes(input.attended ? 'yes' : 'no')) {
    // The page's words (English) where they are fixed; by id where they carry a date or the status.
    const dated = marking.message === attendanceMessages.tooEarly ? attendanceTexts.tooEarly : marking.message;
    throw conflict(dated && dated !== attendanceMessages.notRegistered(orderStatusNames[order.payment_status]) ? dated : attendanceTexts.notRegistered(order.payment_status));
  }

  const attendance: Attendance = { attended: input.attended, marked_at: now.toISOString(), marked_by: actor.email ?? actor.id };
  const next: StoredOrder = { ...order, attendance, updated_at: nextVersion(order.updated_at, now) };
  const audit = auditEntry({
    action: input.attended ? 'order.attendance_marked' : 'order.attendance_removed',
    actor,
    at: now,
    object: { type: 'order', id: order.id },
    before: { attended: order.attendance?.attended ?? null },
    after: { attended: input.attended },
  });
  if ((await deps.saveAttendance(next, order.updated_at, audit)) === 'changed') throw conflict(attendanceMessages.stale);
  // Marked after the congress's end: the certificate is ready now (marked before, the schedule at the end tells the delegate).
  const mail = input.attended ? await deps.certificateReady(next, now) : 'not-ready';
  return {
    message: !input.attended ? attendanceMessages.unmarked : mail === 'mailed' ? attendanceMessages.markedAndMailed : attendanceMessages.marked,
    data: { attendance, version: next.updated_at, certificate_mail: mail },
  };
}

/**
 * A first conference entry at the doors (core/checkin/record-scans.ts) marks the delegate as
 * attending, as the office's mark does: over the order's version (read again after a lost race,
 * a few times), audited under the device, and the certificate's mail if it is ready. A mark
 * already there (by the office, or an earlier entry) is left as it is; an order that holds no
 * place is not marked (its ticket was revoked: the door reported it).
 */
export async function markAttendanceAtDoor(deps: AttendanceDeps, order: { owner_id: string; id: string }, door: { device_id: string; device_name: string; at: string }, now: Date): Promise<'marked' | 'already' | 'not-registered'> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const current = await deps.reads.get(order.owner_id, order.id);
    if (!current || current.anonymised_at || !registered(current)) return 'not-registered';
    if (current.attendance?.attended) return 'already';
    const attendance: Attendance = { attended: true, marked_at: door.at, marked_by: `check-in: ${door.device_name}` };
    const next: StoredOrder = { ...current, attendance, updated_at: nextVersion(current.updated_at, now) };
    const audit = auditEntry({
      action: 'order.attendance_checked_in',
      actor: { kind: 'system', id: `checkin-device:${door.device_id}` },
      at: now,
      object: { type: 'order', id: current.id },
      before: { attended: current.attendance?.attended ?? null },
      after: { attended: true },
    });
    if ((await deps.saveAttendance(next, current.updated_at, audit)) === 'saved') {
      await deps.certificateReady(next, now);
      return 'marked';
    }
  }
  throw new Error(`attendance of order ${order.id} not marked: the order kept changing`);
}
