/**
 * The mails about an order's payments (the payments module decides when; this says what). Apart
 * from order-payables.ts: only a request that moves money sends them, so the functions load them
 * (and the mail texts) on first use, not at every cold start (wiring/orders.ts).
 */
import type { Refund } from '../payments/model';
import type { OrderPlacedEvent } from '../payments/money-events';
import type { PaymentMail } from '../payments/ports';
import { ORDER_STATUS } from './states';
import {
  paymentFailedMail,
  paymentIncompleteMail,
  orderPlacedMail,
  paymentReceivedMail,
  refundCompletedMail,
  refundFailedMail,
  refundRequestedMail,
  surplusRefundedMail,
} from './mails';
import type { StoredOrder } from './ports';
import { links, ownerLanguage, send, type OrderDeps } from './order-deps';

/**
 * An order placed (its event, followed by the money-events worker): the mail with what it owes and
 * how to pay it, while it is still unpaid (paid or gone meanwhile, the mail would not be true).
 */
export function orderPlacedMails(deps: Pick<OrderDeps, 'orders' | 'mailer' | 'log' | 'siteOrigin' | 'bankAccount' | 'languages'>) {
  return async (event: OrderPlacedEvent) => {
    const order = await deps.orders.get(event.owner_id, event.order_id);
    if (!order || order.payment_status !== ORDER_STATUS.unpaid) return;
    const lang = await ownerLanguage(deps, order);
    await send(deps, order.owner_email, orderPlacedMail(order, links(deps, order, lang), await deps.bankAccount(), lang), 'order placed');
  };
}

export function orderPaymentMails(
  deps: Pick<OrderDeps, 'mailer' | 'log' | 'siteOrigin' | 'bankAccount' | 'languages'> & {
    /** Issues the visa letter of an approved order now paid (core/office/visa-letters.ts); never throws. */
    visaLetters?: { onPaid(order: StoredOrder, at: Date): Promise<void> };
  },
  office: string,
) {
  return async (mail: PaymentMail) => {
    const order = mail.payable.record as StoredOrder;
    const to = order.owner_email;
    const lang = await ownerLanguage(deps, order);
    const l = links(deps, order, lang);
    const refund = mail.refund as Refund;
    switch (mail.kind) {
      case 'payment-received':
        await deps.visaLetters?.onPaid(order, mail.at);
        return void (await send(deps, to, paymentReceivedMail(order, mail.payment, mail.at, l, lang), mail.kind));
      case 'payment-incomplete':
        return void (await send(
          deps,
          to,
          paymentIncompleteMail(order, mail.arrived, mail.payment, await deps.bankAccount(), lang),
          mail.kind,
        ));
      case 'payment-failed':
        return void (await send(deps, to, paymentFailedMail(order, l, lang), mail.kind));
      case 'refund-requested':
        return void (await send(deps, to, refundRequestedMail(order, refund, l, lang), mail.kind));
      case 'surplus-refunded':
        return void (await send(deps, to, surplusRefundedMail(order, mail.payment, refund, l, lang), mail.kind));
      case 'refund-completed':
        return void (await send(deps, to, refundCompletedMail(order, refund, lang), mail.kind));
      case 'refund-failed':
        await send(deps, to, refundFailedMail(order, refund, lang), mail.kind);
        // The office acts on it: the order is Paid again, with the failed refund noted.
        return void (await send(deps, office, refundFailedMail(order, refund), `${mail.kind} (office)`));
    }
  };
}
