import { routes } from '#core/routes';
import { officeRecordBankRefund, recordSentBody, refundOwedParams } from '#core/office/refunds-owed';
import { organiserActor } from '#core/office/access';
import { officeOrderReads } from '#wiring/office-orders';
import { orderDeps } from '#wiring/orders';
import { refundAccountStore } from '#storage/refund-accounts';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/orders/{id}/refunds/{refund}/sent { amount, paid_to }: the office sent a refund owed by bank transfer to the account it confirmed. */
export const handler = defineDelegateHandler(routes.recordBankRefund, { params: refundOwedParams, body: recordSentBody }, async ({ auth, params, body, now, siteOrigin }) =>
  replyWith(await officeRecordBankRefund({ ...orderDeps(siteOrigin, { actor: organiserActor(auth), now }), accounts: refundAccountStore }, officeOrderReads, params.id, params.refund, body, now)),
);
