/** The registration order calls (spec section 7), built from the route table. */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { routes } from '#core/routes';
import type { getOrder, getOrderByChecksum, listOrders, orderOptions } from '#core/orders/read-orders';
import type { confirmOrderCheckout } from '#core/orders/pay-by-card';
import type { OrderFormInput, VisaCorrectionInput } from '#core/orders/schemas';
import type { readRefundAccount, RefundAccountInput } from '#core/orders/refund-account';
import type { DocumentSummary } from '#core/documents/model';
import type { FapiaoRequestInput } from '#core/orders/fapiao';
import type { PublishedBankAccount } from '#core/office/payment-settings';
import { callApi, callApiForMessage } from '../../lib/api-client';
import { session } from '../../lib/session-store';

/** The answers as the domain makes them (type-only imports: nothing of the server is bundled). */
export type OrderList = Awaited<ReturnType<typeof listOrders>>;
export type OrderListItem = OrderList['items'][number];
export type OrderDetail = Awaited<ReturnType<typeof getOrder>>;
export type OrderByChecksum = Awaited<ReturnType<typeof getOrderByChecksum>>;
export type OrderOptions = ReturnType<typeof orderOptions>;
export type CheckoutOutcome = Awaited<ReturnType<typeof confirmOrderCheckout>>;
export type RefundAccountView = Awaited<ReturnType<typeof readRefundAccount>>;

/** A save that has not answered in a minute is reported, so the button never spins for ever. */
const SAVE_TIMEOUT_MS = 60_000;

export const orderKeys = {
  all: ['orders'] as const,
  list: ['orders', 'list'] as const,
  options: ['orders', 'options'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  byChecksum: (checksum: string) => ['orders', 'checksum', checksum] as const,
  refundAccount: ['orders', 'refund-account'] as const,
};

export const orderApi = {
  list: () => callApi<OrderList>(routes.listOrders),
  options: () => callApi<OrderOptions>(routes.getRegistrationOptions),
  get: (id: string) => callApi<OrderDetail>(routes.getOrder, { params: { id } }),
  byChecksum: (checksum: string) => callApi<OrderByChecksum>(routes.getOrderByChecksum, { params: { checksum } }),
  create: (body: OrderFormInput) =>
    callApiForMessage<{ id: string; checksum: string; order_no: string; amount_required: string }>(routes.createOrder, { body, timeoutMs: SAVE_TIMEOUT_MS }),
  /** `base`: the version and status the form was opened on (the server refuses a save over a newer one). */
  update: (id: string, body: OrderFormInput, base?: { updated_at: string; payment_status: number }) =>
    callApiForMessage<{ id: string; amount_required: string; updated_at: string }>(routes.updateOrder, {
      params: { id },
      query: base ? { base_updated_at: base.updated_at, base_status: base.payment_status } : undefined,
      body: { ...body, _method: 'PUT' },
      timeoutMs: SAVE_TIMEOUT_MS,
    }),
  remove: (id: string) => callApiForMessage<null>(routes.deleteOrder, { params: { id }, concurrent: true }),
  /** `expected_refund` is the amount the delegate was shown: the server refuses if it has changed. */
  cancel: (id: string, expectedRefund: string | undefined) =>
    callApiForMessage<{ refund_amount: string }>(routes.cancelOrder, { params: { id }, body: { expected_refund: expectedRefund }, concurrent: true }),
  checkout: (id: string, cancelUrl: string) => callApi<{ url: string }>(routes.createCheckout, { body: { id, cancel_url: cancelUrl } }),
  confirmCheckout: (sessionId: string) => callApi<CheckoutOutcome>(routes.confirmCheckout, { body: { session_id: sessionId } }),
  transfer: (id: string, type: 'later' | 'done') => callApiForMessage<null>(routes.chooseTransfer, { params: { id }, body: { type } }),
  bankAccount: () => callApi<{ bank_account: PublishedBankAccount | null }>(routes.getBankAccount),
  /** The order's certificate of attendance (issued on the first request after the congress, the same document after). */
  certificate: (id: string) => callApi<DocumentSummary>(routes.requestCertificate, { params: { id }, body: {} }),
  /** The passport data the registration office asked to correct (only those fields), over the version read. */
  correctVisa: (id: string, body: VisaCorrectionInput) => callApiForMessage<{ updated_at: string }>(routes.correctVisaData, { params: { id }, body }),
  /** The refunds owed to the delegate by bank transfer and the account given for them (core/orders/refund-account.ts). */
  refundAccount: () => callApi<RefundAccountView>(routes.getRefundAccount),
  saveRefundAccount: (body: RefundAccountInput) => callApiForMessage<RefundAccountView>(routes.saveRefundAccount, { body }),
  /** A fapiao asked for on the order, or its details changed (core/orders/fapiao.ts), over the version read. */
  requestFapiao: (id: string, body: FapiaoRequestInput) => callApiForMessage<{ updated_at: string }>(routes.requestFapiao, { params: { id }, body }),
  withdrawFapiao: (id: string, version: string) => callApiForMessage<{ updated_at: string }>(routes.withdrawFapiao, { params: { id }, body: { version } }),
  /** The order's current visa letter (409 with the reason while there is none). */
  visaLetter: (id: string) => callApi<{ document: DocumentSummary }>(routes.getVisaLetter, { params: { id } }),
  /** A passport page uploaded in the form but not saved with the order. */
  removePendingFile: (id: string) => callApi<null>(routes.deleteUpload, { params: { id }, concurrent: true }),
};

/** A list read this recently is the one the page opens with (the app's start reads it before the page mounts). */
const JUST_READ_MS = 2000;

/**
 * While a receipt or credit note is being issued (seconds after a payment), the list asks again
 * every 2 s until it is there. Opening the list reads it again, unless it was read in the last
 * 2 s: the list read while the app starts (`prefetchOrders`) often arrived before the page
 * mounted, and the page then asked for it a second time.
 */
export const ordersQuery = queryOptions({
  queryKey: orderKeys.list,
  queryFn: orderApi.list,
  refetchInterval: (query) => (query.state.data?.items.some((item) => item.documents_being_issued) ? 2000 : false),
  // A list marked out of date (a change of the delegate's) is read again whenever it was read.
  refetchOnMount: (query) => query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_READ_MS,
});
export const useOrders = () => useQuery(ordersQuery);

/** Starts loading the order list while the app starts, when /registration/list is opened directly. */
export function prefetchOrders(queryClient: QueryClient) {
  if (session.token()) void queryClient.prefetchQuery(ordersQuery);
}
export const useOrderOptions = () => useQuery({ queryKey: orderKeys.options, queryFn: orderApi.options, staleTime: Infinity });
export const useOrder = (id: string | undefined) =>
  useQuery({ queryKey: orderKeys.detail(id ?? ''), queryFn: () => orderApi.get(id!), enabled: Boolean(id), staleTime: 0, retry: false });
export const useOrderByChecksum = (checksum: string | undefined) =>
  useQuery({ queryKey: orderKeys.byChecksum(checksum ?? ''), queryFn: () => orderApi.byChecksum(checksum!), enabled: Boolean(checksum), staleTime: 0, retry: false });

/** The congress account for a transfer (steps 5 and 6): read fresh, the office may publish it any time. */
export const useBankAccount = () => useQuery({ queryKey: ['bank-account'], queryFn: orderApi.bankAccount, staleTime: 0 });
