/**
 * Bank refunds owed and paid in the money test (issue 29 item 5): the delegate gives the account a
 * refund by bank transfer goes to (PUT /registration/refund_account), and the office records a
 * refund owed as sent from its list (GET /office/refunds_owed, then POST .../sent with the amount
 * and the account the row showed, as the page's confirmation does), racing the other commands of
 * a batch. After each run, the office's list must hold exactly the run's refunds owed, each with
 * its amount (rule refunds-owed-listed); the documents and money invariants cover what was sent.
 */
import type { RefundOwedRow } from '#core/office/refunds-owed';
import { owedRefunds } from '#core/orders/refund-account';
import { api, ownerMoney } from './stack';
import { at, wire, type OrderCheck, type OrderRef, type World } from './world';

export type RefundOwedCommand = { k: 'refundAccount'; d: number } | { k: 'refundSent'; d: number; o: number };

const accounts = [
  { holder: 'Wei Zhang', account: 'DE89 3704 0044 0532 0130 00', bank: 'Deutsche Bank', bic: 'DEUTDEFF' },
  { holder: 'Li Na', account: '6222 0202 0000 1234 567', bank: 'Bank of China', bic: 'BKCHCNBJ' },
];

const short = (a: { status: number; message?: string }) => `${a.status}${a.status === 200 ? '' : ` ${a.message ?? ''}`}`;

/** The delegate gives (or changes) the account: refused unless a bank refund is owed to them. */
export async function giveRefundAccount(w: World, d: number) {
  const del = w.delegates[d]!;
  return api(w.fig, 'PUT', '/registration/refund_account', { token: del.person.token, at: at(w), json: accounts[(del.orders.length + d) % accounts.length] });
}

async function listed(w: World) {
  const r = await api<{ items: RefundOwedRow[] }>(w.fig, 'GET', '/office/refunds_owed', { token: w.office.token, at: at(w) });
  return r.status === 200 ? r.data.items : [];
}

/** The office sends the order's oldest refund owed, as its list shows it, and records it with what the row said. */
export async function recordRefundSent(w: World, order: OrderRef) {
  const row = (await listed(w)).find((r) => r.order_id === order.id);
  if (!row) return undefined;
  return api(w.fig, 'POST', `/office/orders/${order.id}/refunds/${row.refund_id}/sent`, { token: w.office.token, at: at(w), json: { amount: row.amount, paid_to: row.account?.paid_to ?? '' } });
}

export async function runRefundOwedCommand(w: World, cmd: RefundOwedCommand, order: OrderRef | undefined, note: (what: string) => void, skip: () => void) {
  if (cmd.k === 'refundAccount') return note(short(await giveRefundAccount(w, cmd.d)));
  if (!order) return skip();
  const r = await recordRefundSent(w, order);
  return r ? note(short(r)) : skip();
}

/** Once nothing is in flight: the office's list holds exactly the run's refunds owed by bank transfer, with their amounts. */
export async function checkRefundsOwed(w: World, checks: OrderCheck[]) {
  const rows = await listed(w);
  for (const del of w.delegates) {
    const { ledgers } = await ownerMoney(del.person.userId);
    for (const [orderId, ledger] of ledgers) {
      const owed = owedRefunds(ledger.refunds).map((r) => `${r.id} ${wire(r.amount)}`).sort();
      const shown = rows.filter((r) => r.order_id === orderId).map((r) => `${r.refund_id} ${r.amount}`).sort();
      if (JSON.stringify(owed) === JSON.stringify(shown)) continue;
      const detail = `the office lists [${shown.join(', ')}] as owed; the ledger owes [${owed.join(', ')}]`;
      w.fig.violations += 1;
      const check = checks.find((c) => c.orderId === orderId);
      if (check) (check.violations as { rule: string; detail: string }[]).push({ rule: 'refunds-owed-listed', detail });
      else w.fig.failures.push(`order ${orderId}: ${detail}`);
    }
  }
}
