/**
 * The payment_status of a registration order (spec section 4) and the only moves between them.
 * Every path (the delegate's pages, the card provider's events, the registration office) goes
 * through `orderTransition`, so a move the spec does not allow is refused in one place.
 *
 *   0 Unpaid ──card paid──────────────▶ 1 Paid ──cancel (refund > 0)──▶ -2 Refunding ──refund done──▶ -1 Cancelled
 *     │ └──transfer done──▶ 2 Checking ──office: transfer received──▶ 1      │   ▲                        
 *     │                         └──office: not received──▶ 0               │   └──refund failed (back to Paid, office acts)
 *     └──delete                                             1 ──cancel from 15 Oct (no refund)──▶ -1
 */
export const ORDER_STATUS = { unpaid: 0, paid: 1, checking: 2, cancelled: -1, refunding: -2 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
/** A status's key in the catalogs (`registration.status.<key>`, whose English is `orderStatusNames`). */
export const orderStatusKeys = { 0: 'unpaid', 1: 'paid', 2: 'checking', [-1]: 'cancelled', [-2]: 'refunding' } as const satisfies Record<OrderStatus, string>;

export const orderStatusNames: Record<OrderStatus, string> = {
  0: 'Unpaid',
  1: 'Paid',
  2: 'Checking',
  [-1]: 'Cancelled',
  [-2]: 'Refunding',
};

export type OrderEvent =
  | 'card-paid'
  | 'transfer-done'
  | 'transfer-received'
  | 'transfer-not-received'
  | 'cancel-with-refund'
  | 'cancel-without-refund'
  | 'refund-done'
  | 'refund-failed';

const moves: Record<OrderEvent, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  'card-paid': { from: [0], to: 1 },
  'transfer-done': { from: [0], to: 2 },
  'transfer-received': { from: [2], to: 1 },
  'transfer-not-received': { from: [2], to: 0 },
  'cancel-with-refund': { from: [1], to: -2 },
  'cancel-without-refund': { from: [1], to: -1 },
  'refund-done': { from: [-2], to: -1 },
  // A card refund can fail after it succeeded (the card's bank returns it): from Cancelled too.
  'refund-failed': { from: [-2, -1], to: 1 },
};

/** The status an event moves an order to, or null when the spec does not allow it from `from`. */
export function orderTransition(from: OrderStatus, event: OrderEvent): { from: OrderStatus; to: OrderStatus } | null {
  const move = moves[event];
  return move.from.includes(from) ? { from, to: move.to } : null;
}

/**
 * What a delegate may do with an order in each status (spec sections 2 and 4). A paid order whose
 * cancellation refund failed is the registration office's to settle (it tries the refund again):
 * the delegate cannot cancel it a second time meanwhile.
 */
export function orderActions(status: OrderStatus, refundFailed = false) {
  return {
    /** Unpaid orders can be edited and deleted; paid ones edited (step 4 only) and cancelled. */
    edit: status === ORDER_STATUS.unpaid || status === ORDER_STATUS.paid,
    editAmounts: status === ORDER_STATUS.unpaid,
    delete: status === ORDER_STATUS.unpaid,
    cancel: status === ORDER_STATUS.paid && !refundFailed,
    pay: status === ORDER_STATUS.unpaid,
  };
}

/**
 * Whether an order holds one of its owner's places (registration2024.maxOrdersPerDelegate): every
 * order but a cancelled one, which holds nothing. A cancelled order whose refund fails after all
 * is Paid again and takes its place back, even beyond the limit: the money must be recorded.
 */
export const holdsPlace = (status: OrderStatus) => status !== ORDER_STATUS.cancelled;
