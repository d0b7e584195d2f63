import { routes } from '#core/routes';
import { refundAccountSchema, saveRefundAccount } from '#core/orders/refund-account';
import { delegateActor } from '#wiring/orders';
import { refundAccountDeps } from '#wiring/refund-accounts';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** PUT /registration/refund_account { holder, account, bank, bic }: the account a refund by bank transfer is sent to (only while one is owed). */
export const handler = defineDelegateHandler(routes.saveRefundAccount, { body: refundAccountSchema }, async ({ auth, body, now }) =>
  replyWith(await saveRefundAccount(refundAccountDeps, delegateActor(auth), auth.userId, body, now)),
);
