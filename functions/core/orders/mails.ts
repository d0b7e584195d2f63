/**
 * The e-mails about a registration order and its payments, in the portal's layout: what the
 * delegate needs to act (the payment link, the bank details with the order's reference, the
 * amounts, the refund rule), and the registration office's notice of a transfer to look for.
 */
import { bankTransfer, conference } from '../config/conference';
import { bankDetailLines, type BankAccount } from '../office/payment-settings';
import { layout } from '../mail/templates';
import { formatMoney } from '../money';
import { formatCstInstant } from '../time';
import type { Payment, Refund } from '../payments/model';
import { methodName, moneyItems } from '../payments/mail-facts';
import { rateOf } from './pricing';
import { refundPolicyLines } from './refund-policy';
import type { StoredOrder } from './ports';

const usd = (cents: number) => formatMoney(cents, 'USD');

function summary(order: StoredOrder): string[] {
  return [
    `Order ${order.order_no}: ${rateOf(order.rate).label} rate`,
    `Accompanying persons: ${order.accompanying_person}`,
    `Post-conference visit: ${order.post_conference_activities_person} person(s)`,
    `Total: ${usd(order.amount_required)}`,
  ];
}

export function orderPlacedMail(order: StoredOrder, links: { pay: string }, account: BankAccount | undefined) {
  return layout({
    subject: `Registration order ${order.order_no}: please complete the payment`,
    heading: 'Your registration order is saved',
    paragraphs: [
      `Thank you for registering for the ${conference.name}. Your order is saved but not paid yet.`,
      'Pay by card online, or by bank transfer with the details below. Hotel rooms are confirmed only once the order is paid.',
    ],
    sections: [
      { heading: 'Order', items: summary(order) },
      { heading: 'Bank transfer', items: [...bankDetailLines(account, order.reference, conference.contacts.registration), bankTransfer.instructions] },
    ],
    action: { label: 'Pay this order', url: links.pay },
  });
}


/** How a refund goes back, in words: to the card, or by bank transfer to the account the delegate gives. */
const refundRoute = (r: Pick<Refund, 'method' | 'paid_to'>) =>
  r.method === 'card' ? 'to the card it was paid with' : r.paid_to ? `by bank transfer to ${r.paid_to}` : 'by bank transfer to the account you give us';

/** A refund by bank transfer waits for the account to send it to: the link to the form. */
const accountAsk = (r: Pick<Refund, 'method' | 'state'>, link: string) =>
  r.method === 'transfer' && r.state !== 'done' ? { label: 'Give the account for your refund', url: link } : undefined;

export function paymentReceivedMail(order: StoredOrder, payment: Payment, at: Date, links: { list: string }) {
  return layout({
    subject: `Payment received: registration order ${order.order_no}`,
    heading: 'We have received your payment',
    paragraphs: [
      `Your registration order ${order.order_no} is paid. Thank you.`,
      // A link, not an attachment: this mail leaves with the payment's write, before any PDF is rendered.
      `Your receipt (PDF) is on your order list: ${links.list}`,
    ],
    sections: [
      { heading: 'Payment', items: [...moneyItems(payment), `Date: ${formatCstInstant(payment.confirmed_at ?? at.toISOString())}`] },
      { heading: 'Order', items: summary(order) },
    ],
    action: { label: 'See your orders', url: links.list },
  });
}

/** Part of a bank transfer arrived: what is still missing, to be sent with the same reference. `arrived` is the part, `rest` the payment still awaited. */
export function paymentIncompleteMail(order: StoredOrder, arrived: Pick<Payment, 'amount' | 'method'> | undefined, rest: Payment, account: BankAccount | undefined) {
  return layout({
    subject: `Incomplete payment: registration order ${order.order_no}`,
    heading: 'Part of your payment has arrived',
    paragraphs: [
      `The registration office has received a bank transfer for order ${order.order_no}, but it does not cover the order (${usd(order.amount_required)}). ${usd(rest.amount)} is still missing. Please transfer it with the same payment reference; the order stays "Checking" until it arrives.`,
    ],
    sections: [
      ...(arrived ? [{ heading: 'Received', items: moneyItems(arrived) }] : []),
      { heading: 'Still to transfer', items: [`Amount: ${usd(rest.amount)}`, ...bankDetailLines(account, order.reference, conference.contacts.registration)] },
    ],
  });
}

export function paymentFailedMail(order: StoredOrder, links: { pay: string }) {
  return layout({
    subject: `Payment not completed: registration order ${order.order_no}`,
    heading: 'Your payment did not go through',
    paragraphs: [`The payment for registration order ${order.order_no} failed. The order is still saved and unpaid.`, 'You can try again by card, or pay by bank transfer.'],
    action: { label: 'Pay this order', url: links.pay },
  });
}

export function transferNotedMail(order: StoredOrder, links: { list: string }, account: BankAccount | undefined) {
  return layout({
    subject: `Bank transfer noted: registration order ${order.order_no}`,
    heading: 'Thank you: we will look for your transfer',
    paragraphs: [
      `You told us that you have sent the bank transfer for order ${order.order_no}. Its status is now "Checking" until the registration office finds the payment on the bank statement; you will receive an e-mail then.`,
    ],
    sections: [{ heading: 'Transfer', items: [`Amount: ${usd(order.amount_required)}`, ...bankDetailLines(account, order.reference, conference.contacts.registration)] }],
    action: { label: 'See your orders', url: links.list },
  });
}

