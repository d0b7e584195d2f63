/**
 * The e-mails about a registration order and its payments, in the portal's layout: what the
 * delegate needs to act (the payment link, the bank details with the order's reference, the
 * amounts, the refund rule), and the registration office's notice of a transfer to look for.
 * Each is written in its reader's language (`lang`, decision 0059; the office's notice: English).
 */
import { bankTransfer, conference } from '../config/conference';
import type { BankAccount } from '../office/payment-settings';
import { bankMailLines } from '../mail/bank-lines';
import { layout } from '../mail/templates';
import { formatMoney } from '../money';
import { formatCstInstant } from '../time';
import { formatInstant } from '../i18n/format';
import type { Lang } from '../i18n/lang';
import { localise, mailTranslator } from '../i18n/mail-messages';
import type { Payment, Refund } from '../payments/model';
import { methodName, moneyItems } from '../payments/mail-facts';
import { rateOf } from './pricing';
import { refundPolicyLines } from './refund-policy';
import type { StoredOrder } from './ports';
import { ticketsOf } from '../checkin/tickets';
import { ORDER_STATUS } from './states';
import { entitlementsOf, entitlementNames } from '../checkin/lists';
import type { MessageId } from '../i18n/messages';

const usd = (cents: number) => formatMoney(cents, 'USD');

function summary(order: StoredOrder, lang: Lang): string[] {
  const t = mailTranslator(lang);
  return [
    t('mail.order.summary.rate', { orderNo: order.order_no, rate: localise(lang, rateOf(order.rate).label) }),
    t('mail.order.summary.accompanying', { count: String(order.accompanying_person) }),
    t('mail.order.summary.visit', { count: String(order.post_conference_activities_person) }),
    t('mail.order.summary.total', { amount: usd(order.amount_required) }),
  ];
}

/** The bank details and the reference, in the reader's language (the values as the office entered them). */
const bankLines = (account: BankAccount | undefined, reference: string, lang: Lang) =>
  bankMailLines(account, reference, conference.contacts.registration, lang);

export function orderPlacedMail(order: StoredOrder, links: { pay: string }, account: BankAccount | undefined, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  return layout(
    {
      subject: t('mail.order.placed.subject', { orderNo: order.order_no }),
      heading: t('mail.order.placed.heading'),
      paragraphs: [t('mail.order.placed.thanks', { name: t('mail.congressName') }), t('mail.order.placed.how')],
      sections: [
        { heading: t('mail.order.section.order'), items: summary(order, lang) },
        { heading: t('mail.order.section.bankTransfer'), items: [...bankLines(account, order.reference, lang), localise(lang, bankTransfer.instructions)] },
      ],
      action: { label: t('mail.order.action.pay'), url: links.pay },
    },
    lang,
  );
}

/** How a refund goes back, in words: to the card, or by bank transfer to the account the delegate gives. */
const refundRoute = (r: Pick<Refund, 'method' | 'paid_to'>, lang: Lang) => {
  const t = mailTranslator(lang);
  return r.method === 'card' ? t('mail.order.route.card') : r.paid_to ? t('mail.order.route.transferTo', { account: r.paid_to }) : t('mail.order.route.transferAsk');
};

/** A refund by bank transfer waits for the account to send it to: the link to the form. */
const accountAsk = (r: Pick<Refund, 'method' | 'state'>, link: string, lang: Lang) =>
  r.method === 'transfer' && r.state !== 'done' ? { label: mailTranslator(lang)('mail.order.action.refundAccount'), url: link } : undefined;

/** One ticket in the payment mail: "Person 1 (delegate): 4 Nov, 5 Nov, …, Gala dinner". */
function ticketLine(ticket: ReturnType<typeof ticketsOf>[number], lang: Lang) {
  const t = mailTranslator(lang);
  const has = entitlementsOf(ticket.entitlements);
  const entitlements = entitlementNames.filter((e) => has.has(e)).map((e) => t(`checkin.entitlement.${e}` as MessageId));
  return t('mail.order.ticket.line', { n: ticket.person + 1, role: t(`mail.order.ticket.role.${ticket.role}`), entitlements: entitlements.join(lang === 'en' ? ', ' : '、') });
}

