/**
 * Programs of the money test: a list of steps, each a BATCH of 1-4 commands sent at the same time
 * (each after its own delay of 0-30 ms): an interleaving. Commands name delegates, their two
 * tabs, orders, checkouts and events by small numbers, resolved at run time against what exists
 * (`o` is taken modulo the delegate's orders, newest first...): every program can run, and what
 * is not possible at that moment is refused by the portal, which is fine. No model of what is
 * legal: the oracle is the money invariants (functions/core/orders/invariants.ts).
 */
import fc from 'fast-check';
import type { RefundOwedCommand } from './refunds-owed';
import { bankCommandArbs, type BankCommand } from './bank-files';
import { deletionCommandArb, type DeletionCommand } from './deletion';
import { queueCommandArb, type QueueCommand } from './queue';

/**
 * How a checkout is paid: a test card, or a wallet through Checkout (decision 0061): Alipay
 * authorised at once; WeChat Pay failed once on its redirect page (no money, the session stays
 * open), then authorised on the same session.
 */
export type Card = '4242424242424242' | '4000000000005126' | 'alipay' | 'wechat_pay';
export const CARD_OK: Card = '4242424242424242';
/** Pays; its refunds succeed at first and fail about 1.5 s later. */
export const CARD_REFUND_FAILS: Card = '4000000000005126';

/** What the office found on the bank statement, against what the delegate saw when it chose the transfer. */
export type Arrived = 'seen' | 'current' | 'partial' | 'surplus' | 'rest';

export type Command =
  | { k: 'create'; d: number; t: number; acc: number }
  /** A tab (re)opens an order: it remembers the version, status and refund quote it was shown. */
  | { k: 'read'; d: number; t: number; o: number }
  /** A save of the whole form from a tab, over the version it read (a paid order takes step 4 only). */
  | { k: 'edit'; d: number; t: number; o: number; acc: number; hotel: boolean }
  /** A step-4 save of an order from the tab that read it longest ago. */
  | { k: 'staleEdit'; d: number; o: number }
  | { k: 'checkout'; d: number; t: number; o: number }
  | { k: 'pay'; d: number; o: number; s: number; card: Card }
  | { k: 'checkoutAndPay'; d: number; t: number; o: number; card: Card }
  /** The checkout session lapses at the provider (as if its expires_at had passed). */
  | { k: 'lapse'; d: number; o: number; s: number }
  /** The browser is back on the success page. */
  | { k: 'confirm'; d: number; o: number; s: number }
  | { k: 'pause' }
  /** Nothing for 1.6 s (a 5126 card's refund fails at the provider meanwhile). */
  | { k: 'wait' }
  | { k: 'resume'; order: 'oldest_first' | 'newest_first' }
  /** A past event of the run delivered again (a duplicate). */
  | { k: 'redeliver'; e: number; times: number }
  | { k: 'transfer'; d: number; t: number; o: number; type: 'later' | 'done' }
  | { k: 'received'; d: number; o: number; arrived: Arrived }
  | { k: 'refunded'; d: number; o: number }
  | { k: 'retry'; d: number; o: number }
  /** Cancel with the refund the tab was shown. */
  | { k: 'cancel'; d: number; t: number; o: number }
  /** The office cancels with another refund: all it can give back, a part, none, or a cent more than it can. */
  | { k: 'officeCancel'; d: number; o: number; amount: 'all' | 'part' | 'zero' | 'over' }
  | { k: 'dashboard'; d: number; o: number; amount: 10000 | 30000 | 'half' }
  | { k: 'delete'; d: number; t: number; o: number }
  // The registration by category's fee (type 1) and dinners (type 2), paid through the same module
  // (the delegate registers at the 2019 clock on the first of these): checkouts, payments, return
  // pages and dinner changes racing the orders' commands, the webhooks and each other.
  | { k: 'regCheckout'; d: number; type: 1 | 2 }
  | { k: 'regCheckoutAndPay'; d: number; type: 1 | 2; card: Card }
  | { k: 'regPay'; d: number; type: 1 | 2; s: number; card: Card }
  | { k: 'regConfirm'; d: number; type: 1 | 2; s: number }
  /** The fee paid and confirmed on the return page, then the dinners' checkout paid: one delegate's whole way, racing the rest. */
  | { k: 'regFeeThenDinners'; d: number; card: Card }
  /** One dinner of the registrant (row 0) or the accompanying person (row 1) changed. */
  | { k: 'regDinner'; d: number; row: 0 | 1; field: 'gala_dinner' | 'working_lunch'; value: 'Yes' | 'No' }
  /**
   * The delegate cancels the registration (POST /register/cancel), with the refund GET /cost_detail
   * showed or without one; `payFirst`: the fee is paid (and confirmed on the return page) just before.
   */
  | { k: 'regCancel'; d: number; quoted: boolean; payFirst: boolean; card: Card }
  // Bank refunds owed (refunds-owed.ts): the delegate gives the account; the office records one as sent from its list.
  | RefundOwedCommand
  // The bank files (bank-files.ts): transfers the bank received, statements imported in both formats, held lines decided.
  | BankCommand
  /** The delegate deletes the account with its password, racing the rest (deletion.ts). */
  | DeletionCommand
  /** A delegate's money events handed on again, newest first: redelivered and out of order (queue.ts). */
  | QueueCommand;

