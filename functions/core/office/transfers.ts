/**
 * The transfers the office is waiting for: what each delegate said they sent (the amount still
 * awaited, which after a short transfer is the rest), with the reference to look for on the bank
 * statement and how long it has been waiting, oldest first.
 */
import type { StoredOrder } from '../orders/ports';
import type { Payment } from '../payments/model';
import { wireAmount } from '../money';

export interface AwaitedTransferRow {
  reference: string;
  order_no: string;
  delegate: string;
  email: string;
  /** What is still awaited, in dollars as on the wire ("650.00"). */
  amount: string;
  noted_at: string;
  waiting_days: number;
}

const DAY = 86_400_000;

export function awaitedTransferRows(found: { payment: Payment; order: Pick<StoredOrder, 'reference' | 'order_no' | 'first_name' | 'last_name' | 'owner_email' | 'payment_status'> | undefined }[], now: Date): AwaitedTransferRow[] {
  return found
    .filter((f): f is typeof f & { order: NonNullable<typeof f.order> } => f.order !== undefined)
    .map(({ payment, order }) => ({
      reference: order.reference,
      order_no: order.order_no,
      delegate: `${order.first_name} ${order.last_name}`.trim(),
      email: order.owner_email,
      amount: wireAmount(payment.amount),
      noted_at: payment.created_at,
      waiting_days: Math.max(0, Math.floor((now.getTime() - Date.parse(payment.created_at)) / DAY)),
    }))
    .sort((a, b) => a.noted_at.localeCompare(b.noted_at));
}
