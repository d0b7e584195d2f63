/**
 * Cost detail, dinner choices and payment of a registration by category (spec: /admin/fee,
 * GET /cost_detail, POST /update_repast, POST /payment, /pay/{type}). Payment goes through the one
 * payments module: a card checkout for the amount of the registration as read, fulfilled once by
 * whoever is first (the webhook or the return page's confirm call). pay_status and repast_status
 * move only then (registration-payables.ts).
 */
import { legacyFees2019 } from '../config/conference';
import { auditEntry, delegateActor } from '../audit/audit';
import { AppError, conflict, forbidden, notFound } from '../errors';
import { paymentMessages } from '../payments/ledger-decisions';
import { formatCstDeadline, isBefore } from '../time';
import { nextVersion } from '../versions';
import { startCardCheckout, settleCheckout } from '../payments/card-checkout';
import type { PaymentsDeps } from '../payments/ports';
import { costDetail, DINNER_ROW_TYPE, dinnersOpen, dinnerTotal, payStatusOf, repastStatusOf } from './cost-detail';
import { readCancellation } from './cancel-registration';
import { lastPeriodEnd, REGISTRATION_TYPE } from './fees';
import { PAY_STATUS, REGISTER_STATUS, type RegistrationStore, type StoredRegistration } from './ports';
import { isRegistrationKind, payableOf, REGISTRATION_DINNERS, REGISTRATION_FEE } from './registration-payables';
import type { PaymentRequest, UpdateRepastRequest } from './schemas';

export const payMessages = {
  notRegistered: 'Please register first: there is no registration to pay.',
  feeFirst: 'Please pay the registration fee first.',
  inReview: 'Your registration is under review. You can pay the registration fee once the registration office has approved it.',
  rejected: 'Your supporting documents were not approved. Please upload them again; you can pay once they are approved.',
  memberRejected: 'Your OESO member number was not approved. Please enter it again; you can pay once it is approved.',
  feePaid: 'The registration fee is paid already.',
  dinnersPaid: 'The dinners are paid already: the choices cannot be changed any more.',
  noDinner: 'No dinner is chosen. Choose Yes for a gala dinner or a working dinner first.',
  dinnersClosed: `Dinners could be chosen and paid until ${formatCstDeadline(legacyFees2019.dinnerPaymentUntil)}.`,
  feeClosed: `Registration by category ended on ${formatCstDeadline(lastPeriodEnd)}: the fee can no longer be paid online.`,
  noSuchRow: 'This person is not in your dinner table. Please reload the page.',
  changed: 'Your registration was changed in another window or on another device. Please reload the page.',
  dinnerSaved: 'The dinner choice is saved.',
  checkoutNotFound: 'This payment was not found.',
  justPaid: 'This has just been paid. Please reload the page.',
  cancelled: 'This registration is cancelled: nothing can be paid or changed any more.',
} as const;

/** The payments module words its refusals for orders; a registration's delegate reads these instead. */
function inOwnWords(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.message === paymentMessages.justPaid) return conflict(payMessages.justPaid);
  if (error.message === paymentMessages.changed) return conflict(payMessages.changed);
  return error;
}

export interface RegistrationMoneyDeps {
  registrations: Pick<RegistrationStore, 'get' | 'saveDinners'>;
  payments: PaymentsDeps;
  siteOrigin: string;
}

async function ownRegistration(deps: Pick<RegistrationMoneyDeps, 'registrations'>, ownerId: string) {
  const r = await deps.registrations.get(ownerId);
  if (!r) throw notFound(payMessages.notRegistered);
  return r;
}

/** GET /cost_detail: the delegate's own registration only, with what cancelling it gives back now. */
export async function readCostDetail(deps: Pick<RegistrationMoneyDeps, 'registrations' | 'payments'>, ownerId: string, now: Date) {
  const r = await ownRegistration(deps, ownerId);
  return { message: 'OK', data: { ...costDetail(r, now), cancellation: await readCancellation(deps, r, now) } };
}
export type CostDetailWithCancellation = Awaited<ReturnType<typeof readCostDetail>>['data'];

/** The registration with one dinner changed (null: no such person). */
export function withDinner(r: StoredRegistration, change: UpdateRepastRequest): StoredRegistration | null {
  const set = change.gala_dinner !== undefined ? { gala_dinner: change.gala_dinner } : { working_lunch: change.working_lunch! };
  if (change.type === DINNER_ROW_TYPE.registrant) return change.id === 0 ? { ...r, ...set } : null;
  const list = change.type === DINNER_ROW_TYPE.accompanying ? r.accompany : r.regiatration_type === 7 ? r.groups : [];
  const index = change.id - 1;
  if (index < 0 || index >= list.length) return null;
  const next = list.map((p, i) => (i === index ? { ...p, ...set } : p));
  return change.type === DINNER_ROW_TYPE.accompanying ? { ...r, accompany: next as StoredRegistration['accompany'] } : { ...r, groups: next as StoredRegistration['groups'] };
}

