/**
 * The money test's account deletion (issue 29, item 6): the command `deleteAccount` (the delegate
 * deletes the account with the password, logging in again first when an earlier deletion ended
 * the session), racing checkouts, transfers, webhooks, the office's confirmations and refunds in
 * the same batches; and, once nothing is in flight, the deletion invariants
 * (functions/core/accounts/deletion-invariants.ts) over every account of the run. Kept apart from
 * world.ts (which calls `runDeletionCommand` and `checkDeletions`) so other commands can be added
 * there without touching this.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { deletionViolations } from '#core/accounts/deletion-invariants';
import { orderRowOf } from '#storage/order-rows';
import { ownDataStore } from '#storage/own-data';
import { PASSWORD } from '../api/support';
import { api, countFinalState, db, TABLE, type Answer } from './stack';
import type { OrderCheck, World } from './world';

/** The delegate deletes the account (`wrongFirst`: a wrong password first, which changes nothing). */
export type DeletionCommand = { k: 'deleteAccount'; d: number; wrongFirst: boolean };

export const deletionCommandArb = (d: fc.Arbitrary<number>): fc.Arbitrary<DeletionCommand> =>
  fc.record({ k: fc.constant('deleteAccount' as const), d, wrongFirst: fc.boolean() });

const short = (a: Answer) => `${a.status}${a.status === 200 ? '' : ` ${a.message ?? ''}`}`;

/** What the delegate's page does: POST /account/delete with the password, on the run's clock. */
const askDeletion = (w: World, d: number, password: string) =>
  api(w.fig, 'POST', '/account/delete', { token: w.delegates[d]!.person.token, at: new Date(w.clockBase + (Date.now() - w.started)).toISOString(), json: { password } });

/** A new session for the delegate (an earlier deletion ended its sessions); false when the account is gone. */
async function logInAgain(w: World, d: number) {
  const person = w.delegates[d]!.person;
  const r = await api<{ api_token?: string }>(w.fig, 'POST', '/login', { json: { email: person.email, password: PASSWORD } });
  if (r.status !== 200 || !r.data.api_token) return false;
  person.token = r.data.api_token;
  return true;
}

export async function runDeletionCommand(w: World, cmd: DeletionCommand, note: (what: string) => void) {
  const steps: string[] = [];
  if (cmd.wrongFirst) steps.push(`wrong password ${short(await askDeletion(w, cmd.d, 'not the password'))}`);
  let r = await askDeletion(w, cmd.d, PASSWORD);
  // The session ended (an earlier deletion began): log in again and ask again, as the delegate would.
  if (r.status === 401 && (await logInAgain(w, cmd.d))) {
    steps.push(`${short(r)}, logged in again`);
    r = await askDeletion(w, cmd.d, PASSWORD);
  }
  steps.push(short(r));
  note(steps.join(', '));
}

/**
 * After the run: an account left marked for deletion is asked again (as its delegate would,
 * logging in), then every account of the run is checked against the deletion invariants.
 */
export async function checkDeletions(w: World): Promise<OrderCheck[]> {
  const out: OrderCheck[] = [];
  for (const [d, del] of w.delegates.entries()) {
    const userId = del.person.userId;
    let records = await ownDataStore.read(userId);
    if (!records) continue;
    if (records.user.deleting_at && !records.user.deleted_at && (await logInAgain(w, d))) {
      w.trace.push(`after the run: account ${userId} is marked for deletion: asked again -> ${short(await askDeletion(w, d, PASSWORD))}`);
      records = (await ownDataStore.read(userId))!;
    }
    const ids = new Set([...del.orders.map((o) => o.id), ...records.orders.map((o) => o.id), ...records.ledger.payments.filter((p) => p.subject.kind === 'order').map((p) => p.subject.id)]);
    const rows = new Map<string, { row: Awaited<ReturnType<typeof orderRowOf>>; items: number }>();
    for (const id of ids) {
      const items = await db().send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `ORDERROW#${id}` }, ConsistentRead: true }));
      rows.set(id, { row: await orderRowOf(id), items: items.Count ?? 0 });
    }
    const partition = await db().send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` }, ConsistentRead: true }));
    const keptText = JSON.stringify((partition.Items ?? []).filter((i) => i.entity !== 'document'));
    const violations = deletionViolations({ records, email: del.person.email, rows, keptText, now: new Date(w.clockBase + (Date.now() - w.started)) });
    const status = records.user.deleted_at ? 'account deleted' : records.user.deleting_at ? 'account marked for deletion' : 'account';
    countFinalState(w.fig, status);
    w.fig.violations += violations.length;
    out.push({
      userId,
      orderId: `account:${userId}`,
      status,
      violations,
      ledger: { payments: [], refunds: [] },
      disagreements: [],
      money: [
        `${status}${records.user.deleting_at ? ` (marked ${records.user.deleting_at})` : ''}${records.user.deleted_at ? ` (deleted ${records.user.deleted_at})` : ''}`,
        ...records.orders.map((o) => `  order ${o.order_no} status ${o.payment_status}${o.anonymised_at ? ' anonymised' : ''}`),
        ...records.ledger.payments.map((p) => `  payment ${p.subject.kind}:${p.subject.id.slice(0, 8)} ${p.method} ${p.state} created ${p.created_at}`),
      ].join('\n'),
    });
  }
  return out;
}