export function paymentReceivedMail(order: StoredOrder, payment: Payment, at: Date, links: { list: string }, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  // The order's tickets, one per person: this mail says the order is paid (its record here may be
  // the one read before the payment's write, still Checking), so they are the Paid order's.
  const tickets = ticketsOf({ ...order, payment_status: ORDER_STATUS.paid });
  return layout(
    {
      subject: t('mail.order.received.subject', { orderNo: order.order_no }),
      heading: t('mail.order.received.heading'),
      paragraphs: [
        t('mail.order.received.paid', { orderNo: order.order_no }),
        // A link, not an attachment: this mail leaves with the payment's write, before any PDF is rendered.
        t('mail.order.received.receipt', { link: links.list }),
        // The tickets (issue 34): on the list with their QR codes and PDFs (signed there, not in a mail that may be forwarded).
        ...(tickets.length ? [t('mail.order.received.tickets', { count: tickets.length, link: links.list })] : []),
      ],
      sections: [
        { heading: t('mail.order.section.payment'), items: [...moneyItems(payment, lang), t('mail.order.date', { date: formatInstant(lang, payment.confirmed_at ?? at.toISOString()) })] },
        { heading: t('mail.order.section.order'), items: summary(order, lang) },
        ...(tickets.length ? [{ heading: t('mail.order.section.tickets'), items: tickets.map((ticket) => ticketLine(ticket, lang)) }] : []),
      ],
      action: { label: t('mail.order.action.list'), url: links.list },
    },
    lang,
  );
}

/** Part of a bank transfer arrived: what is still missing, to be sent with the same reference. `arrived` is the part, `rest` the payment still awaited. */
export function paymentIncompleteMail(order: StoredOrder, arrived: Pick<Payment, 'amount' | 'method'> | undefined, rest: Payment, account: BankAccount | undefined, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  return layout(
    {
      subject: t('mail.order.incomplete.subject', { orderNo: order.order_no }),
      heading: t('mail.order.incomplete.heading'),
      paragraphs: [t('mail.order.incomplete.missing', { orderNo: order.order_no, total: usd(order.amount_required), rest: usd(rest.amount) })],
      sections: [
        ...(arrived ? [{ heading: t('mail.order.section.received'), items: moneyItems(arrived, lang) }] : []),
        { heading: t('mail.order.section.stillToTransfer'), items: [t('mail.order.amount', { amount: usd(rest.amount) }), ...bankLines(account, order.reference, lang)] },
      ],
    },
    lang,
  );
}

export function paymentFailedMail(order: StoredOrder, links: { pay: string }, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  return layout(
    {
      subject: t('mail.order.failed.subject', { orderNo: order.order_no }),
      heading: t('mail.order.failed.heading'),
      paragraphs: [t('mail.order.failed.unpaid', { orderNo: order.order_no }), t('mail.order.failed.again')],
      action: { label: t('mail.order.action.pay'), url: links.pay },
    },
    lang,
  );
}

export function transferNotedMail(order: StoredOrder, links: { list: string }, account: BankAccount | undefined, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  return layout(
    {
      subject: t('mail.order.noted.subject', { orderNo: order.order_no }),
      heading: t('mail.order.noted.heading'),
      paragraphs: [t('mail.order.noted.checking', { orderNo: order.order_no })],
      sections: [{ heading: t('mail.order.section.transfer'), items: [t('mail.order.amount', { amount: usd(order.amount_required) }), ...bankLines(account, order.reference, lang)] }],
      action: { label: t('mail.order.action.list'), url: links.list },
    },
    lang,
  );
}

/** To the registration office: a transfer to look for on the statement (the office's address: English). */
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

export function refundRequestedMail(order: StoredOrder, refund: Refund, links: { refundAccount: string }, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  const byTransfer = refund.method === 'transfer';
  return layout(
    {
      subject: t('mail.order.cancelled.subject', { orderNo: order.order_no }),
      heading: t('mail.order.refundRequested.heading'),
      paragraphs: [
        t('mail.order.refundRequested.refund', { orderNo: order.order_no, amount: usd(refund.amount), total: usd(order.amount_required), route: refundRoute(refund, lang) }),
        ...(refund.note ? [t('mail.order.refundRequested.officeAmount', { note: refund.note })] : []),
        byTransfer ? t('mail.order.refundRequested.byTransfer') : t('mail.order.refundRequested.byCard'),
      ],
      sections: [
        { heading: t('mail.order.section.refund'), items: moneyItems(refund, lang) },
        { heading: t('mail.order.section.refundPolicy'), items: refundPolicyLines().map((line) => localise(lang, line)) },
      ],
      action: accountAsk(refund, links.refundAccount, lang),
    },
    lang,
  );
}

export function cancelledWithoutRefundMail(order: StoredOrder, officeNote?: string, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  return layout(
    {
      subject: t('mail.order.cancelled.subject', { orderNo: order.order_no }),
      heading: t('mail.order.cancelled.heading'),
      paragraphs: [
        officeNote
          ? t('mail.order.cancelled.byOffice', { orderNo: order.order_no, note: officeNote })
          : t('mail.order.cancelled.noRefund', { orderNo: order.order_no }),
      ],
    },
    lang,
  );
}

