/** The office's actions on an order named by its payment reference: the order, and their messages. */
import { invalid, notFound } from '../errors';
import { text } from '../i18n/messages';
import { formatMoney } from '../money';
import { parseTransferReference, transferReference } from '../orders/reference';
import { orderResultMessages, type OrderDeps } from '../orders/order-deps';

export const officeMessages = {
  badReference:
    'This is not a valid payment reference: a digit is wrong or missing (the last digit is a check digit).',
  noPendingTransfer: 'This order has no bank transfer waiting to be confirmed.',
  noTransferRefund: 'This order has no bank transfer refund waiting to be recorded.',
  noFailedRefund: 'This order has no failed refund to try again.',
  transferConfirmed: 'The transfer is confirmed: the order is paid and the delegate has been told.',
  transferSurplus: (excess: number) =>
    `The transfer is confirmed: the order is paid and the delegate has been told. ${formatMoney(excess)} more than the order costs arrived: please send it back and record that refund.`,
  transferIncomplete: (missing: number) =>
    `The transfer is recorded, but ${formatMoney(missing)} is still missing: the order stays "Checking" and the delegate has been told.`,
  refundRecorded: 'The refund is recorded and the delegate has been told.',
  refundRetried: 'The refund has been requested again: the order is "Refunding".',
  refundAskedAgain: 'The card provider has been asked again for the refund it had not answered.',
  providerStillDown: 'The card provider still does not answer. Please try again later.',
};

/** The messages with amounts by their catalog ids (office.json); their English is `officeMessages`' word for word. */
export const transferTexts = {
  transferSurplus: (excess: number) => text('api.office.transferSurplus', { excess: formatMoney(excess) }),
  transferIncomplete: (missing: number) => text('api.office.transferIncomplete', { missing: formatMoney(missing) }),
};

export async function orderByReference(deps: Pick<OrderDeps, 'orders'>, reference: string) {
  const sequence = parseTransferReference(reference);
  if (sequence === null)
    throw invalid(officeMessages.badReference, { reference: officeMessages.badReference });
  const order = await deps.orders.findByReference(transferReference(sequence));
  if (!order) throw notFound(orderResultMessages.notFound);
  return order;
}
