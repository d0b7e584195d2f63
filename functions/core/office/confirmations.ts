/**
 * What the office's confirmation dialogs say before money moves or many people are mailed
 * (issue 29, item 7): the amount, to whom, by which method, how many recipients, and what
 * follows. Built from the same rules the actions apply (a transfer's outcome: payments/transfers.ts
 * `transferOutcome`; a retry: office/retry-refund.ts `retryPlan`), so the dialog says what the
 * server then does.
 */
import { formatMoney } from '../money';
import { transferOutcome } from '../payments/transfers';
import { mailFilterLabels, type MailFilter, type MailPurpose } from './mail-jobs';

export interface Confirmation {
  title: string;
  /** The paragraphs of the dialog, in order. */
  lines: string[];
  /** The button that acts (it names the amount or the count). */
  confirmLabel: string;
  /** The button that leaves everything as it is (default "Cancel"). */
  dismissLabel?: string;
}

export interface OrderParty {
  order_no: string;
  /** The name on the order ("" when none). */
  delegate: string;
  email: string;
}

type Method = 'card' | 'transfer';

const who = (o: OrderParty) => `${o.delegate || 'the delegate'} (${o.email}), order ${o.order_no}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What booking `arrived` (cents) does to an order that awaits `awaited`. */
function outcomeLine(awaited: number, arrived: number, o: OrderParty): string {
  const { outcome, missing, excess } = transferOutcome(awaited, arrived);
  if (outcome === 'incomplete') return `${formatMoney(missing)} is still missing: the order stays Checking and the delegate is told by mail what is missing.`;
  if (excess > 0) return `The order becomes Paid. ${formatMoney(excess)} more than awaited arrived: it becomes a bank refund to ${o.delegate || 'the delegate'}, for the office to send.`;
  return 'The order becomes Paid and the delegate is told by mail.';
}

/** Confirming a bank transfer of `arrived` (cents) for an order that awaits `awaited`. */
export function transferConfirmation(o: OrderParty, awaited: number, arrived: number): Confirmation {
  return {
    title: `Book ${formatMoney(arrived)} for order ${o.order_no}?`,
    lines: [`${formatMoney(arrived)} received by bank transfer from ${who(o)}, which awaits ${formatMoney(awaited)}.`, outcomeLine(awaited, arrived, o)],
    confirmLabel: `Book ${formatMoney(arrived)}`,
  };
}

/** Assigning a statement line of `arrived` (cents) to an order that awaits `awaited`. */
export function lineAssignmentConfirmation(line: { payer: string; date: string }, o: OrderParty, awaited: number, arrived: number): Confirmation {
  return {
    title: `Book this line for order ${o.order_no}?`,
    lines: [
      `The line of ${formatMoney(arrived)} from ${line.payer || 'an unnamed payer'} (${line.date}) is booked as a bank transfer from ${who(o)}, which awaits ${formatMoney(awaited)}.`,
      outcomeLine(awaited, arrived, o),
    ],
    confirmLabel: `Book ${formatMoney(arrived)} to ${o.order_no}`,
  };
}

const refundWay = (methods: readonly Method[]) =>
  methods.includes('card') && methods.includes('transfer')
    ? 'to the card and by bank transfer, as the payments were made'
    : methods.includes('transfer')
      ? 'by bank transfer: the office sends it from the congress account and records it as sent'
      : 'to the card it was paid with, at once (the card provider)';

/** Cancelling a paid order with a refund of `refund` (cents), paid back by `methods`; `reason` for another amount. */
export function cancelConfirmation(o: OrderParty, refund: number, methods: readonly Method[], reason?: string): Confirmation {
  return {
    title: `Cancel order ${o.order_no}?`,
    lines: [
      `Order ${o.order_no} of ${o.delegate || 'the delegate'} (${o.email}) is cancelled.`,
      refund > 0 ? `${formatMoney(refund)} is refunded ${refundWay(methods)}.` : 'Nothing is refunded.',
      ...(reason ? [`The reason, which the delegate reads: ${reason}`] : []),
      'The delegate is told by mail.',
    ],
    confirmLabel: refund > 0 ? `Cancel and refund ${formatMoney(refund)}` : 'Cancel without refund',
    dismissLabel: 'Keep the order',
  };
}

/** Trying a refund again (office/retry-refund.ts `retryPlan`). */
export function retryRefundConfirmation(o: OrderParty, plan: { kind: 'ask-again' | 'refund-again'; amount: number; method: Method }): Confirmation {
  return {
    title: `Refund ${formatMoney(plan.amount)} again?`,
    lines: [
      plan.kind === 'ask-again'
        ? `The card provider is asked again for the refund of ${formatMoney(plan.amount)} to the card of ${who(o)}: it did not answer.`
        : `${formatMoney(plan.amount)} is refunded again to ${who(o)}, ${plan.method === 'card' ? 'to the card it was paid with' : 'by bank transfer: the office sends it and records it as sent'}: the earlier refund failed. The order becomes Refunding.`,
    ],
    confirmLabel: `Refund ${formatMoney(plan.amount)}`,
  };
}

/** Sending a mail to the `total` recipients its job found. */
export function mailConfirmation(mail: { filter: MailFilter; purpose: MailPurpose; subject: string }, total: number): Confirmation {
  const delegates = plural(total, 'delegate', 'delegates');
  return {
    title: `Send this mail to ${delegates}?`,
    lines: [
      `${delegates} get it (${mailFilterLabels[mail.filter]}; one mail per address).`,
      `Subject: ${mail.subject}`,
      mail.purpose === 'announcement' ? 'It is an announcement: a delegate who opted out of announcements is skipped.' : 'It is about their own order: every one of them gets it.',
    ],
    confirmLabel: `Send to ${delegates}`,
  };
}
