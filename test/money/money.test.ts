/**
 * The money test: generated programs of concurrent commands (edits, card checkouts and payments,
 * success pages, webhook deliveries paused, resumed oldest or newest first and repeated, bank
 * transfers, the office's confirmations and refunds, cancellations, dashboard refunds, deletes,
 * stale saves from a second tab, and a registration by category's fee and dinner checkouts, payments,
 * return pages and dinner changes) run against the REAL local stack; once nothing is in flight,
 * every order of the run and its ledger must satisfy the money invariants
 * (functions/core/orders/invariants.ts), and every registration's fee and dinners theirs
 * (functions/core/registration-by-category/invariants.ts); every order's receipts and credit notes must
 * agree with its money (core/documents/order-documents.ts `documentViolations`: one receipt when
 * paid, receipts less credit notes equal to what it holds, every document's lines adding up to its
 * total) and no number may be used twice; every money mail the run's delegates got must say what
 * the ledger says (mails.ts, rule mail-true), and the office's list of bank refunds owed must hold
 * exactly the ledger's (refunds-owed.ts: the delegate gives the account, the office records refunds
 * sent, racing the rest). Then named regressions for races found before.
 * Programs: program.ts; running and checking: world.ts; settings: settings.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeProgram, programArb, CARD_OK, CARD_REFUND_FAILS, type Command, type Program } from './program';
import { moneySettings, replayCommand } from './settings';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  api,
  control,
  db,
  TABLE,
  newFigures,
  orderLedger,
  organiser,
  ownerMoney,
  type Figures,
  type Person,
} from './stack';
import {
  at,
  cancel,
  checkout,
  confirm,
  newWorld,
  pay,
  read,
  received,
  runBatch,
  save,
  settleAndCheck,
  transfer,
  dashboard,
  quiesce,
  type OrderCheck,
  type World,
} from './world';
import { validForm } from '../unit/core/orders/form';
import { giveRefundAccount, recordRefundSent } from './refunds-owed';
import { runReconcile } from '../../scripts/reconcile';
import { officeCommand } from '../support/office';
import { dynamoOrigin, pendingMoneyEventsAnywhere } from '../api/support';

const settings = moneySettings();
const fig: Figures = newFigures();
const named: Figures = newFigures();
let office: Person;

beforeAll(async () => {
  // Whatever an earlier project left paused is delivered first.
  await control(undefined, 'POST', '/deliveries/resume', { order: 'oldest_first' });
  office = await organiser();
}, 60_000);

function printFigures(title: string, f: Figures, seconds: number) {
  const refusals = Object.entries(f.statuses)
    .filter(([s]) => s !== '200')
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  console.log(
    [
      `\n=== money: ${title} (${seconds.toFixed(1)} s)`,
      `runs ${f.runs}, commands ${f.commands} (${f.skipped} with nothing to act on), interleavings (concurrent batches) ${f.interleavings}`,
      `portal requests ${f.requests}; refusals by status: ${refusals || 'none'}`,
      `local Stripe control answers: ${JSON.stringify(f.control)}; webhook deliveries answered: ${JSON.stringify(f.webhooks)}`,
      `orders checked ${f.orders}, final states ${JSON.stringify(f.finalStates)}; money mails checked against the ledger ${f.mails}`,
      `violations ${f.violations}, reconciliation: ${f.reconciled} orders, ${f.disagreements} disagreements with the card provider; broken answers ${f.failures.length}`,
      'refusals by route and message:',
      ...[...f.refusals].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `  ${k}: ${v.count}x`),
      ...[...f.notes].map((n) => `note: ${n}`),
    ].join('\n'),
  );
}

const formatChecks = (bad: OrderCheck[]) =>
  bad
    .map((c) =>
      [
        `order ${c.orderId} (owner ${c.userId}):`,
        ...c.violations.map((v) => `  VIOLATION ${v.rule}: ${v.detail}`),
        ...c.disagreements.map((d) => `  PROVIDER ${d}`),
        c.money,
      ].join('\n'),
    )
    .join('\n');
const broken = (c: OrderCheck) => c.violations.length > 0 || c.disagreements.length > 0;
const rulesOf = (c: OrderCheck) => [
  ...c.violations.map((v) => v.rule),
  ...c.disagreements.map((d) => d.split(':')[0]!),
];

function runReport(path: string, program: Program, w: World, bad: OrderCheck[]) {
  return [
    `\n--- program ${path} (replay: ${replayCommand(settings, path)}), rules ${[...new Set(bad.flatMap(rulesOf))].join(', ')}`,
    describeProgram(program),
    'what it got:',
    ...w.trace.map((t) => `  ${t}`),
    formatChecks(bad),
  ].join('\n');
}

describe('money invariants over generated interleavings', () => {
  const timeout = settings.maxMinutes * 60_000 + 120_000;
  it(
    `hold after every program (seed ${settings.seed}, ${settings.runs} runs)`,
    async () => {
      const started = Date.now();
      const reports: string[] = [];
      const rulesSeen = new Map<string, string[]>();
      let index = 0;
      await fc.assert(
        fc.asyncProperty(programArb(), async (program) => {
          const path = settings.path ?? String(index);
          index += 1;
          if (Date.now() - started > settings.maxMinutes * 60_000) return true;
          fig.runs += 1;
          const w = await newWorld(fig, office, program.delegates, program.clock);
          let checks: OrderCheck[] = [];
          try {
            for (const batch of program.steps) await runBatch(w, batch);
          } finally {
            checks = await settleAndCheck(w);
          }
          const bad = checks.filter(broken);
          if (bad.length) {
            reports.push(runReport(path, program, w, bad));
            for (const rule of new Set(bad.flatMap(rulesOf)))
              rulesSeen.set(rule, [...(rulesSeen.get(rule) ?? []), path]);
          }
          if (process.env.MONEY_TRACE === '1') console.log(runReport(path, program, w, checks));
          // Every run is checked and reported (no shrinking: a program replays by its path).
          return true;
        }),
        {
          numRuns: settings.path ? 1 : settings.runs,
          seed: settings.seed,
          ...(settings.path ? { path: settings.path } : {}),
          endOnFailure: true,
        },
      );
      printFigures(`generated programs, seed ${settings.seed}`, fig, (Date.now() - started) / 1000);
      if (rulesSeen.size)
        console.log(`rules broken, by program: ${JSON.stringify(Object.fromEntries(rulesSeen))}`);
      expect(fig.failures, fig.failures.join('\n')).toEqual([]);
      expect(reports, reports.join('\n')).toEqual([]);
    },
    timeout,
  );
});

/** The checks of a named case: no violation, no broken answer (since the case began: `failuresBefore`). */
function expectClean(checks: OrderCheck[], f: Figures, failuresBefore: number) {
  const bad = checks.filter(broken);
  const failures = f.failures.slice(failuresBefore);
  expect(failures, failures.join('\n')).toEqual([]);
  expect(bad.flatMap(rulesOf), formatChecks(bad)).toEqual([]);
}

