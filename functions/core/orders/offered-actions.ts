/**
 * What a delegate may do with an order now: the status rule (states.ts `orderActions`) and the
 * calendar. Editing, paying and cancelling are open while registration is (18 July to
 * 4 November 2024, 24:00 CST: order-deps.ts `registrationWindow`); deleting an unpaid order is
 * always allowed. The order list offers exactly these, and each use case refuses by the same
 * window (`assertOpen`), so a page never offers what the server then refuses
 * (docs/decisions/0047-order-actions-follow-the-registration-window.md).
 */
import type { StoredOrder } from './ports';
import { registrationWindow } from './order-deps';
import { orderActions } from './states';

export function offeredActions(order: Pick<StoredOrder, 'payment_status' | 'refund_failed_at'>, now: Date) {
  const byStatus = orderActions(order.payment_status, Boolean(order.refund_failed_at));
  const open = registrationWindow(now).open;
  return {
    edit: byStatus.edit && open,
    editAmounts: byStatus.editAmounts && open,
    delete: byStatus.delete,
    cancel: byStatus.cancel && open,
    pay: byStatus.pay && open,
  };
}
export type OfferedActions = ReturnType<typeof offeredActions>;