export interface Program {
  delegates: number;
  /** The clock of the run: the refund tier it is in. */
  clock: 'fee-50' | 'half' | 'none';
  steps: { cmd: Command; delayMs: number }[][];
}

export const CLOCKS = {
  'fee-50': Date.parse('2024-08-01T02:00:00Z'),
  half: Date.parse('2024-10-10T02:00:00Z'),
  none: Date.parse('2024-10-20T02:00:00Z'),
} as const;

function commandArb(delegates: number): fc.Arbitrary<Command> {
  const d = fc.nat({ max: delegates - 1 });
  const t = fc.nat({ max: 1 });
  // Mostly the newest orders: races need two commands on the same one.
  const o = fc.constantFrom(0, 0, 0, 1, 1, 2, 3);
  const card = fc.constantFrom<Card>(CARD_OK, CARD_OK, CARD_REFUND_FAILS, 'alipay', 'wechat_pay');
  // The fee first more often: dinners are refused until it is paid.
  const type = fc.constantFrom(1 as const, 1 as const, 2 as const);
  const w = (weight: number, arbitrary: fc.Arbitrary<Command>) => ({ weight, arbitrary });
  return fc.oneof(
    w(3, fc.record({ k: fc.constant('create' as const), d, t, acc: fc.nat({ max: 2 }) })),
    w(6, fc.record({ k: fc.constant('read' as const), d, t, o })),
    w(
      5,
      fc.record({ k: fc.constant('edit' as const), d, t, o, acc: fc.nat({ max: 3 }), hotel: fc.boolean() }),
    ),
    w(2, fc.record({ k: fc.constant('staleEdit' as const), d, o })),
    w(3, fc.record({ k: fc.constant('checkout' as const), d, t, o })),
    w(4, fc.record({ k: fc.constant('pay' as const), d, o, s: fc.nat({ max: 2 }), card })),
    w(6, fc.record({ k: fc.constant('checkoutAndPay' as const), d, t, o, card })),
    w(3, fc.record({ k: fc.constant('confirm' as const), d, o, s: fc.nat({ max: 2 }) })),
    w(1, fc.record({ k: fc.constant('lapse' as const), d, o, s: fc.nat({ max: 2 }) })),
    w(2, fc.record({ k: fc.constant('pause' as const) })),
    w(1, fc.record({ k: fc.constant('wait' as const) })),
    w(
      2,
      fc.record({
        k: fc.constant('resume' as const),
        order: fc.constantFrom('oldest_first' as const, 'newest_first' as const),
      }),
    ),
    w(
      2,
      fc.record({
        k: fc.constant('redeliver' as const),
        e: fc.nat({ max: 999 }),
        times: fc.integer({ min: 1, max: 3 }),
      }),
    ),
    w(
      5,
      fc.record({
        k: fc.constant('transfer' as const),
        d,
        t,
        o,
        type: fc.constantFrom('later' as const, 'done' as const, 'done' as const),
      }),
    ),
    w(
      4,
      fc.record({
        k: fc.constant('received' as const),
        d,
        o,
        arrived: fc.constantFrom<Arrived>('seen', 'current', 'partial', 'surplus', 'rest'),
      }),
    ),
    w(2, fc.record({ k: fc.constant('refunded' as const), d, o })),
    w(2, fc.record({ k: fc.constant('retry' as const), d, o })),
    w(5, fc.record({ k: fc.constant('cancel' as const), d, t, o })),
    w(8, fc.record({ k: fc.constant('officeCancel' as const), d, o, amount: fc.constantFrom('all' as const, 'part' as const, 'zero' as const, 'over' as const) })),
    w(
      2,
      fc.record({
        k: fc.constant('dashboard' as const),
        d,
        o,
        amount: fc.constantFrom(10000 as const, 30000 as const, 'half' as const),
      }),
    ),
    w(2, fc.record({ k: fc.constant('delete' as const), d, t, o })),
    w(2, fc.record({ k: fc.constant('regCheckout' as const), d, type })),
    w(7, fc.record({ k: fc.constant('regCheckoutAndPay' as const), d, type, card })),
    w(2, fc.record({ k: fc.constant('regPay' as const), d, type, s: fc.nat({ max: 2 }), card })),
    w(3, fc.record({ k: fc.constant('regConfirm' as const), d, type, s: fc.nat({ max: 2 }) })),
    w(3, fc.record({ k: fc.constant('regFeeThenDinners' as const), d, card })),
    w(
      3,
      fc.record({
        k: fc.constant('regDinner' as const),
        d,
        row: fc.constantFrom(0 as const, 1 as const),
        field: fc.constantFrom('gala_dinner' as const, 'working_lunch' as const),
        value: fc.constantFrom('Yes' as const, 'No' as const),
      }),
    ),
    w(3, fc.record({ k: fc.constant('regCancel' as const), d, quoted: fc.boolean(), payFirst: fc.boolean(), card })),
    w(3, fc.record({ k: fc.constant('refundAccount' as const), d })),
    w(4, fc.record({ k: fc.constant('refundSent' as const), d, o })),
    ...bankCommandArbs(delegates),
    // The account's deletion (deletion.ts): rare, since the delegate is gone for the rest of the program.
    w(2, deletionCommandArb(d)),
    w(3, queueCommandArb(d)),
  );
}