const orderOf = async (w: World, d: number, id: string) =>
  (await ownerMoney(w.delegates[d]!.person.userId)).orders.get(id);

/** A paid card order of `form`, with deliveries flowing. */
async function paidCardOrder(
  w: World,
  d: number,
  card: typeof CARD_OK | typeof CARD_REFUND_FAILS,
  form = validForm(),
) {
  const created = await api<{ id: string }>(w.fig, 'POST', '/registration/submission', {
    token: w.delegates[d]!.person.token,
    at: new Date(w.clockBase + (Date.now() - w.started)).toISOString(),
    json: form,
  });
  expect(created.status, JSON.stringify(created)).toBe(200);
  const order = { id: created.data.id, d, sessions: [] as { sid: string; card?: typeof CARD_OK }[] };
  w.delegates[d]!.orders.push(order);
  const { sid } = await checkout(w, d, order);
  expect(sid).toBeTruthy();
  expect(await pay(w, order, sid!, card)).toBe(200);
  await quiesce(w);
  expect((await orderOf(w, d, order.id))?.payment_status).toBe(1);
  return order;
}

describe.runIf(settings.named)('named money regressions', () => {
  const started = Date.now();
  afterAll(() => printFigures('named regressions', named, (Date.now() - started) / 1000));

  it('F1: an edit raising the total racing "transfer done": the transfer asks for what the order costs, and the old amount does not pay it', async () => {
    const before = named.failures.length;
    const w = await newWorld(named, office, 3, 'fee-50');
    const outcomes: string[] = [];
    for (let i = 0; i < 15; i++) {
      const d = i % 3;
      const created = await api<{ id: string }>(w.fig, 'POST', '/registration/submission', {
        token: w.delegates[d]!.person.token,
        at: new Date(w.clockBase + (Date.now() - w.started)).toISOString(),
        json: validForm(),
      });
      expect(created.status, JSON.stringify(created)).toBe(200);
      const order = { id: created.data.id, d, sessions: [] };
      w.delegates[d]!.orders.push(order);
      await read(w, d, 0, order);
      const old = w.delegates[d]!.tabs[0].get(order.id)!.amount_required;
      // The tab saves 2 accompanying persons (1,290.00) while "Done" of the transfer (1,040.00 shown) goes out.
      const [edited, done] = await Promise.all([
        (async () => {
          await new Promise((r) => setTimeout(r, (i * 7) % 20));
          return save(w, d, 0, order, validForm({ accompanying_person: '2' }));
        })(),
        (async () => {
          await new Promise((r) => setTimeout(r, (i * 3) % 20));
          return transfer(w, d, 1, order, 'done');
        })(),
      ]);
      const stored = (await orderOf(w, d, order.id))!;
      const { payments } = await orderLedger(w.delegates[d]!.person.userId, order.id);
      const waiting = payments.filter((p) => p.method === 'transfer' && p.state === 'pending');
      if (stored.payment_status === 2) {
        // The transfer waits for exactly what the order costs now.
        expect
          .soft(
            waiting.map((p) => p.amount),
            `order ${order.id}: edit ${edited.status}, done ${done.status}: the transfer waits for`,
          )
          .toEqual([stored.amount_required]);
      }
      // The bank statement shows what the delegate saw when it pressed Done.
      const office = await received(w, order, old);
      const after = (await orderOf(w, d, order.id))!;
      if (after.payment_status === 1)
        expect
          .soft(
            after.amount_required,
            `order ${order.id} paid by ${old} but costs ${after.amount_required / 100}`,
          )
          .toBeLessThanOrEqual(104000);
      outcomes.push(
        `edit ${edited.status} done ${done.status} office ${office?.status} -> ${after.payment_status} (${after.amount_required / 100})`,
      );
    }
    console.log(`F1 outcomes:\n  ${outcomes.join('\n  ')}`);
    expectClean(await settleAndCheck(w), named, before);
  }, 120_000);

  it('F2: the cancellation quote counts a dashboard refund (min of policy and what is left), and a refund the provider refuses does not leave the order Refunding', async () => {
    const before = named.failures.length;
    const w = await newWorld(named, office, 1, 'fee-50');
    const only650 = validForm({
      accompanying_person: '0',
      post_conference_activities_person: '0',
      post_conference_activities_attach: '',
    });
    // a) The dashboard refund is known: the quote is min(650 - 50, 650 - 300) = 350.
    const a = await paidCardOrder(w, 0, CARD_OK, only650);
    expect(await dashboard(w, a, 30000)).toBe(200);
    await quiesce(w);
    const shown = await read(w, 0, 0, a);
    expect
      .soft(shown.data.order.cancellation?.refund_amount, 'the quote after a 300.00 dashboard refund')
      .toBe('350.00');
    const cancelled = await cancel(w, 0, 0, a);
    expect.soft(cancelled.status, JSON.stringify(cancelled)).toBe(200);
    // b) The dashboard refund is not known yet (its events are held): the portal asks for 600, the provider refuses.
    const b = await paidCardOrder(w, 0, CARD_OK, only650);
    await read(w, 0, 0, b);
    expect(w.delegates[0]!.tabs[0].get(b.id)?.refund_amount).toBe('600.00');
    await control(named, 'POST', '/deliveries/pause');
    try {
      expect(await dashboard(w, b, 30000)).toBe(200);
      const refused = await cancel(w, 0, 0, b);
      expect.soft(refused.status).toBeLessThan(500);
    } finally {
      await control(named, 'POST', '/deliveries/resume', { order: 'newest_first' });
    }
    const checks = await settleAndCheck(w);
    expect.soft((await orderOf(w, 0, a.id))?.payment_status, 'order a').toBe(-1);
    const bAfter = (await orderOf(w, 0, b.id))!;
    expect.soft(bAfter.payment_status, 'order b must not stay Refunding').not.toBe(-2);
    expectClean(checks, named, before);
  }, 120_000);

  it('F4: after a failed refund (order Paid, noted), a step-4 save from a tab opened before is refused with 409 and the note stays', async () => {
    const before = named.failures.length;
    const w = await newWorld(named, office, 1, 'fee-50');
    const order = await paidCardOrder(w, 0, CARD_REFUND_FAILS);
    await read(w, 0, 1, order); // the second tab: Paid, before the cancellation
    const cancelled = await cancel(w, 0, 0, order);
    expect.soft(cancelled.status, JSON.stringify(cancelled)).toBe(200);
    await quiesce(w);
    const failed = (await orderOf(w, 0, order.id))!;
    expect
      .soft([failed.payment_status, Boolean(failed.refund_failed_at)], 'after the refund failed')
      .toEqual([1, true]);
    const stale = await save(
      w,
      0,
      1,
      order,
      validForm({
        hotel_book_required: '1',
        check_in_date: '2024-11-03',
        check_out_date: '2024-11-05',
        superior_double_room: '1',
      }),
    );
    expect.soft(stale.status, `the stale save: ${JSON.stringify(stale)}`).toBe(409);
    const after = (await orderOf(w, 0, order.id))!;
    expect
      .soft([after.payment_status, Boolean(after.refund_failed_at)], 'after the stale save')
      .toEqual([1, true]);
    expectClean(await settleAndCheck(w), named, before);
  }, 60_000);

  it('S1: a payment that could not be counted and was refunded in full is not settled again (success page then webhook, and webhook then success page)', async () => {
    const before = named.failures.length;
    const w = await newWorld(named, office, 1, 'fee-50');
    for (const first of ['success page', 'webhook'] as const) {
      const created = await api<{ id: string }>(w.fig, 'POST', '/registration/submission', {
        token: w.delegates[0]!.person.token,
        at: at(w),
        json: validForm({ accompanying_person: '2' }),
      });
      expect(created.status, JSON.stringify(created)).toBe(200);
      const order = { id: created.data.id, d: 0, sessions: [] as { sid: string }[] };
      w.delegates[0]!.orders.push(order);
      const { sid } = await checkout(w, 0, order);
      // The order's amount changed behind the open checkout (as in the payments API test): its money is a surplus.
      await db().send(
        new UpdateCommand({
          TableName: TABLE,
          Key: { pk: `USER#${w.delegates[0]!.person.userId}`, sk: `ORDER#${order.id}` },
          UpdateExpression: 'SET amount_required = :a',
          ExpressionAttributeValues: { ':a': 104000 },
        }),
      );
      if (first === 'success page') await control(named, 'POST', '/deliveries/pause');
      try {
        expect(await pay(w, order, sid!, CARD_OK)).toBe(200);
        if (first === 'webhook') await quiesce(w);
        const back = await confirm(w, 0, sid!);
        expect.soft(back.status).toBe(200);
      } finally {
        await control(named, 'POST', '/deliveries/resume', { order: 'oldest_first' });
      }
      await quiesce(w);
      const { payments, refunds } = await orderLedger(w.delegates[0]!.person.userId, order.id);
      expect
        .soft(
          [
            payments.map((p) => `${p.state} ${p.surplus ?? ''}`),
            refunds.map((r) => `${r.reason} ${r.state} ${r.amount}`),
          ],
          `${first} first: one surplus refund, the payment refunded`,
        )
        .toEqual([['refunded amount-mismatch'], ['surplus done 129000']]);
    }
    expectClean(await settleAndCheck(w), named, before);
  }, 60_000);

  it('F6: a 5126 card refund that succeeds and then fails leaves the order Paid with the failure noted, not Cancelled (events in order and newest first)', async () => {
    const before = named.failures.length;
    const w = await newWorld(named, office, 1, 'fee-50');
    const inOrder = await paidCardOrder(w, 0, CARD_REFUND_FAILS);
    expect.soft((await cancel(w, 0, 0, inOrder)).status).toBe(200);
    const reversed = await paidCardOrder(w, 0, CARD_REFUND_FAILS);
    await control(named, 'POST', '/deliveries/pause');
    try {
      expect.soft((await cancel(w, 0, 0, reversed)).status).toBe(200);
      // The refund fails at the provider 1.5 s later; its events wait, then arrive newest first.
      await new Promise((r) => setTimeout(r, 2600));
    } finally {
      await control(named, 'POST', '/deliveries/resume', { order: 'newest_first' });
    }
    const checks = await settleAndCheck(w);
    for (const o of [inOrder, reversed]) {
      const stored = (await orderOf(w, 0, o.id))!;
      expect
        .soft(
          [stored.payment_status, Boolean(stored.refund_failed_at)],
          `order ${o.id} (${o === inOrder ? 'events in order' : 'newest first'})`,
        )
        .toEqual([1, true]);
    }
    expectClean(checks, named, before);
  }, 60_000);

  it('B1: a bank refund owed (an overpaid transfer) recorded as sent twice at once, racing the cancellation that owes a second one: each sent once, each with its credit note', async () => {
    const before = named.failures.length;
    const w = await newWorld(named, office, 1, 'fee-50');
    const created = await api<{ id: string }>(w.fig, 'POST', '/registration/submission', { token: w.delegates[0]!.person.token, at: at(w), json: validForm() });
    expect(created.status, JSON.stringify(created)).toBe(200);
    const order = { id: created.data.id, d: 0, sessions: [] as { sid: string }[] };
    w.delegates[0]!.orders.push(order);
    await read(w, 0, 0, order);
    expect((await transfer(w, 0, 0, order, 'done')).status).toBe(200);
    expect((await received(w, order, 'surplus'))?.status).toBe(200);
    expect((await giveRefundAccount(w, 0)).status).toBe(200);
    const outcomes = await Promise.all([recordRefundSent(w, order), recordRefundSent(w, order), cancel(w, 0, 0, order)]);
    const sent = outcomes.slice(0, 2).map((r) => r?.status);
    expect.soft(sent.filter((s) => s === 200), `the two records: ${JSON.stringify(sent)}`).toHaveLength(1);
    expect.soft(outcomes[2].status, JSON.stringify(outcomes[2])).toBe(200);
    // The cancellation's refund is owed by bank transfer too: sent once more.
    expect.soft((await recordRefundSent(w, order))?.status).toBe(200);
    const { refunds } = await orderLedger(w.delegates[0]!.person.userId, order.id);
    expect.soft(refunds.map((r) => `${r.reason} ${r.method} ${r.state} ${r.paid_to ?? ''}`)).toEqual([
      'surplus transfer done Li Na, Bank of China, account ending 4567',
      'cancellation transfer done Li Na, Bank of China, account ending 4567',
    ]);
    expectClean(await settleAndCheck(w), named, before);
  }, 120_000);
});

