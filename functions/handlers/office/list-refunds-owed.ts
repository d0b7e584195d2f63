import { routes } from '#core/routes';
import { refundOwedRows } from '#core/office/refunds-owed';
import type { StoredOrder } from '#core/orders/ports';
import { owedBankRefunds } from '#storage/ledger';
import { refundAccountStore } from '#storage/refund-accounts';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/refunds_owed: the refunds by bank transfer the office owes, oldest first, each with its order and the delegate's account. */
export const handler = defineDelegateHandler(routes.listRefundsOwed, {}, async ({ now }) => {
  const found = await owedBankRefunds();
  const owners = [...new Set(found.map((f) => f.refund.subject.owner_id))];
  const accounts = new Map(await Promise.all(owners.map(async (id) => [id, await refundAccountStore.get(id)] as const)));
  return { items: refundOwedRows(found.map((f) => ({ refund: f.refund, order: f.order as StoredOrder | undefined, account: accounts.get(f.refund.subject.owner_id) })), now) };
});
