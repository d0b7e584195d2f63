/**
 * What the office's confirmation dialogs say before money moves or many people are mailed
 * (issue 29, item 7): the amount, to whom, by which method, how many recipients, and what
 * follows. Built from the same rules the actions apply (a transfer's outcome: payments/transfers.ts
 * `transferOutcome`; a retry: office/retry-refund.ts `retryPlan`), so the dialog says what the
 * server then does.
 */
import { text, type Text, type Translate } from '../i18n/messages';
import { formatMoney } from '../money';
import { transferOutcome } from '../payments/transfers';
import type { MailFilter, MailPurpose } from './mail-jobs';

/** A confirmation as the page shows it, written in its language. */
export interface Confirmation {
  title: string;
  /** The paragraphs of the dialog, in order. */
  lines: string[];
  /** The button that acts (it names the amount or the count). */
  confirmLabel: string;
  /** The button that leaves everything as it is (default "Cancel"). */
  dismissLabel?: string;
}

/** A confirmation by its catalog texts (office.json `office.confirm.*`), for the page to write in its language. */
export interface ConfirmationTexts {
  title: Text;
  lines: Text[];
  confirmLabel: Text;
  dismissLabel?: Text;
}

/** A confirmation written by `t` (the page's language). */
export function writeConfirmation(t: Translate, c: ConfirmationTexts): Confirmation {
  const write = (x: Text) => t(x.id, x.values);
  return { title: write(c.title), lines: c.lines.map(write), confirmLabel: write(c.confirmLabel), ...(c.dismissLabel ? { dismissLabel: write(c.dismissLabel) } : {}) };
}

export interface OrderParty {
  order_no: string;
  /** The name on the order ("" when none). */
  delegate: string;
  email: string;
}

type Method = 'card' | 'transfer';

const delegateOf = (o: OrderParty) => o.delegate || text('office.confirm.theDelegate');
const who = (o: OrderParty) => text('office.confirm.who', { delegate: delegateOf(o), email: o.email, orderNo: o.order_no });

/** What booking `arrived` (cents) does to an order that awaits `awaited`. */
function outcomeLine(awaited: number, arrived: number, o: OrderParty): Text {
  const { outcome, missing, excess } = transferOutcome(awaited, arrived);
  if (outcome === 'incomplete') return text('office.confirm.outcome.missing', { missing: formatMoney(missing) });
  if (excess > 0) return text('office.confirm.outcome.excess', { excess: formatMoney(excess), delegate: delegateOf(o) });
  return text('office.confirm.outcome.paid');
}

/** Confirming a bank transfer of `arrived` (cents) for an order that awaits `awaited`. */
export function transferConfirmation(o: OrderParty, awaited: number, arrived: number): ConfirmationTexts {
  const amount = formatMoney(arrived);
  return {
    title: text('office.confirm.transfer.title', { amount, orderNo: o.order_no }),
    lines: [text('office.confirm.transfer.line', { amount, who: who(o), awaited: formatMoney(awaited) }), outcomeLine(awaited, arrived, o)],
    confirmLabel: text('office.confirm.transfer.button', { amount }),
  };
}

/** Assigning a statement line of `arrived` (cents) to an order that awaits `awaited`. */
export function lineAssignmentConfirmation(line: { payer: string; date: string }, o: OrderParty, awaited: number, arrived: number): ConfirmationTexts {
  const amount = formatMoney(arrived);
  return {
    title: text('office.confirm.line.title', { orderNo: o.order_no }),
    lines: [
      text('office.confirm.line.line', { amount, payer: line.payer || text('office.confirm.unnamedPayer'), date: line.date, who: who(o), awaited: formatMoney(awaited) }),
      outcomeLine(awaited, arrived, o),
    ],
    confirmLabel: text('office.confirm.line.button', { amount, orderNo: o.order_no }),
  };
}

const refundWay = (methods: readonly Method[]) =>
  methods.includes('card') && methods.includes('transfer') ? 'both' : methods.includes('transfer') ? 'transfer' : 'card';

/** Cancelling a paid order with a refund of `refund` (cents), paid back by `methods`; `reason` for another amount. */
export function cancelConfirmation(o: OrderParty, refund: number, methods: readonly Method[], reason?: string): ConfirmationTexts {
  return {
    title: text('office.confirm.cancel.title', { orderNo: o.order_no }),
    lines: [
      text('office.confirm.cancel.line', { orderNo: o.order_no, delegate: delegateOf(o), email: o.email }),
      refund > 0 ? text('office.confirm.cancel.refund', { amount: formatMoney(refund), way: refundWay(methods) }) : text('office.confirm.cancel.nothing'),
      ...(reason ? [text('office.confirm.cancel.reason', { reason })] : []),
      text('office.confirm.cancel.told'),
    ],
    confirmLabel: refund > 0 ? text('office.confirm.cancel.button', { amount: formatMoney(refund) }) : text('office.confirm.cancel.buttonNoRefund'),
    dismissLabel: text('office.confirm.cancel.keep'),
  };
}

/** Trying a refund again (office/retry-refund.ts `retryPlan`). */
export function retryRefundConfirmation(o: OrderParty, plan: { kind: 'ask-again' | 'refund-again'; amount: number; method: Method }): ConfirmationTexts {
  const amount = formatMoney(plan.amount);
  return {
    title: text('office.confirm.retry.title', { amount }),
    lines: [
      plan.kind === 'ask-again'
        ? text('office.confirm.retry.askAgain', { amount, who: who(o) })
        : text('office.confirm.retry.again', { amount, who: who(o), method: plan.method }),
    ],
    confirmLabel: text('office.confirm.retry.button', { amount }),
  };
}

/** Sending a mail to the `total` recipients its job found. */
export function mailConfirmation(mail: { filter: MailFilter; purpose: MailPurpose; subject: string }, total: number): ConfirmationTexts {
  // The count as written before (no grouping of digits).
  const delegates = text('office.confirm.mail.delegates', { total: String(total), count: total });
  return {
    title: text('office.confirm.mail.title', { delegates }),
    lines: [
      text('office.confirm.mail.who', { delegates, filter: text(`office.mail.filter.${mail.filter}`) }),
      text('office.confirm.mail.subject', { subject: mail.subject }),
      text(mail.purpose === 'announcement' ? 'office.confirm.mail.announcement' : 'office.confirm.mail.aboutOrder'),
    ],
    confirmLabel: text('office.confirm.mail.button', { delegates }),
  };
}
