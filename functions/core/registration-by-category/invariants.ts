/**
 * The money invariants of a registration by category's two payment subjects (its fee and its
 * dinners), once nothing is in flight: what must hold between the registration, the profile's
 * summary and the ledger after ANY interleaving of checkouts, payments, return pages, webhook
 * deliveries (repeated, reordered) and dinner changes. Stated once, for the model-based money test.
 * A cancellation (cancel-registration.ts) refunds what a paid subject holds: refunding while its
 * card refund is in flight, refunded once given back, paid again (with refund_failed_at) if it failed.
 */
import { counted, netReceived, received, refundedFrom, type Payment, type Refund } from '../payments/model';
import type { SubjectLedger } from '../payments/ports';
import { payStatusOf, repastStatusOf } from './cost-detail';
import { PAY_STATUS, type StoredRegistration } from './ports';
import { payableOf, REGISTRATION_FEE, type RegistrationSubjectKind } from './registration-payables';

export const registrationMoneyRules = {
  'paid-once': 'A paid fee (or dinners) holds exactly one counted payment, of what it costs.',
  'unpaid-holds-nothing': 'An unpaid fee (or dinners) holds no money.',
  'dinners-after-fee': 'Dinners are paid only when the fee is paid.',
  'summary-agrees': "The profile's pay_status and repast_status are the registration's.",
  'surplus-given-back': 'Money that could not be counted is given back in full (or its failed refund is known).',
  'refund-within-payment': 'No payment gives back more than it brought in.',
  'card-refund-answered': 'Every card refund has been answered by the provider, once nothing is in flight.',
  'refunded-holds-nothing': 'A refunded fee (or dinners) holds no money, and it was paid once.',
  'refunding-answered': 'Nothing stays refunding once the card provider has answered every refund.',
  'cancelled-gives-back': 'A cancelled registration holds money only where a refund of it failed.',
} as const;
export type RegistrationMoneyRule = keyof typeof registrationMoneyRules;

export interface RegistrationMoneyViolation {
  rule: RegistrationMoneyRule;
  subject: string;
  detail: string;
}

const usd = (cents: number) => (cents / 100).toFixed(2);
const inProgress = (r: Refund) => r.state === 'created' || r.state === 'pending';

export function registrationMoneyViolations(
  r: StoredRegistration,
  kind: RegistrationSubjectKind,
  { payments, refunds }: SubjectLedger,
  profile: { pay_status: number; repast_status: number } | undefined,
): RegistrationMoneyViolation[] {
  const out: RegistrationMoneyViolation[] = [];
  const subject = `${kind}:${r.register_code}`;
  const flag = (rule: RegistrationMoneyRule, detail: string) => out.push({ rule, subject, detail });
  const fee = kind === REGISTRATION_FEE;
  const status = fee ? payStatusOf(r) : repastStatusOf(r);
  const net = netReceived(payments, refunds);
  const countedPaid = counted(payments).filter((p: Payment) => received(p) > 0);

  for (const p of payments) {
    const back = refundedFrom(p, refunds);
    if (back > received(p)) flag('refund-within-payment', `payment ${p.id} brought in ${usd(received(p))} and gives back ${usd(back)}`);
    if (p.surplus && back !== received(p) && !refunds.some((x) => x.payment_id === p.id && x.state === 'failed'))
      flag('surplus-given-back', `payment ${p.id} (${p.surplus}) brought in ${usd(received(p))}, ${usd(back)} given back`);
  }
  for (const x of refunds) if (x.method === 'card' && inProgress(x)) flag('card-refund-answered', `refund ${x.id} is still ${x.state}`);

  if (status === PAY_STATUS.paid) {
    const due = payableOf(r, kind).amount;
    if (countedPaid.length !== 1 || net !== due) flag('paid-once', `paid, costs ${usd(due)}, holds ${usd(net)} in ${countedPaid.length} counted payment(s)`);
  } else if (status === PAY_STATUS.refunded) {
    if (net !== 0 || countedPaid.length !== 1) flag('refunded-holds-nothing', `refunded, holds ${usd(net)} in ${countedPaid.length} counted payment(s)`);
  } else if (status === PAY_STATUS.refunding) {
    flag('refunding-answered', `refunding, holds ${usd(net)}, no card refund in flight`);
  } else if (net !== 0 || countedPaid.length > 0) flag('unpaid-holds-nothing', `unpaid, holds ${usd(net)}`);
  if (r.cancelled_at && status === PAY_STATUS.paid && !r.refund_failed_at) flag('cancelled-gives-back', `cancelled, ${kind} still paid, holds ${usd(net)}`);
  if (!fee && status !== PAY_STATUS.unpaid && payStatusOf(r) === PAY_STATUS.unpaid) flag('dinners-after-fee', 'dinners paid, fee unpaid');
  if (profile && (fee ? profile.pay_status : profile.repast_status) !== status)
    flag('summary-agrees', `registration ${status}, profile ${fee ? profile.pay_status : profile.repast_status}`);
  return out;
}
