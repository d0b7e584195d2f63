/** Wiring of the account a bank refund is sent to: its store, and the refunds owed to a delegate (their orders' ledgers, one Query each). */
import { owedOf, owedRefunds, type RefundAccountDeps } from '#core/orders/refund-account';
import { ledger } from '#storage/ledger';
import { orderStore } from '#storage/orders';
import { refundAccountStore } from '#storage/refund-accounts';

export const refundAccountDeps: RefundAccountDeps = {
  accounts: refundAccountStore,
  async owed(ownerId) {
    const [orders, ledgers] = await Promise.all([orderStore.list(ownerId), ledger.ofOwner(ownerId, 'order')]);
    return orders.flatMap((order) => owedRefunds(ledgers.get(order.id)?.refunds ?? []).map((refund) => owedOf(order.order_no, refund)));
  },
};
