import { routes } from '#core/routes';
import { listOrders } from '#core/orders/read-orders';
import { ledger } from '#storage/ledger';
import { orderStore } from '#storage/orders';
import { defineDelegateHandler } from '#lib/http/delegate-handler';
import { ownerOrderDocuments } from '#core/documents/order-documents';
import { orderDocumentDeps } from '#wiring/order-documents';
import { byCategorySummary } from '#core/registration-by-category/list-summary';
import { registrationStore } from '#storage/registrations';

/**
 * GET /registration: data.items and data.total (one Query), with each paid order's refund shown
 * before cancelling and its receipts and credit notes (any still missing are issued first), and
 * the delegate's registration by category if there is one.
 */
export const handler = defineDelegateHandler(routes.listOrders, {}, ({ auth, now }) =>
  listOrders(
    {
      orders: orderStore,
      payments: { ledger },
      documentsOf: (owner, orders, ledgers, at) => ownerOrderDocuments(orderDocumentDeps, owner, orders, ledgers, at),
      byCategory: async (owner) => {
        const registration = await registrationStore.get(owner);
        return registration ? byCategorySummary(registration) : null;
      },
    },
    auth.userId,
    now,
  ),
);