/** To the registration office: a transfer to look for on the statement. */
export function transferToMatchMail(order: StoredOrder, at: Date) {
  return layout({
    subject: `Transfer to match: ${order.reference} (${usd(order.amount_required)})`,
    heading: 'A delegate reports a bank transfer',
    paragraphs: [`The delegate ${order.owner_email} reports on ${formatCstInstant(at)} that the transfer for order ${order.order_no} has been sent.`],
    sections: [
      {
        heading: 'To match',
        items: [`Reference: ${order.reference}`, `Amount: ${usd(order.amount_required)}`, `Name: ${order.title} ${order.first_name} ${order.last_name}`, `Organisation: ${order.organization}`],
      },
    ],
  });
}

export function refundRequestedMail(order: StoredOrder, refund: Refund, links: { refundAccount: string }) {
  const byTransfer = refund.method === 'transfer';
  return layout({
    subject: `Cancellation of registration order ${order.order_no}`,
    heading: 'Your order is cancelled; the refund is on its way',
    paragraphs: [
      `Registration order ${order.order_no} is cancelled. We refund ${usd(refund.amount)} of ${usd(order.amount_required)} ${refundRoute(refund)}.`,
      ...(refund.note ? [`The registration office set this amount: ${refund.note}`] : []),
      byTransfer
        ? 'A refund by bank transfer takes 3-5 business days once the registration office has sent it. Please give us the account to send it to (the button below), if you have not yet.'
        : 'A card refund usually appears on the statement within 5-10 days.',
    ],
    sections: [
      { heading: 'Refund', items: moneyItems(refund) },
      { heading: 'Refund policy', items: refundPolicyLines() },
    ],
    action: accountAsk(refund, links.refundAccount),
  });
}

export function cancelledWithoutRefundMail(order: StoredOrder, officeNote?: string) {
  return layout({
    subject: `Cancellation of registration order ${order.order_no}`,
    heading: 'Your order is cancelled',
    paragraphs: [
      officeNote
        ? `Registration order ${order.order_no} is cancelled without a refund. The registration office's reason: ${officeNote}`
        : `Registration order ${order.order_no} is cancelled. As stated in the refund policy, there is no refund from 15 October 2024.`,
    ],
  });
}

export function refundCompletedMail(order: StoredOrder, refund: Refund) {
  const byTransfer = refund.method === 'transfer';
  return layout({
    subject: `Refund ${byTransfer ? 'sent' : 'completed'}: registration order ${order.order_no}`,
    heading: byTransfer ? 'We have sent your refund' : 'Your refund has been made',
    paragraphs: [
      byTransfer
        ? `We have sent ${usd(refund.amount)} for registration order ${order.order_no} ${refundRoute(refund)}. A bank transfer usually arrives within 3-5 business days.`
        : `We have refunded ${usd(refund.amount)} for registration order ${order.order_no} ${refundRoute(refund)}.`,
      'The credit note (PDF) is on your order list.',
    ],
    sections: [{ heading: 'Refund', items: [...moneyItems(refund), `Date: ${formatCstInstant(refund.done_at ?? refund.updated_at)}`] }],
  });
}

export function refundFailedMail(order: StoredOrder, refund: Refund) {
  return layout({
    subject: `Refund not completed: registration order ${order.order_no}`,
    heading: 'We could not complete your refund',
    paragraphs: [
      `The refund of ${usd(refund.amount)} for registration order ${order.order_no} ${refundRoute(refund)} did not go through${refund.failure_reason ? ` (${refund.failure_reason.replace(/_/g, ' ')})` : ''}.`,
      `The registration office has been told and will contact you to refund you another way. You can also write to ${conference.contacts.registration}.`,
    ],
    sections: [{ heading: 'Refund', items: moneyItems(refund) }],
  });
}

/**
 * Money we could not count, given back: a whole payment (already paid, another amount: it goes
 * back to where it came from), or what a payment brought beyond the order's cost (an overpaid
 * transfer: the difference goes back by bank transfer, to the account the delegate gives).
 */
export function surplusRefundedMail(order: StoredOrder, payment: Payment, refund: Refund, links: { refundAccount: string }) {
  const whole = refund.amount >= payment.amount;
  if (!whole)
    return layout({
      subject: `Overpayment to be refunded: registration order ${order.order_no}`,
      heading: 'You paid more than the order costs',
      paragraphs: [
        `We received ${usd(payment.amount)} by ${methodName(payment.method)} for registration order ${order.order_no}, which costs ${usd(order.amount_required)}. The order is paid.`,
        `We refund the difference, ${usd(refund.amount)}, ${refundRoute(refund)}.${refund.method === 'transfer' ? ' Please give us the account to send it to (the button below).' : ''}`,
      ],
      sections: [
        { heading: 'Payment', items: moneyItems(payment) },
        { heading: 'Refund', items: moneyItems(refund) },
      ],
      action: accountAsk(refund, links.refundAccount),
    });
  const why =
    payment.surplus === 'already-paid'
      ? `order ${order.order_no} had already been paid (for example from another window)`
      : payment.surplus === 'amount-mismatch'
        ? 'the amount received did not match the order'
        : `order ${order.order_no} could not be paid in its current state`;
  return layout({
    subject: `${payment.surplus === 'already-paid' ? 'Second payment' : 'Payment'} refunded: registration order ${order.order_no}`,
    heading: 'We are refunding a payment in full',
    paragraphs: [`We received ${usd(payment.amount)} by ${methodName(payment.method)}, but ${why}. We are refunding it in full, ${refundRoute(refund)}; nothing else changes for your order.`],
    sections: [
      { heading: 'Payment', items: moneyItems(payment) },
      { heading: 'Refund', items: moneyItems(refund) },
    ],
    action: accountAsk(refund, links.refundAccount),
  });
}
