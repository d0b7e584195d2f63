/**
 * The office dashboard, from the counters (counters.ts) and the oldest transfer awaited: nothing
 * here reads orders, accounts or abstracts themselves.
 */
import { uploadPurposes } from '../config/conference';
import { abstractCategories } from '../data/abstract-options';
import { ORDER_STATUS, orderStatusNames, type OrderStatus } from '../orders/states';
import { wireAmount } from '../money';
import type { Counts } from './counters';

const DAY = 86_400_000;

export interface DashboardView {
  accounts: { created: number; activated: number };
  /** Every status, in the order of the order list's life (Unpaid, Checking, Paid, Refunding, Cancelled). */
  orders: { status: OrderStatus; name: string; count: number }[];
  /** Dollars as on the wire ("650.00"). */
  money: { received_card: string; received_transfer: string; received: string; refunded: string; kept: string; awaited: string };
  transfers_awaited: { count: number; oldest_noted_at: string | null; oldest_waiting_days: number | null };
  refunds_waiting: { transfer: number; card: number };
  abstracts: { category: string; name: string; count: number }[];
  abstracts_total: number;
  files: { purpose: string; label: string; count: number }[];
  /** Each day with orders placed or money received (China Standard Time days), oldest first. */
  days: { day: string; orders: number; received: string }[];
}

const statusOrder: OrderStatus[] = [ORDER_STATUS.unpaid, ORDER_STATUS.checking, ORDER_STATUS.paid, ORDER_STATUS.refunding, ORDER_STATUS.cancelled];

export function dashboardView(stats: { totals: Counts; days: { day: string; counts: Counts }[] }, oldestAwaited: { created_at: string } | undefined, now: Date): DashboardView {
  const n = (name: string) => stats.totals[name] ?? 0;
  const card = n('received.card');
  const transfer = n('received.transfer');
  const categories = abstractCategories.flatMap((g) => g.children.map((c) => ({ category: c.value, name: c.label, count: n(`abstracts.${c.value}`) })));
  return {
    accounts: { created: n('accounts.created'), activated: n('accounts.activated') },
    orders: statusOrder.map((status) => ({ status, name: orderStatusNames[status], count: n(`orders.${orderStatusNames[status].toLowerCase()}`) })),
    money: {
      received_card: wireAmount(card),
      received_transfer: wireAmount(transfer),
      received: wireAmount(card + transfer),
      refunded: wireAmount(n('refunded')),
      kept: wireAmount(card + transfer - n('refunded')),
      awaited: wireAmount(n('transfers.awaited_amount')),
    },
    transfers_awaited: {
      count: n('transfers.awaited'),
      oldest_noted_at: oldestAwaited?.created_at ?? null,
      oldest_waiting_days: oldestAwaited ? Math.max(0, Math.floor((now.getTime() - Date.parse(oldestAwaited.created_at)) / DAY)) : null,
    },
    refunds_waiting: { transfer: n('refunds.waiting.transfer'), card: n('refunds.waiting.card') },
    abstracts: categories,
    abstracts_total: categories.reduce((sum, c) => sum + c.count, 0),
    files: (['abstract', 'poster', 'oral'] as const).map((purpose) => ({ purpose, label: uploadPurposes[purpose].label, count: n(`files.${purpose}`) })),
    days: stats.days
      .filter((d) => (d.counts.orders ?? 0) !== 0 || (d.counts.received ?? 0) !== 0)
      .sort((a, b) => a.day.localeCompare(b.day))
      .map((d) => ({ day: d.day, orders: d.counts.orders ?? 0, received: wireAmount(d.counts.received ?? 0) })),
  };
}
