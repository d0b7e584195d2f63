/**
 * The office's fapiao list (issue 32): the paid orders whose delegate asked for a fapiao, oldest
 * request first, for the finance office, which issues them outside the portal; and the mark that
 * one was issued (with its number), or the mark taken back (a mistake), each over the order's
 * version read and audited. An issued fapiao stays listed under "issued" whatever becomes of the
 * order: a cancelled order's fapiao is the finance office's to reverse (a red-letter fapiao).
 */
import * as z from 'zod/mini';
import type { Actor } from '../audit/audit';
import { conflict, invalid, notFound } from '../errors';
import { fapiaoStatus, writeFapiao, type FapiaoDeps } from '../orders/fapiao';
import { ORDER_STATUS } from '../orders/states';
import type { StoredOrder } from '../orders/ports';
import { cursorMessage } from './schemas';
import { orderFilters, type OrderRow } from './order-rows';

export const officeFapiaoMessages = {
  reload: 'Please reload the list.',
  number: 'Please enter the fapiao number (1 to 40 letters and digits).',
  stale: 'This order was changed since you opened the list. Please reload it and mark the fapiao again.',
  notRequested: 'This order’s delegate has not asked for a fapiao.',
  notPaid: 'This order is not paid: a fapiao is issued for a paid order only.',
  alreadyIssued: 'This fapiao is already marked as issued.',
  notIssued: 'This fapiao is not marked as issued.',
  issued: 'Marked as issued. The delegate sees it on the order.',
  unmarked: 'The issued mark is taken back: the request is open again.',
  invalidCursor: cursorMessage,
} as const;

/** GET /office/fapiao?status=requested|issued&cursor= */
export const officeFapiaoQuery = z.object({
  status: z._default(z.enum(['requested', 'issued'], { message: 'status is requested or issued.' }), 'requested'),
  cursor: z.optional(z.string({ message: cursorMessage }).check(z.maxLength(2000, cursorMessage))),
});

/** POST /office/orders/{id}/fapiao { issued, number, version } */
export const markFapiaoBody = z.object({
  issued: z.boolean({ message: officeFapiaoMessages.number }),
  number: z._default(z.string({ message: officeFapiaoMessages.number }).check(z.trim(), z.maxLength(40, officeFapiaoMessages.number)), ''),
  version: z.string({ message: officeFapiaoMessages.reload }).check(z.minLength(1, officeFapiaoMessages.reload), z.maxLength(40, officeFapiaoMessages.reload)),
});
/** The office's form: the fapiao's number. */
export const fapiaoNumberForm = z.object({ number: z.string({ message: officeFapiaoMessages.number }).check(z.trim(), z.regex(/^[A-Za-z0-9-]{1,40}$/, officeFapiaoMessages.number)) });
export type FapiaoNumberFormValues = z.input<typeof fapiaoNumberForm>;

export const FAPIAO_PAGE_ROWS = 50;

export interface OfficeFapiaoDeps extends Pick<FapiaoDeps, 'saveFapiao'> {
  rowPage(list: string, options: { cursor?: string; limit: number; oldestFirst?: boolean }): Promise<{ rows: OrderRow[]; next: string | null } | 'invalid-cursor'>;
  rowOf(orderId: string): Promise<{ owner_id: string } | undefined>;
  get(ownerId: string, id: string): Promise<StoredOrder | undefined>;
}

export async function listFapiao(deps: Pick<OfficeFapiaoDeps, 'rowPage'>, query: z.output<typeof officeFapiaoQuery>) {
  const list = query.status === 'issued' ? orderFilters.fapiaoIssued : orderFilters.fapiaoRequested;
  const page = await deps.rowPage(list, { cursor: query.cursor, limit: FAPIAO_PAGE_ROWS, oldestFirst: query.status === 'requested' });
  if (page === 'invalid-cursor') throw invalid(officeFapiaoMessages.invalidCursor);
  return { status: query.status, rows: page.rows, next: page.next };
}

export async function markFapiao(deps: OfficeFapiaoDeps, actor: Actor, orderId: string, input: z.output<typeof markFapiaoBody>, now: Date) {
  const row = await deps.rowOf(orderId);
  const order = row && (await deps.get(row.owner_id, orderId));
  if (!order) throw notFound('No such order.');
  if (order.updated_at !== input.version) throw conflict(officeFapiaoMessages.stale);
  const status = fapiaoStatus(order);
  if (status === 'none') throw conflict(officeFapiaoMessages.notRequested);
  if (input.issued) {
    if (status === 'issued') throw conflict(officeFapiaoMessages.alreadyIssued);
    if (order.payment_status !== ORDER_STATUS.paid) throw conflict(officeFapiaoMessages.notPaid);
    const number = fapiaoNumberForm.safeParse({ number: input.number });
    if (!number.success) throw invalid(officeFapiaoMessages.number, { number: officeFapiaoMessages.number });
    const fapiao = { ...order.fapiao!, issued: { at: now.toISOString(), by: actor.email ?? actor.id, number: number.data.number } };
    const next = await writeFapiao(deps, actor, order, fapiao, now, 'order.fapiao_issued', officeFapiaoMessages.stale);
    return { message: officeFapiaoMessages.issued, data: { fapiao: next.fapiao, version: next.updated_at } };
  }
  if (status !== 'issued') throw conflict(officeFapiaoMessages.notIssued);
  const next = await writeFapiao(deps, actor, order, { ...order.fapiao!, issued: null }, now, 'order.fapiao_issue_removed', officeFapiaoMessages.stale);
  return { message: officeFapiaoMessages.unmarked, data: { fapiao: next.fapiao, version: next.updated_at } };
}