const timed = (cmd: fc.Arbitrary<Command>) => fc.record({ cmd, delayMs: fc.nat({ max: 30 }) });

/** The same command on delegate `d`'s order `o` (commands that name no order are left as they are). */
function focus(cmd: Command, d: number, o: number): Command {
  if ('o' in cmd) return { ...cmd, d, o };
  if ('d' in cmd) return { ...cmd, d };
  return cmd;
}

/**
 * A batch: independent commands, or (more often) a burst on ONE order of one delegate, from its
 * two tabs, the provider and the office at once: the interleavings where money races.
 */
function batchArb(delegates: number) {
  const independent = fc.array(timed(commandArb(delegates)), { minLength: 1, maxLength: 4 });
  const focused = fc
    .record({
      d: fc.nat({ max: delegates - 1 }),
      o: fc.constantFrom(0, 0, 1),
      batch: fc.array(timed(commandArb(delegates)), { minLength: 2, maxLength: 4 }),
    })
    .map(({ d, o, batch }) => batch.map(({ cmd, delayMs }) => ({ cmd: focus(cmd, d, o), delayMs })));
  return fc.oneof({ weight: 2, arbitrary: independent }, { weight: 3, arbitrary: focused });
}

export function programArb(): fc.Arbitrary<Program> {
  return fc.integer({ min: 2, max: 3 }).chain((delegates) =>
    fc.record({
      delegates: fc.constant(delegates),
      clock: fc.constantFrom('fee-50' as const, 'fee-50' as const, 'half' as const, 'none' as const),
      // Every delegate starts with an order (so the first steps have something to act on).
      steps: fc
        .tuple(
          fc.tuple(
            ...Array.from({ length: delegates }, (_, d) =>
              timed(
                fc.record({
                  k: fc.constant('create' as const),
                  d: fc.constant(d),
                  t: fc.constant(0),
                  acc: fc.nat({ max: 2 }),
                }),
              ),
            ),
          ),
          fc.array(batchArb(delegates), { minLength: 7, maxLength: 12 }),
        )
        .map(([first, rest]) => [first as { cmd: Command; delayMs: number }[], ...rest]),
    }),
  );
}

export const describeCommand = (c: Command) =>
  `${c.k}(${Object.entries(c)
    .filter(([k]) => k !== 'k')
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',')})`;

export const describeProgram = (p: Program) =>
  [
    `${p.delegates} delegates, clock ${p.clock}`,
    ...p.steps.map(
      (batch, i) =>
        `  ${i + 1}. ${batch.map(({ cmd, delayMs }) => `${describeCommand(cmd)}+${delayMs}ms`).join(' | ')}`,
    ),
  ].join('\n');
