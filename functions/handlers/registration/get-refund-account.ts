import { routes } from '#core/routes';
import { readRefundAccount } from '#core/orders/refund-account';
import { refundAccountDeps } from '#wiring/refund-accounts';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /registration/refund_account: the refunds owed to the delegate by bank transfer, and the account given for them (or null). */
export const handler = defineDelegateHandler(routes.getRefundAccount, {}, ({ auth }) => readRefundAccount(refundAccountDeps, auth.userId));
