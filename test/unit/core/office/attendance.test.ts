/** The office's attendance mark on a fixed clock: over the version read, from the first day, not on cancelled orders, audited. */
import { describe, expect, it } from 'vitest';
import { attendanceMarking, attendanceMessages, congressStarts, markAttendance, type AttendanceDeps } from '#core/office/attendance';
import type { AuditEntry } from '#core/audit/audit';
import type { StoredOrder } from '#core/orders/ports';
import type { AppError } from '#core/errors';

const DAY2 = new Date('2024-11-05T02:00:00Z');
const actor = { kind: 'organiser' as const, id: 'org1', email: 'desk@example.org' };
const base = { id: 'o1', owner_id: 'u1', payment_status: 1, updated_at: '2024-09-01T00:00:00.000Z' } as StoredOrder;

function deps(order: StoredOrder | undefined, outcome: 'saved' | 'changed' = 'saved') {
  const saved: { order: StoredOrder; base: string; audit: AuditEntry }[] = [];
  const d: AttendanceDeps = {
    reads: { rowOf: async () => (order ? { owner_id: order.owner_id } : undefined), get: async () => order },
    saveAttendance: async (o, b, audit) => {
      saved.push({ order: o, base: b, audit });
      return outcome;
    },
    certificateReady: async () => 'not-ready',
  };
  return { d, saved };
}
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: AppError) => [e.kind, e.message]);

describe('marking attendance', () => {
  it('marks it over the version read, moves the version and audits who did it', async () => {
    const { d, saved } = deps(base);
    const r = await markAttendance(d, actor, 'o1', { attended: true, version: base.updated_at }, DAY2);
    expect(r.message).toBe(attendanceMessages.marked);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.base).toBe(base.updated_at);
    expect(saved[0]!.order.attendance).toEqual({ attended: true, marked_at: DAY2.toISOString(), marked_by: 'desk@example.org' });
    expect(saved[0]!.order.updated_at > base.updated_at).toBe(true);
    expect(r.data.version).toBe(saved[0]!.order.updated_at);
    expect(saved[0]!.audit).toMatchObject({ action: 'order.attendance_marked', actor, object: { type: 'order', id: 'o1' }, before: { attended: null }, after: { attended: true } });
  });

  it('takes a mark back, also on a cancelled order', async () => {
    const { d, saved } = deps({ ...base, payment_status: -1, attendance: { attended: true, marked_at: 'x', marked_by: 'y' } });
    expect((await markAttendance(d, actor, 'o1', { attended: false, version: base.updated_at }, DAY2)).message).toBe(attendanceMessages.unmarked);
    expect(saved[0]!.audit).toMatchObject({ action: 'order.attendance_removed', before: { attended: true }, after: { attended: false } });
  });

  it('refuses a stale version, before the first day, a cancelled order, and an unknown order', async () => {
    expect(await refusal(markAttendance(deps(base).d, actor, 'o1', { attended: true, version: '2024-08-01T00:00:00.000Z' }, DAY2))).toEqual(['conflict', attendanceMessages.stale]);
    expect(await refusal(markAttendance(deps(base, 'changed').d, actor, 'o1', { attended: true, version: base.updated_at }, DAY2))).toEqual(['conflict', attendanceMessages.stale]);
    expect(await refusal(markAttendance(deps(base).d, actor, 'o1', { attended: true, version: base.updated_at }, new Date(Date.parse(congressStarts) - 1)))).toEqual(['conflict', attendanceMessages.tooEarly]);
    expect(attendanceMessages.tooEarly).toBe("Attendance can be marked from the congress's first day, 4 November 2024, 00:00 CST (UTC+8).");
    expect(await refusal(markAttendance(deps({ ...base, payment_status: -2 }).d, actor, 'o1', { attended: true, version: base.updated_at }, DAY2))).toEqual(['conflict', attendanceMessages.notRegistered('Refunding')]);
    expect(await refusal(markAttendance(deps(undefined).d, actor, 'o1', { attended: true, version: base.updated_at }, DAY2))).toEqual(['not_found', 'No such order.']);
  });
});

describe('what the office is offered (issue 29, item 18)', () => {
  const AUGUST = new Date('2024-08-01T02:00:00Z');
  const marked = { attended: true, marked_at: 'x', marked_by: 'y' };

  it('offers each choice exactly when marking it would be taken', async () => {
    for (const at of [AUGUST, new Date(Date.parse(congressStarts) - 1), new Date(congressStarts), DAY2])
      for (const payment_status of [0, 1, 2, -1, -2] as const)
        for (const [attendance, anonymised_at] of [[undefined, undefined], [marked, undefined], [marked, '2024-10-01T00:00:00.000Z']] as const) {
          const order = { ...base, payment_status, attendance, anonymised_at };
          const offer = attendanceMarking(order, at);
          for (const choice of ['yes', 'no'] as const) {
            const taken = await markAttendance(deps(order).d, actor, 'o1', { attended: choice === 'yes', version: base.updated_at }, at).then(() => true, () => false);
            expect([at.toISOString(), payment_status, Boolean(attendance), anonymised_at, choice, offer.choices.includes(choice)]).toEqual([at.toISOString(), payment_status, Boolean(attendance), anonymised_at, choice, taken]);
          }
          expect(offer.open).toBe(offer.choices.length > 0);
        }
  });

  it('says why there is no form: in August, before the first day; on a cancelled order never marked', () => {
    expect(attendanceMarking(base, AUGUST)).toEqual({ open: false, choices: [], message: attendanceMessages.tooEarly });
    expect(attendanceMarking({ ...base, payment_status: -1 }, DAY2)).toEqual({ open: false, choices: [], message: attendanceMessages.notRegistered('Cancelled') });
    expect(attendanceMarking({ ...base, payment_status: -1, attendance: marked }, DAY2)).toEqual({ open: true, choices: ['no'], message: null });
    expect(attendanceMarking(base, DAY2)).toEqual({ open: true, choices: ['yes', 'no'], message: null });
  });
});

describe('an order kept after its account was deleted (issue 29, item 22)', () => {
  it('takes no attendance mark (it is about the person), with its message', async () => {
    const { d, saved } = deps({ ...base, anonymised_at: '2024-10-01T00:00:00.000Z' });
    expect(await refusal(markAttendance(d, actor, 'o1', { attended: true, version: base.updated_at }, DAY2))).toEqual(['conflict', attendanceMessages.accountDeleted]);
    expect(saved).toEqual([]);
  });
});