export function refundCompletedMail(order: StoredOrder, refund: Refund, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  const byTransfer = refund.method === 'transfer';
  return layout(
    {
      subject: byTransfer ? t('mail.order.refundSent.subject', { orderNo: order.order_no }) : t('mail.order.refundDone.subject', { orderNo: order.order_no }),
      heading: byTransfer ? t('mail.order.refundSent.heading') : t('mail.order.refundDone.heading'),
      paragraphs: [
        byTransfer
          ? t('mail.order.refundSent.sent', { amount: usd(refund.amount), orderNo: order.order_no, route: refundRoute(refund, lang) })
          : t('mail.order.refundDone.done', { amount: usd(refund.amount), orderNo: order.order_no, route: refundRoute(refund, lang) }),
        t('mail.order.refundDone.creditNote'),
      ],
      sections: [{ heading: t('mail.order.section.refund'), items: [...moneyItems(refund, lang), t('mail.order.date', { date: formatInstant(lang, refund.done_at ?? refund.updated_at) })] }],
    },
    lang,
  );
}

/** To the delegate in their language; the office's copy (no `lang`) in English. */
export function refundFailedMail(order: StoredOrder, refund: Refund, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  const route = refundRoute(refund, lang);
  const values = { amount: usd(refund.amount), orderNo: order.order_no, route };
  return layout(
    {
      subject: t('mail.order.refundFailed.subject', { orderNo: order.order_no }),
      heading: t('mail.order.refundFailed.heading'),
      paragraphs: [
        refund.failure_reason
          ? t('mail.order.refundFailed.failedBecause', { ...values, reason: refund.failure_reason.replace(/_/g, ' ') })
          : t('mail.order.refundFailed.failed', values),
        t('mail.order.refundFailed.office', { office: conference.contacts.registration }),
      ],
      sections: [{ heading: t('mail.order.section.refund'), items: moneyItems(refund, lang) }],
    },
    lang,
  );
}

/**
 * Money we could not count, given back: a whole payment (already paid, another amount: it goes
 * back to where it came from), or what a payment brought beyond the order's cost (an overpaid
 * transfer: the difference goes back by bank transfer, to the account the delegate gives).
 */
export function surplusRefundedMail(order: StoredOrder, payment: Payment, refund: Refund, links: { refundAccount: string }, lang: Lang = 'en') {
  const t = mailTranslator(lang);
  const whole = refund.amount >= payment.amount;
  const method = methodName(payment.method, lang);
  if (!whole)
    return layout(
      {
        subject: t('mail.order.overpaid.subject', { orderNo: order.order_no }),
        heading: t('mail.order.overpaid.heading'),
        paragraphs: [
          t('mail.order.overpaid.received', { amount: usd(payment.amount), method, orderNo: order.order_no, total: usd(order.amount_required) }),
          refund.method === 'transfer'
            ? t('mail.order.overpaid.refundByTransfer', { amount: usd(refund.amount), route: refundRoute(refund, lang) })
            : t('mail.order.overpaid.refund', { amount: usd(refund.amount), route: refundRoute(refund, lang) }),
        ],
        sections: [
          { heading: t('mail.order.section.payment'), items: moneyItems(payment, lang) },
          { heading: t('mail.order.section.refund'), items: moneyItems(refund, lang) },
        ],
        action: accountAsk(refund, links.refundAccount, lang),
      },
      lang,
    );
  const why =
    payment.surplus === 'already-paid'
      ? t('mail.order.surplus.whyAlreadyPaid', { orderNo: order.order_no })
      : payment.surplus === 'amount-mismatch'
        ? t('mail.order.surplus.whyAmount')
        : t('mail.order.surplus.whyState', { orderNo: order.order_no });
  return layout(
    {
      subject: payment.surplus === 'already-paid' ? t('mail.order.surplus.subjectSecond', { orderNo: order.order_no }) : t('mail.order.surplus.subject', { orderNo: order.order_no }),
      heading: t('mail.order.surplus.heading'),
      paragraphs: [t('mail.order.surplus.refunding', { amount: usd(payment.amount), method, why, route: refundRoute(refund, lang) })],
      sections: [
        { heading: t('mail.order.section.payment'), items: moneyItems(payment, lang) },
        { heading: t('mail.order.section.refund'), items: moneyItems(refund, lang) },
      ],
      action: accountAsk(refund, links.refundAccount, lang),
    },
    lang,
  );
}
