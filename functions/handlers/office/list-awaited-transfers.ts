import { routes } from '#core/routes';
import { awaitedTransferRows } from '#core/office/transfers';
import type { StoredOrder } from '#core/orders/ports';
import { awaitedTransfers } from '#storage/ledger';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/transfers: the bank transfers delegates said they sent, oldest first, with their references. */
export const handler = defineDelegateHandler(routes.listAwaitedTransfers, {}, async ({ now }) => {
  const found = await awaitedTransfers();
  return { items: awaitedTransferRows(found.map((f) => ({ payment: f.payment, order: f.order as StoredOrder | undefined })), now) };
});