describe.runIf(settings.named)('named bank-file regressions (issue 29)', () => {
  const started = Date.now();
  afterAll(() => printFigures('named bank-file regressions', named, (Date.now() - started) / 1000));
  const batch = (...cmds: Command[]) => cmds.map((cmd, i) => ({ cmd, delayMs: i * 3 }));

  it('B1: the day\'s CSV, then its CAMT.053, then the next days in both formats at once, amounts in several formats and with three decimals: each transfer booked once, as the bank sent it', async () => {
    const before = named.failures.length;
    const w = await newWorld(named, office, 2, 'fee-50');
    await runBatch(w, batch({ k: 'create', d: 0, t: 0, acc: 0 }, { k: 'create', d: 1, t: 0, acc: 1 }));
    await runBatch(w, batch({ k: 'transfer', d: 0, t: 0, o: 0, type: 'done' }, { k: 'transfer', d: 1, t: 0, o: 0, type: 'done' }));
    // Part of order 0 and 0.65 for order 1 on day 0; the rest of order 0 and 100.00 too much for order 1 on day 1.
    await runBatch(w, batch({ k: 'bankTransfer', d: 0, o: 0, arrived: 'partial', day: 0 }, { k: 'bankTransfer', d: 1, o: 0, arrived: 'tiny', day: 0 }));
    const csvDay = { k: 'importStatement', file: 'csv', from: 0, days: 1, format: 1, named: true, bankRef: false, threeDecimals: true } as const;
    const camtDay = { k: 'importStatement', file: 'camt', from: 0, days: 1, format: 0, named: false, bankRef: false, threeDecimals: true } as const;
    await runBatch(w, batch(csvDay));
    await runBatch(w, batch(camtDay));
    await runBatch(w, batch({ k: 'bankTransfer', d: 0, o: 0, arrived: 'rest', day: 1 }, { k: 'bankTransfer', d: 1, o: 0, arrived: 'surplus', day: 1 }));
    await runBatch(
      w,
      batch(
        { k: 'importStatement', file: 'csv', from: 0, days: 2, format: 3, named: false, bankRef: true, threeDecimals: false },
        { k: 'importStatement', file: 'camt', from: 0, days: 3, format: 0, named: false, bankRef: true, threeDecimals: false },
        { k: 'received', d: 1, o: 0, arrived: 'partial' },
      ),
    );
    await runBatch(w, batch({ k: 'resolveHeld' }));
    await runBatch(w, batch(csvDay, camtDay, { k: 'resolveHeld' }));
    const checks = await settleAndCheck(w);
    console.log(`B1:\n  ${w.trace.join('\n  ')}`);
    expect(w.trace.some((t) => /possible duplicate/.test(t)), 'the CAMT line of day 0 was held').toBe(true);
    expectClean(checks, named, before);
  }, 180_000);
});