/** POST /update_repast: one dinner of one person, while the dinners are unpaid and before the deadline, over the version read. */
export async function updateRepast(deps: Pick<RegistrationMoneyDeps, 'registrations'>, owner: { id: string; email: string }, change: UpdateRepastRequest, now: Date) {
  const r = await ownRegistration(deps, owner.id);
  if (r.cancelled_at) throw forbidden(payMessages.cancelled);
  if (repastStatusOf(r) !== PAY_STATUS.unpaid) throw conflict(payMessages.dinnersPaid);
  if (!dinnersOpen(now)) throw forbidden(payMessages.dinnersClosed);
  const changed = withDinner(r, change);
  if (!changed) throw notFound(payMessages.noSuchRow);
  const next = { ...changed, updated_at: nextVersion(r.updated_at, now) };
  const audit = auditEntry({
    action: 'registration.dinners_changed',
    actor: delegateActor(owner.id, owner.email),
    at: now,
    object: { type: 'registration', id: owner.id },
    before: { dinner_fee: dinnerTotal(r), version: r.updated_at },
    after: { ...change, dinner_fee: dinnerTotal(next), version: next.updated_at },
  });
  const saved = await deps.registrations.saveDinners(next, r.updated_at, { dinner_fee: dinnerTotal(next) }, audit);
  if (saved === 'conflict') throw conflict(payMessages.changed);
  return { message: payMessages.dinnerSaved, data: costDetail(next, now) };
}

/** Why this registration cannot be paid now (null: it can). */
function refusal(r: StoredRegistration, type: PaymentRequest['type'], now: Date): Error | null {
  if (r.cancelled_at) return forbidden(payMessages.cancelled);
  if (type === 1) {
    if (payStatusOf(r) === PAY_STATUS.paid) return conflict(payMessages.feePaid);
    if (r.register_status === REGISTER_STATUS.inReview) return forbidden(payMessages.inReview);
    if (r.register_status === REGISTER_STATUS.rejected) return forbidden(r.regiatration_type === REGISTRATION_TYPE.member ? payMessages.memberRejected : payMessages.rejected);
    if (!isBefore(now, lastPeriodEnd)) return forbidden(payMessages.feeClosed);
    return null;
  }
  if (payStatusOf(r) !== PAY_STATUS.paid) return forbidden(payMessages.feeFirst);
  if (repastStatusOf(r) === PAY_STATUS.paid) return conflict(payMessages.dinnersPaid);
  if (!dinnersOpen(now)) return forbidden(payMessages.dinnersClosed);
  if (dinnerTotal(r) === 0) return forbidden(payMessages.noDinner);
  return null;
}

/** POST /payment: a card checkout for the fee (type 1) or the dinners (type 2); data.url is the provider's page. */
export async function startRegistrationPayment(deps: RegistrationMoneyDeps, ownerId: string, request: PaymentRequest, now: Date) {
  const r = await ownRegistration(deps, ownerId);
  const refused = refusal(r, request.type, now);
  if (refused) throw refused;
  const kind = request.type === 1 ? REGISTRATION_FEE : REGISTRATION_DINNERS;
  const pay = `${deps.siteOrigin}/pay`;
  const { url } = await startCardCheckout(
    deps.payments,
    payableOf(r, kind),
    { successUrl: `${pay}/success?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${pay}/failed?type=${request.type}` },
    now,
  ).catch((error: unknown) => {
    throw inOwnWords(error);
  });
  return { message: 'OK', data: { url } };
}

/**
 * POST /payment/confirm (session_id): the return page's call, the same idempotent fulfilment as
 * the webhook (the delegate may be back before the provider's event), for one's own checkout only.
 */
export async function confirmRegistrationPayment(deps: RegistrationMoneyDeps, ownerId: string, sessionId: string, now: Date) {
  const session = await deps.payments.gateway.readCheckout(sessionId).catch(() => undefined);
  if (!session || session.metadata.owner_id !== ownerId || !isRegistrationKind(session.metadata.subject_kind ?? ''))
    throw notFound(payMessages.checkoutNotFound);
  const { outcome } = await settleCheckout(deps.payments, sessionId, now);
  const r = await ownRegistration(deps, ownerId);
  return {
    message: 'OK',
    data: { outcome, type: session.metadata.subject_kind === REGISTRATION_FEE ? 1 : 2, pay_status: payStatusOf(r), repast_status: repastStatusOf(r) },
  };
}
