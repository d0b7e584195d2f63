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

/** One day of the chart: every day from the first with activity to the last, quiet days as zero. */
export interface ChartDay {
  day: string;
  orders: number;
  /** Cents. */
  received: number;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/**
 * The chart's days: a time axis has every day between the first and the last with activity, so a
 * quiet week shows as a gap and not as neighbouring bars (the table under the chart keeps only
 * the days with activity).
 */
export function chartDays(days: DashboardView['days']): ChartDay[] {
  if (days.length === 0) return [];
  const byDay = new Map(days.map((d) => [d.day, d]));
  const out: ChartDay[] = [];
  for (let day = days[0]!.day; day <= days.at(-1)!.day; day = nextDay(day)) {
    const d = byDay.get(day);
    out.push({ day, orders: d?.orders ?? 0, received: d ? Math.round(Number(d.received) * 100) : 0 });
  }
  return out;
}

/** Round steps for an axis from 0 to at least `max`: 0 and up to four more ticks, each 1, 2 or 5 x 10^n, at least `minStep` apart (1 for counts). */
export function axisTicks(max: number, minStep = 0): number[] {
  if (max <= 0) return [0, Math.max(1, minStep)];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(minStep, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!);
  const ticks: number[] = [];
  for (let t = 0; t < max + step; t += step) ticks.push(Math.round(t * 1e6) / 1e6);
  return ticks;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A day on the axis: "1 Aug" (the year is in the axis' caption). */
export const axisDay = (day: string) => `${Number(day.slice(8, 10))} ${SHORT_MONTHS[Number(day.slice(5, 7)) - 1]}`;

/** Which days the axis names: the first, the last, and evenly between, at most `most` in all. */
export function labelledDays(count: number, most = 6): number[] {
  if (count <= most) return Array.from({ length: count }, (_, i) => i);
  const step = (count - 1) / (most - 1);
  return [...new Set(Array.from({ length: most }, (_, i) => Math.round(i * step)))];
}