/** Nothing of any test in flight: deliveries resumed and drained, every refund past its settling (1.5 s), every money event followed. */
async function quiesceAll() {
  await control(undefined, 'POST', '/deliveries/resume', { order: 'oldest_first' });
  for (let settled = 0, rounds = 0; settled < 2 && rounds < 120; rounds++) {
    await new Promise((r) => setTimeout(r, settled === 0 ? 2000 : 500));
    const d = await control<{ paused: boolean; queued: unknown[] }>(undefined, 'GET', '/deliveries');
    settled = d.body.queued.length === 0 && (await pendingMoneyEventsAnywhere()) === 0 ? settled + 1 : 0;
  }
}

describe('the reconciliation at the end', () => {
  it('npm run reconcile finds every order in the table, of every test before, in agreement with its ledger and with Stripe', async () => {
    await quiesceAll();
    const lines: string[] = [];
    const report = await runReconcile({ print: (line) => lines.push(line), webhook: false });
    console.log(lines.join('\n'));
    expect(report.orders).toBeGreaterThan(0);
    expect(report.disagreements, lines.join('\n')).toEqual([]);
  }, 120_000);

  it('npm run office -- counters finds the live counters equal to a sum over the table, after every test before', async () => {
    await quiesceAll();
    const counters = await officeCommand(dynamoOrigin(), 'counters');
    expect(counters, counters.output).toMatchObject({ code: 0, output: expect.stringMatching(/^The counters agree with the table \(\d+ counters\)\.$/) });
  }, 120_000);
});
