/**
 * A fapiao (发票), the Chinese tax invoice a delegate's institution needs to reimburse the fee
 * (issue 32): the delegate gives its title and the taxpayer ID on the order, the office lists the
 * paid orders that asked for one for the finance office, which issues them outside the portal,
 * and marks each as issued (core/office/fapiao.ts). Until then the delegate may change or withdraw
 * the request; an issued fapiao's details are fixed (a wrong one is reissued by the finance office).
 * Every change is written over the order's version read, with its audit entry.
 */
import * as z from 'zod/mini';
import { auditEntry, delegateActor, type Actor } from '../audit/audit';
import { conflict, notFound } from '../errors';
import { nextVersion } from '../versions';
import type { StoredOrder } from './ports';
import { ORDER_STATUS } from './states';
import { orderMessages } from './messages';
import type { AuditEntry } from '../audit/audit';

/**
 * The characters of the 统一社会信用代码 (Unified Social Credit Code, GB 32100-2015): digits and
 * the capital letters without I, O, S, V and Z; each character's value is its position here.
 */
const USCC_CHARACTERS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** The weights of the first 17 characters (3^i mod 31). */
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A code as people write it (spaces, small letters) as it is printed: 18 capitals and digits. */
export const normaliseCreditCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/**
 * Whether `code` is a Unified Social Credit Code: 18 characters of the code's set whose 18th is the
 * check character of the first 17 (31 minus the weighted sum modulo 31; 31 is written 0).
 */
export function isUnifiedSocialCreditCode(code: string): boolean {
  const c = normaliseCreditCode(code);
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(c)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARACTERS.indexOf(c[i]!) * USCC_WEIGHTS[i]!;
  const check = (31 - (sum % 31)) % 31;
  return c[17] === USCC_CHARACTERS[check];
}

export interface Fapiao {
  title: string;
  taxpayer_id: string;
  requested_at: string;
  /** Set by the office when the finance office has issued it. */
  issued?: { at: string; by: string; number: string } | null;
}

export type FapiaoStatus = 'none' | 'requested' | 'issued';
export const fapiaoStatus = (order: Pick<StoredOrder, 'fapiao'>): FapiaoStatus => (!order.fapiao ? 'none' : order.fapiao.issued ? 'issued' : 'requested');

export const fapiaoMessages = {
  stale: 'This order was changed since you opened it. Please reload it and try again.',
  requested: 'Your fapiao request is saved. The registration office passes it to the finance office once the order is paid.',
  withdrawn: 'Your fapiao request is withdrawn.',
  issued: 'The fapiao has been issued: its details can no longer be changed. If they are wrong, please write to the registration office.',
  cancelled: 'A cancelled order has no fapiao.',
  deleted: 'This order’s account was deleted.',
  none: 'This order has no fapiao request.',
} as const;

const reload = 'Please reload the order.';
const version = z.string({ message: reload }).check(z.minLength(1, reload), z.maxLength(40, reload));

/** PUT /registration/submission/{id}/fapiao and the order page's form: the title and the taxpayer ID, over the version read. */
export const fapiaoRequestSchema = z.object({
  title: z.string({ message: orderMessages.fapiaoTitle }).check(z.trim(), z.minLength(1, orderMessages.fapiaoTitle), z.maxLength(200, orderMessages.tooLong)),
  taxpayer_id: z.pipe(
    z.string({ message: orderMessages.fapiaoTaxpayerId }).check(z.overwrite(normaliseCreditCode), z.minLength(1, orderMessages.fapiaoTaxpayerId), z.maxLength(40, orderMessages.fapiaoTaxpayerIdCheck)),
    z.string().check(z.refine(isUnifiedSocialCreditCode, orderMessages.fapiaoTaxpayerIdCheck)),
  ),
  version,
});
export type FapiaoRequestInput = z.input<typeof fapiaoRequestSchema>;
/** The order page's form: the same fields, checked as the server checks them. */
export const fapiaoForm = z.pick(fapiaoRequestSchema, { title: true, taxpayer_id: true });
export type FapiaoFormValues = z.input<typeof fapiaoForm>;
/** DELETE /registration/submission/{id}/fapiao: the version read. */
export const fapiaoWithdrawSchema = z.object({ version });

export interface FapiaoDeps {
  get(ownerId: string, id: string): Promise<StoredOrder | undefined>;
  /** Writes the order's fapiao over the version `base`, with the audit entry; 'changed' when the order moved on. */
  saveFapiao(order: StoredOrder, base: string, audit: AuditEntry): Promise<'saved' | 'changed'>;
}

/** Why the delegate cannot ask for (or change) a fapiao on the order now, or null. */
function closedFor(order: StoredOrder): string | null {
  if (order.anonymised_at) return fapiaoMessages.deleted;
  if (order.payment_status === ORDER_STATUS.cancelled || order.payment_status === ORDER_STATUS.refunding) return fapiaoMessages.cancelled;
  if (order.fapiao?.issued) return fapiaoMessages.issued;
  return null;
}

/** What the order's page shows and offers. */
export function fapiaoView(order: StoredOrder) {
  return { status: fapiaoStatus(order), fapiao: order.fapiao ?? null, open: closedFor(order) === null, message: closedFor(order) };
}

async function writeFapiao(deps: Pick<FapiaoDeps, 'saveFapiao'>, actor: Actor, order: StoredOrder, fapiao: Fapiao | null, now: Date, action: string, stale: string = fapiaoMessages.stale) {
  const next: StoredOrder = { ...order, fapiao, updated_at: nextVersion(order.updated_at, now) };
  const audit = auditEntry({
    action,
    actor,
    at: now,
    object: { type: 'order', id: order.id },
    before: { fapiao: order.fapiao ?? null },
    after: { fapiao },
  });
  if ((await deps.saveFapiao(next, order.updated_at, audit)) === 'changed') throw conflict(stale);
  return next;
}

async function ownOpenOrder(deps: FapiaoDeps, ownerId: string, id: string, base: string) {
  const order = await deps.get(ownerId, id);
  if (!order) throw notFound('The order was not found.');
  if (order.updated_at !== base) throw conflict(fapiaoMessages.stale);
  const closed = closedFor(order);
  if (closed) throw conflict(closed);
  return order;
}

export async function requestFapiao(deps: FapiaoDeps, owner: { id: string; email: string }, id: string, input: z.output<typeof fapiaoRequestSchema>, now: Date) {
  const order = await ownOpenOrder(deps, owner.id, id, input.version);
  const fapiao: Fapiao = { title: input.title, taxpayer_id: input.taxpayer_id, requested_at: order.fapiao?.requested_at ?? now.toISOString(), issued: null };
  const next = await writeFapiao(deps, delegateActor(owner.id, owner.email), order, fapiao, now, order.fapiao ? 'order.fapiao_changed' : 'order.fapiao_requested');
  return { message: fapiaoMessages.requested, data: { ...fapiaoView(next), updated_at: next.updated_at } };
}

export async function withdrawFapiao(deps: FapiaoDeps, owner: { id: string; email: string }, id: string, input: { version: string }, now: Date) {
  const order = await ownOpenOrder(deps, owner.id, id, input.version);
  if (!order.fapiao) throw conflict(fapiaoMessages.none);
  const next = await writeFapiao(deps, delegateActor(owner.id, owner.email), order, null, now, 'order.fapiao_withdrawn');
  return { message: fapiaoMessages.withdrawn, data: { ...fapiaoView(next), updated_at: next.updated_at } };
}

export { writeFapiao };
