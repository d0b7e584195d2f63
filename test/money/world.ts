/**
 * Runs money programs against the real stack: the delegates and their tabs (what each tab read),
 * the orders and checkouts of the run, each command as the delegate's pages, the card provider
 * and the registration office would send it; then waits until nothing is in flight and checks
 * the money invariants over everything the run's delegates hold in DynamoDB.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { moneyViolations, type MoneyViolation } from '#core/orders/invariants';
import { documentViolations } from '#core/documents/order-documents';
import { documentStore } from '#storage/documents';
import { moneyEventStore } from '#storage/money-events';
import { reconcileWithProvider } from '#core/payments/reconcile';
import { stripeGateway } from '#lib/payments/stripe-gateway';
import { validForm } from '../unit/core/orders/form';
import type { SubjectLedger } from '#core/payments/ports';
import { registrationMoneyViolations, type RegistrationMoneyViolation } from '#core/registration-by-category/invariants';
import { payableOf, registrationStatusName, registrationSubject, REGISTRATION_DINNERS, REGISTRATION_FEE } from '#core/registration-by-category/registration-payables';
import { ledger } from '#storage/ledger';
import { registrationStore } from '#storage/registrations';
import { getUser } from '#storage/users';
import { checkMoneyMails } from './mails';
import { checkRefundsOwed, runRefundOwedCommand } from './refunds-owed';
import { checkDeletions, runDeletionCommand } from './deletion';
import { replayEvents } from './queue';
import { CLOCKS, describeCommand, type Arrived, type Card, type Command, type Program } from './program';
import { checkBank, isBankCommand, runBankCommand } from './bank-files';
import {
  api,
  control,
  countFinalState,
  countWebhooks,
  orderLedger,
  ownerMoney,
  person,
  type Answer,
  type Figures,
  type Person,
} from './stack';

/** What a tab was shown when it (re)opened an order. */
export interface Seen {
  updated_at: string;
  payment_status: number;
  amount_required: string;
  /** The refund its cancel dialog shows (paid orders only). */
  refund_amount?: string;
}

export interface OrderRef {
  id: string;
  d: number;
  reference?: string;
  sessions: { sid: string; card?: Card }[];
  /** What the delegate's page showed when it chose the transfer (what it sends from its bank). */
  transferSeen?: string;
}

/** The delegate's registration by category (made on its first registration command) and its checkouts by type. */
export interface RegistrationRef {
  code: string;
  sessions: Record<1 | 2, { sid: string; card?: Card }[]>;
}

export interface Delegate {
  person: Person;
  tabs: [Map<string, Seen>, Map<string, Seen>];
  orders: OrderRef[];
  registration?: RegistrationRef | 'refused';
}

export interface World {
  fig: Figures;
  office: Person;
  delegates: Delegate[];
  clockBase: number;
  started: number;
  /** Every command with the answers it got, for the report of a run that broke an invariant. */
  trace: string[];
}

const STATUS_NAMES: Record<number, string> = {
  0: 'Unpaid',
  1: 'Paid',
  2: 'Checking',
  [-1]: 'Cancelled',
  [-2]: 'Refunding',
};

export const cents = (wire: string) => Math.round(Number(wire) * 100);
export const wire = (c: number) => (c / 100).toFixed(2);

export async function newWorld(
  fig: Figures,
  office: Person,
  delegates: number,
  clock: Program['clock'] | number,
): Promise<World> {
  const people = await Promise.all(Array.from({ length: delegates }, (_, i) => person(`money${i}`)));
  return {
    fig,
    office,
    delegates: people.map((p) => ({ person: p, tabs: [new Map(), new Map()], orders: [] })),
    clockBase: typeof clock === 'number' ? clock : CLOCKS[clock],
    started: Date.now(),
    trace: [],
  };
}

/**
 * The portal's clock for a request: the run's instant plus the time the run has taken (so that
 * records made one after the other are in order, as with a real clock), in the run's refund tier.
 */
export const at = (w: World) => new Date(w.clockBase + (Date.now() - w.started)).toISOString();

/** An order of the delegate, newest first (`o` modulo how many it has made). */
function pick(w: World, d: number, o: number): OrderRef | undefined {
  const list = w.delegates[d]?.orders ?? [];
  return list.length ? list[list.length - 1 - (o % list.length)] : undefined;
}

const short = (a: Answer) => `${a.status}${a.status === 200 ? '' : ` ${a.message ?? ''}`}`;

interface OrderView {
  updated_at: string;
  payment_status: number;
  amount_required: string;
  reference: string;
  refund_failed: boolean;
  cancellation: { refund_amount: string } | null;
}

/** A tab opens the order (GET /registration/submission/{id}) and remembers what it shows. */
export async function read(w: World, d: number, t: number, order: OrderRef) {
  const del = w.delegates[d]!;
  const r = await api<{ order: OrderView }>(w.fig, 'GET', `/registration/submission/${order.id}`, {
    token: del.person.token,
    at: at(w),
  });
  if (r.status === 200) {
    const o = r.data.order;
    order.reference = o.reference;
    del.tabs[t as 0 | 1].set(order.id, {
      updated_at: o.updated_at,
      payment_status: o.payment_status,
      amount_required: o.amount_required,
      refund_amount: o.cancellation?.refund_amount,
    });
  } else {
    del.tabs[t as 0 | 1].delete(order.id);
  }
  return r;
}

const hotel = {
  hotel_book_required: '1',
  check_in_date: '2024-11-03',
  check_out_date: '2024-11-05',
  superior_double_room: '1',
};
/** A valid form with `acc` accompanying persons (and as many visitors as allowed, at most 2): 720.00, 1,040.00, 1,290.00, 1,540.00. */
const form = (acc: number, withHotel: boolean) =>
  validForm({
    accompanying_person: String(acc),
    post_conference_activities_person: String(Math.min(2, acc + 1)),
    ...(withHotel ? hotel : {}),
  });

/** A save from a tab over the version it read: `base_updated_at` and `base_status` as the spec's client sends them. */
export async function save(w: World, d: number, t: number, order: OrderRef, body: Record<string, unknown>) {
  const del = w.delegates[d]!;
  const seen = del.tabs[t as 0 | 1].get(order.id);
  const query = seen
    ? { base_updated_at: seen.updated_at, base_status: String(seen.payment_status) }
    : undefined;
  const r = await api<{ updated_at?: string; amount_required?: string }>(
    w.fig,
    'POST',
    `/registration/submission/${order.id}`,
    {
      token: del.person.token,
      at: at(w),
      json: { ...body, _method: 'PUT' },
      query,
    },
  );
  // The page stays open on the saved version.
  if (r.status === 200 && seen && r.data.updated_at)
    del.tabs[t as 0 | 1].set(order.id, {
      ...seen,
      updated_at: r.data.updated_at,
      amount_required: r.data.amount_required ?? seen.amount_required,
    });
  return r;
}

export async function checkout(w: World, d: number, order: OrderRef) {
  const r = await api<{ url: string }>(w.fig, 'POST', '/stripe-payment/generate', {
    token: w.delegates[d]!.person.token,
    at: at(w),
    json: { id: order.id },
  });
  if (r.status === 200 && typeof r.data.url === 'string') {
    const sid = r.data.url.split('?')[0]!.split('/').pop()!;
    order.sessions.push({ sid });
    return { r, sid };
  }
  return { r, sid: undefined };
}

/**
 * Pays a session at the local Stripe: a card, or a wallet's redirect page answered (WeChat Pay is
 * failed once first: no money moves, the session stays open for the authorised attempt).
 */
async function payAtStripe(w: World, sid: string, card: Card) {
  if (card === 'alipay' || card === 'wechat_pay') {
    if (card === 'wechat_pay') {
      const failed = await control(w.fig, 'POST', `/sessions/${sid}/pay`, { wallet: card, outcome: 'fail' });
      if (failed.status !== 200) return failed;
    }
    return control(w.fig, 'POST', `/sessions/${sid}/pay`, { wallet: card, outcome: 'authorize' });
  }
  return control(w.fig, 'POST', `/sessions/${sid}/pay`, { card });
}

export async function pay(w: World, order: OrderRef, sid: string, card: Card) {
  const r = await payAtStripe(w, sid, card);
  if (r.status === 200) {
    const s = order.sessions.find((x) => x.sid === sid);
    if (s) s.card = card;
  }
  return r.status;
}

export const confirm = (w: World, d: number, sid: string) =>
  api<{ outcome: string }>(w.fig, 'POST', '/stripe-payment/confirm', {
    token: w.delegates[d]!.person.token,
    at: at(w),
    json: { session_id: sid },
  });

export async function transfer(w: World, d: number, t: number, order: OrderRef, type: 'later' | 'done') {
  const del = w.delegates[d]!;
  const r = await api(w.fig, 'POST', `/registration/submission/transfer-payment/${order.id}`, {
    token: del.person.token,
    at: at(w),
    json: { type },
  });
  if (r.status === 200 && type === 'done')
    order.transferSeen = del.tabs[t as 0 | 1].get(order.id)?.amount_required ?? order.transferSeen;
  return r;
}

async function referenceOf(w: World, order: OrderRef) {
  if (!order.reference) await read(w, order.d, 1, order);
  return order.reference;
}

/** The office found a transfer of the order on the bank statement. */
export async function received(w: World, order: OrderRef, arrived: Arrived | string) {
  const reference = await referenceOf(w, order);
  if (!reference) return undefined;
  let amount: string;
  if (
    arrived === 'seen' ||
    arrived === 'partial' ||
    arrived === 'surplus' ||
    arrived === 'current' ||
    arrived === 'rest'
  ) {
    const current = w.delegates[order.d]!.tabs[1].get(order.id)?.amount_required;
    const seen = order.transferSeen ?? current ?? '650.00';
    if (arrived === 'rest') {
      const waiting = (await orderLedger(w.delegates[order.d]!.person.userId, order.id)).payments.find(
        (p) => p.method === 'transfer' && p.state === 'pending',
      );
      amount = waiting ? wire(waiting.amount) : seen;
    } else if (arrived === 'current') {
      const r = await read(w, order.d, 1, order);
      amount = r.status === 200 ? r.data.order.amount_required : seen;
    } else
      amount =
        arrived === 'seen'
          ? seen
          : arrived === 'partial'
            ? wire(Math.floor(cents(seen) / 2))
            : wire(cents(seen) + 10000);
  } else amount = arrived;
  return api(w.fig, 'POST', `/office/transfers/${encodeURIComponent(reference)}/received`, {
    token: w.office.token,
    at: at(w),
    json: { amount },
  });
}

export async function refunded(w: World, order: OrderRef) {
  const reference = await referenceOf(w, order);
  return reference
    ? api(w.fig, 'POST', `/office/transfers/${encodeURIComponent(reference)}/refunded`, {
        token: w.office.token,
        at: at(w),
      })
    : undefined;
}

export async function retry(w: World, order: OrderRef) {
  const reference = await referenceOf(w, order);
  return reference
    ? api(w.fig, 'POST', `/office/refunds/${encodeURIComponent(reference)}/retry`, {
        token: w.office.token,
        at: at(w),
      })
    : undefined;
}

/**
 * Cancel with the refund the tab's dialog showed. The contract names it `refund_amount`; the
 * handler's schema reads `expected_refund`: both are sent (each side ignores the other's name).
 */
export async function cancel(w: World, d: number, t: number, order: OrderRef, quote?: string) {
  const del = w.delegates[d]!;
  let shown = quote ?? del.tabs[t as 0 | 1].get(order.id)?.refund_amount;
  if (shown === undefined && quote === undefined) {
    await read(w, d, t, order);
    shown = del.tabs[t as 0 | 1].get(order.id)?.refund_amount;
  }
  const json = shown === undefined ? {} : { expected_refund: shown };
  return api<{ refund_amount?: string }>(w.fig, 'POST', `/registration/submission/refund/${order.id}`, {
    token: del.person.token,
    at: at(w),
    json,
  });
}

/**
 * The office cancels with another refund than the policy's (core/office/cancel-order.ts): what the
 * order page says can still go back, a part of it, nothing, or a cent more (refused: 422).
 */
export async function officeCancel(w: World, order: OrderRef, amount: 'all' | 'part' | 'zero' | 'over') {
  const detail = await api<{ refundable?: string }>(w.fig, 'GET', `/office/orders/${order.id}`, { token: w.office.token, at: at(w) });
  if (detail.status !== 200 || detail.data.refundable === undefined) return undefined;
  const cents = Math.round(Number(detail.data.refundable) * 100);
  const refund = amount === 'all' ? cents : amount === 'part' ? Math.min(cents, 10000) : amount === 'zero' ? 0 : cents + 1;
  return api<{ refund_amount?: string }>(w.fig, 'POST', `/office/orders/${order.id}/cancel`, {
    token: w.office.token,
    at: at(w),
    json: { refund: 'other', refund_amount: wire(refund), reason: 'model test' },
  });
}

/** A refund made in the card provider's dashboard, from the order's paid card payment. */
export async function dashboard(w: World, order: OrderRef, amount: number | 'half') {
  const { payments } = await orderLedger(w.delegates[order.d]!.person.userId, order.id);
  const paid = payments
    .filter(
      (p) =>
        p.method === 'card' &&
        (p.state === 'confirmed' || p.state === 'refunded') &&
        p.provider_ids.payment_intent,
    )
    .at(-1);
  if (!paid) return undefined;
  const r = await control(w.fig, 'POST', '/refunds', {
    payment_intent: paid.provider_ids.payment_intent,
    amount: amount === 'half' ? Math.floor(paid.amount / 2) : amount,
  });
  return r.status;
}

export const remove = (w: World, d: number, order: OrderRef) =>
  api(w.fig, 'DELETE', `/registration/submission/${order.id}`, {
    token: w.delegates[d]!.person.token,
    at: at(w),
  });

/** Every checkout session of the run. */
const sessionsOf = (w: World) =>
  w.delegates.flatMap((d) => [
    ...d.orders.flatMap((o) => o.sessions),
    ...(d.registration && d.registration !== 'refused' ? [...d.registration.sessions[1], ...d.registration.sessions[2]] : []),
  ]);

/** The registration by category's clock: inside its early period (dinners open), running on as the run does. */
const REG_CLOCK = Date.parse('2019-07-01T02:00:00Z');
export const regAt = (w: World) => new Date(REG_CLOCK + (Date.now() - w.started)).toISOString();

/** A regular registrant with one accompanying person; both say Yes to the gala dinner. */
const regForm = {
  first_name: 'Ada',
  last_name: 'Money',
  occupation: 'Surgeon',
  organization: 'Peking Hospital',
  country: 'China',
  mobile: '+86 10 1234 5678',
  regiatration_type: 1,
  gala_dinner: 'Yes',
  working_lunch: 'No',
  accompanying_type: 'yes',
  accompany: [{ first_name: 'Bo', last_name: 'Li', relationship: 'Spouse', occupation: 'Teacher', organization: 'School', country: 'China', mobile: '+86 139 0000 0000', gala_dinner: 'Yes', working_lunch: 'No' }],
};

/** The delegate's registration, made on the first registration command (at most one per delegate; two at once store one). */
async function registrationOf(w: World, d: number): Promise<RegistrationRef | undefined> {
  const del = w.delegates[d]!;
  if (del.registration === 'refused') return undefined;
  if (del.registration) return del.registration;
  const r = await api<{ register_code: string }>(w.fig, 'POST', '/register', { token: del.person.token, at: regAt(w), json: regForm });
  if (r.status === 200 && !del.registration) del.registration = { code: r.data.register_code, sessions: { 1: [], 2: [] } };
  else if (r.status === 409 && !del.registration) {
    // Another command of this batch registered first: its answer sets the reference.
    await sleep(200);
  } else if (r.status !== 200 && r.status !== 409) del.registration = 'refused';
  return del.registration && del.registration !== 'refused' ? del.registration : undefined;
}

async function regCheckout(w: World, d: number, reg: RegistrationRef, type: 1 | 2) {
  const r = await api<{ url: string }>(w.fig, 'POST', '/payment', { token: w.delegates[d]!.person.token, at: regAt(w), json: { type } });
  if (r.status === 200 && typeof r.data.url === 'string') {
    const sid = r.data.url.split('?')[0]!.split('/').pop()!;
    reg.sessions[type].push({ sid });
    return { r, sid };
  }
  return { r, sid: undefined };
}

async function regPay(w: World, reg: RegistrationRef, type: 1 | 2, sid: string, card: Card) {
  const r = await payAtStripe(w, sid, card);
  if (r.status === 200) {
    const s = reg.sessions[type].find((x) => x.sid === sid);
    if (s) s.card = card;
  }
  return r.status;
}

async function runRegistrationCommand(w: World, cmd: Extract<Command, { k: `reg${string}` }>, note: (what: string) => void, skip: () => void) {
  const reg = await registrationOf(w, cmd.d);
  if (!reg) return skip();
  const token = w.delegates[cmd.d]!.person.token;
  switch (cmd.k) {
    case 'regCheckout': {
      const { r, sid } = await regCheckout(w, cmd.d, reg, cmd.type);
      return note(`${short(r)}${sid ? ` ${sid}` : ''}`);
    }
    case 'regCheckoutAndPay': {
      const { r, sid } = await regCheckout(w, cmd.d, reg, cmd.type);
      if (!sid) return note(short(r));
      return note(`${sid} pay ${await regPay(w, reg, cmd.type, sid, cmd.card)}`);
    }
    case 'regPay':
    case 'regConfirm': {
      const list = reg.sessions[cmd.type];
      if (!list.length) return skip();
      const s = list[list.length - 1 - (cmd.s % list.length)]!;
      if (cmd.k === 'regPay') return note(`${s.sid} ${await regPay(w, reg, cmd.type, s.sid, cmd.card)}`);
      const r = await api<{ outcome: string }>(w.fig, 'POST', '/payment/confirm', { token, at: regAt(w), json: { session_id: s.sid } });
      return note(`${s.sid} ${short(r)}${r.status === 200 ? ` ${String(r.data.outcome)}` : ''}`);
    }
    case 'regFeeThenDinners': {
      const fee = await regCheckout(w, cmd.d, reg, 1);
      const steps = [`fee ${short(fee.r)}`];
      if (fee.sid) {
        steps.push(`pay ${await regPay(w, reg, 1, fee.sid, cmd.card)}`);
        const back = await api<{ outcome: string }>(w.fig, 'POST', '/payment/confirm', { token, at: regAt(w), json: { session_id: fee.sid } });
        steps.push(`confirm ${short(back)}`);
      }
      const dinners = await regCheckout(w, cmd.d, reg, 2);
      steps.push(`dinners ${short(dinners.r)}`);
      if (dinners.sid) steps.push(`pay ${await regPay(w, reg, 2, dinners.sid, cmd.card)}`);
      return note(steps.join(', '));
    }
    case 'regDinner': {
      const json = { id: cmd.row, type: cmd.row === 0 ? 1 : 2, [cmd.field]: cmd.value };
      return note(short(await api(w.fig, 'POST', '/update_repast', { token, at: regAt(w), json })));
    }
    case 'regCancel': {
      const steps: string[] = [];
      if (cmd.payFirst) {
        const fee = await regCheckout(w, cmd.d, reg, 1);
        steps.push(`fee ${short(fee.r)}`);
        if (fee.sid) {
          steps.push(`pay ${await regPay(w, reg, 1, fee.sid, cmd.card)}`);
          steps.push(`confirm ${short(await api(w.fig, 'POST', '/payment/confirm', { token, at: regAt(w), json: { session_id: fee.sid } }))}`);
        }
      }
      let json = {};
      if (cmd.quoted) {
        const shown = await api<{ cancellation?: { refund_amount: string } }>(w.fig, 'GET', '/cost_detail', { token, at: regAt(w) });
        if (shown.status === 200 && shown.data.cancellation) json = { expected_refund: shown.data.cancellation.refund_amount };
      }
      const r = await api<{ refund_amount?: string }>(w.fig, 'POST', '/register/cancel', { token, at: regAt(w), json });
      steps.push(`cancel ${short(r)}${r.status === 200 ? ` refund ${String(r.data.refund_amount)}` : ''}`);
      return note(steps.join(', '));
    }
  }
}

interface EventRecord {
  id: string;
  type: string;
  created: number;
}
async function eventsOfRun(w: World, type?: string) {
  const all = new Map<string, EventRecord>();
  for (const s of sessionsOf(w)) {
    const r = await control<{ data: EventRecord[] }>(
      undefined,
      'GET',
      `/events?session=${s.sid}${type ? `&type=${type}` : ''}`,
    );
    for (const e of r.body.data) all.set(e.id, e);
  }
  return [...all.values()].sort((a, b) => a.created - b.created);
}

/** Runs one command; what it got is added to the trace. */
export async function runCommand(w: World, cmd: Command): Promise<void> {
  const note = (what: string) => void w.trace.push(`${describeCommand(cmd)} -> ${what}`);
  const skip = () => {
    w.fig.skipped += 1;
    note('skipped (nothing to act on)');
  };
  w.fig.commands += 1;
  switch (cmd.k) {
    case 'create': {
      const del = w.delegates[cmd.d]!;
      const r = await api<{ id: string }>(w.fig, 'POST', '/registration/submission', {
        token: del.person.token,
        at: at(w),
        json: form(cmd.acc, false),
      });
      note(short(r));
      if (r.status === 200) {
        const order: OrderRef = { id: r.data.id, d: cmd.d, sessions: [] };
        del.orders.push(order);
        await read(w, cmd.d, cmd.t, order);
      }
      return;
    }
    case 'pause':
    case 'resume': {
      const r = await control(
        w.fig,
        'POST',
        `/deliveries/${cmd.k}`,
        cmd.k === 'resume' ? { order: cmd.order } : undefined,
      );
      return note(String(r.status));
    }
    case 'wait':
      // Long enough for a 5126 card's refund to fail at the provider meanwhile.
      await sleep(1600);
      return note('waited 1.6 s');
    case 'redeliver': {
      const events = await eventsOfRun(w);
      if (!events.length) return skip();
      const event = events[cmd.e % events.length]!;
      const r = await control(w.fig, 'POST', `/events/${event.id}/redeliver`, { times: cmd.times });
      return note(`${event.type} ${r.status}`);
    }
  }
  if (cmd.k === 'refundAccount' || cmd.k === 'refundSent')
    return runRefundOwedCommand(w, cmd, cmd.k === 'refundSent' ? pick(w, cmd.d, cmd.o) : undefined, note, skip);
  if (isBankCommand(cmd)) return runBankCommand(w, cmd, note, skip);
  if (cmd.k === 'deleteAccount') return runDeletionCommand(w, cmd, note);
  if (cmd.k === 'replayEvents') return replayEvents(w.delegates[cmd.d]!.person.userId, note);
  if (cmd.k.startsWith('reg')) return runRegistrationCommand(w, cmd as Extract<Command, { k: `reg${string}` }>, note, skip);
  const ordered = cmd as Extract<Command, { o: number }>;
  const order = pick(w, ordered.d, ordered.o);
  if (!order) return skip();
  const d = ordered.d;
  switch (cmd.k) {
    case 'read':
      return note(short(await read(w, d, cmd.t, order)));
    case 'edit':
      if (!w.delegates[d]!.tabs[cmd.t as 0 | 1].has(order.id)) await read(w, d, cmd.t, order);
      return note(short(await save(w, d, cmd.t, order, form(cmd.acc, cmd.hotel))));
    case 'staleEdit': {
      const tabs = w.delegates[d]!.tabs;
      const seen = ([0, 1] as const)
        .filter((t) => tabs[t].has(order.id))
        .sort((a, b) => tabs[a].get(order.id)!.updated_at.localeCompare(tabs[b].get(order.id)!.updated_at));
      if (!seen.length) return skip();
      const t = seen[0]!;
      return note(`tab ${t}: ${short(await save(w, d, t, order, form(1, true)))}`);
    }
    case 'checkout': {
      const { r, sid } = await checkout(w, d, order);
      return note(`${short(r)}${sid ? ` ${sid}` : ''}`);
    }
    case 'checkoutAndPay': {
      const { r, sid } = await checkout(w, d, order);
      if (!sid) return note(short(r));
      return note(`${sid} pay ${await pay(w, order, sid, cmd.card)}`);
    }
    case 'pay':
    case 'lapse':
    case 'confirm': {
      if (!order.sessions.length) return skip();
      const s = order.sessions[order.sessions.length - 1 - (cmd.s % order.sessions.length)]!;
      if (cmd.k === 'pay') return note(`${s.sid} ${await pay(w, order, s.sid, cmd.card)}`);
      if (cmd.k === 'lapse')
        return note(`${s.sid} ${(await control(w.fig, 'POST', `/sessions/${s.sid}/lapse`)).status}`);
      const r = await confirm(w, d, s.sid);
      return note(`${s.sid} ${short(r)}${r.status === 200 ? ` ${String(r.data.outcome)}` : ''}`);
    }
    case 'transfer':
      return note(short(await transfer(w, d, cmd.t, order, cmd.type)));
    case 'received': {
      const r = await received(w, order, cmd.arrived);
      return r ? note(short(r)) : skip();
    }
    case 'refunded': {
      const r = await refunded(w, order);
      return r ? note(short(r)) : skip();
    }
    case 'retry': {
      const r = await retry(w, order);
      return r ? note(short(r)) : skip();
    }
    case 'cancel':
      return note(short(await cancel(w, d, cmd.t, order)));
    case 'officeCancel': {
      const r = await officeCancel(w, order, cmd.amount);
      return r ? note(short(r)) : skip();
    }
    case 'dashboard': {
      const status = await dashboard(w, order, cmd.amount);
      return status === undefined ? skip() : note(String(status));
    }
    case 'delete':
      return note(short(await remove(w, d, order)));
  }
}

/** Runs a batch: every command at the same time, each after its delay. */
export async function runBatch(w: World, batch: { cmd: Command; delayMs: number }[]) {
  if (batch.length > 1) w.fig.interleavings += 1;
  w.trace.push(`-- batch of ${batch.length}`);
  await Promise.all(
    batch.map(async ({ cmd, delayMs }) => {
      await sleep(delayMs);
      try {
        await runCommand(w, cmd);
      } catch (error) {
        w.fig.failures.push(`${describeCommand(cmd)} threw: ${(error as Error).stack ?? String(error)}`);
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Quiescence and the check

/**
 * Waits until nothing is in flight: deliveries resumed and none queued (retries included), and
 * every refund of a 5126 card (which succeeds at first, then fails 1.5 s later) past that moment
 * and its events delivered. Two idle looks in a row, 300 ms apart.
 */
/** The money events of the run's delegates still pending (each must be followed by the money-events worker). */
async function pendingMoneyEvents(w: World) {
  const events = await Promise.all(w.delegates.map((d) => moneyEventStore.ofOwner(d.person.userId)));
  return events.flat().filter((e) => e.state !== 'done').map((e) => e.id);
}

export async function quiesce(w: World, limitMs = 60_000) {
  const end = Date.now() + limitMs;
  let idle = 0;
  while (Date.now() < end) {
    const d = await control<{ paused: boolean; queued: unknown[] }>(
      undefined,
      'GET',
      '/deliveries?event=none',
    );
    if (d.body.paused) await control(undefined, 'POST', '/deliveries/resume', { order: 'oldest_first' });
    let waitMs = 0;
    const late = sessionsOf(w).filter((s) => s.card === '4000000000005126');
    if (late.length) {
      const refundsCreated = await Promise.all(
        late.map((s) =>
          control<{ data: EventRecord[] }>(undefined, 'GET', `/events?session=${s.sid}&type=refund.created`),
        ),
      );
      const last = Math.max(0, ...refundsCreated.flatMap((r) => r.body.data.map((e) => e.created)));
      // `created` is in whole seconds: the refund was made before last+1 s; it settles 1.5 s later.
      if (last) waitMs = (last + 1) * 1000 + 1500 + 400 - Date.now();
    }
    const all = await control<{ paused: boolean; queued: unknown[] }>(undefined, 'GET', '/deliveries');
    // The money events the writes handed on (core/payments/money-events.ts): all followed by the worker.
    const pending = await pendingMoneyEvents(w);
    if (waitMs <= 0 && !all.body.paused && all.body.queued.length === 0 && pending.length === 0) {
      idle += 1;
      if (idle >= 2) return true;
      await sleep(300);
      continue;
    }
    idle = 0;
    await sleep(Math.max(150, Math.min(waitMs, 1000)));
  }
  const pending = await pendingMoneyEvents(w);
  w.fig.failures.push(`not quiescent after ${limitMs / 1000} s (deliveries still queued or retried${pending.length ? `; money events never followed: ${pending.join(', ')}` : ''})`);
  return false;
}

export interface OrderCheck {
  userId: string;
  /** The order's id, or `registration-fee:OESO-000123` / `registration-dinners:...` for a registration's subject. */
  orderId: string;
  status: string;
  violations: Pick<MoneyViolation, 'rule' | 'detail'>[] | RegistrationMoneyViolation[] | { rule: string; detail: string }[];
  /** A registration subject's ledger (an order's is read by its id). */
  ledger?: SubjectLedger;
  /** What the reconciliation found against the card provider. */
  disagreements: string[];
  money: string;
}

/** The invariants over every order of the run's delegates and every ledger record of their orders (deleted ones too). */
export async function checkMoney(w: World): Promise<OrderCheck[]> {
  const out: OrderCheck[] = [];
  // Receipt and credit note numbers of the run: one sequence, so never twice.
  const numbered = new Map<string, string>();
  for (const del of w.delegates) {
    const { orders, ledgers } = await ownerMoney(del.person.userId);
    const docs = await documentStore.ofOwner(del.person.userId);
    const ids = new Set([...del.orders.map((o) => o.id), ...orders.keys(), ...ledgers.keys()]);
    for (const id of ids) {
      const order = orders.get(id);
      const ledger = ledgers.get(id) ?? { payments: [], refunds: [] };
      const ofOrder = docs.filter((d) => d.subject.kind === 'order' && d.subject.id === id);
      const violations: { rule: string; detail: string }[] = [...moneyViolations(id, order, ledger), ...documentViolations(order, ledger, ofOrder)];
      for (const d of ofOrder) {
        if (!d.number) continue;
        if (numbered.has(d.number)) violations.push({ rule: 'numbers-unique', detail: `${d.kind} ${d.number} has the number of a document of order ${numbered.get(d.number)}` });
        numbered.set(d.number, id);
      }
      const status = order ? (STATUS_NAMES[order.payment_status] ?? String(order.payment_status)) : 'deleted';
      countFinalState(w.fig, status);
      w.fig.orders += 1;
      w.fig.violations += violations.length;
      out.push({
        userId: del.person.userId,
        orderId: id,
        status,
        violations,
        disagreements: [],
        money: [
          order
            ? `order ${status} costs ${wire(order.amount_required)}${order.refund_failed_at ? ' refund_failed' : ''}`
            : 'order deleted',
          ...ledger.payments.map(
            (p) =>
              `  payment ${p.method} ${p.state} ${wire(p.amount)}${p.surplus ? ` surplus:${p.surplus}` : ''}`,
          ),
          ...ledger.refunds.map(
            (r) =>
              `  refund ${r.method} ${r.reason} ${r.state} ${wire(r.amount)}${r.failure_reason ? ` (${r.failure_reason})` : ''}`,
          ),
          ...ofOrder.map((d) => `  ${d.kind} ${d.number ?? d.id}${d.replaced_by ? ' (replaced)' : ''}`),
        ].join('\n'),
      });
    }
  }
  for (const del of w.delegates) out.push(...(await checkRegistration(w, del)));
  // Each bank transfer booked from one statement line, with the amount the bank sent (bank-files.ts).
  out.push(...(await checkBank(w)));
  // The accounts: deleted whole or not at all, nothing started after, every order in its lists (deletion.ts).
  out.push(...(await checkDeletions(w)));
  return out;
}

/** The registration's two subjects (fee, dinners) against their ledgers and the profile's summary. */
async function checkRegistration(w: World, del: Delegate): Promise<OrderCheck[]> {
  const userId = del.person.userId;
  const [registration, profile] = await Promise.all([registrationStore.get(userId), getUser(userId)]);
  if (!registration) return [];
  const out: OrderCheck[] = [];
  for (const kind of [REGISTRATION_FEE, REGISTRATION_DINNERS] as const) {
    const subjectLedger = await ledger.ofSubject(registrationSubject(registration, kind));
    const violations = registrationMoneyViolations(registration, kind, subjectLedger, profile);
    const state = registrationStatusName((kind === REGISTRATION_FEE ? registration.pay_status : registration.repast_status) ?? 1).toLowerCase();
    const status = `${kind} ${state}${registration.cancelled_at ? ' (cancelled)' : ''}${registration.refund_failed_at ? ' (refund failed)' : ''}`;
    countFinalState(w.fig, status);
    w.fig.orders += 1;
    w.fig.violations += violations.length;
    out.push({
      userId,
      orderId: `${kind}:${registration.register_code}`,
      status,
      violations,
      ledger: subjectLedger,
      disagreements: [],
      money: [
        `${kind} ${status} costs ${wire(payableOf(registration, kind).amount)}`,
        ...subjectLedger.payments.map((p) => `  payment ${p.method} ${p.state} ${wire(p.amount)}${p.surplus ? ` surplus:${p.surplus}` : ''}`),
        ...subjectLedger.refunds.map((r) => `  refund ${r.method} ${r.reason} ${r.state} ${wire(r.amount)}${r.failure_reason ? ` (${r.failure_reason})` : ''}`),
      ].join('\n'),
    });
  }
  return out;
}

/** Counts the portal's answers to the webhook deliveries of the run's events. */
export async function countRunWebhooks(w: World) {
  const ids = new Set((await eventsOfRun(w)).map((e) => e.id));
  if (!ids.size) return;
  const all = await control<{ data: { event: string; status: number | null }[] }>(
    undefined,
    'GET',
    '/deliveries',
  );
  countWebhooks(
    w.fig,
    all.body.data.filter((d) => ids.has(d.event)).map((d) => d.status),
  );
}

/** The end of every run: nothing in flight, then the invariants (and the reconciliation, once it exists). */
export async function settleAndCheck(w: World) {
  await control(undefined, 'POST', '/deliveries/resume', { order: 'oldest_first' });
  await quiesce(w);
  const checks = await checkMoney(w);
  await checkMoneyMails(w, checks);
  await checkRefundsOwed(w, checks);
  await countRunWebhooks(w);
  await reconcileHook(w, checks);
  return checks;
}

// ---------------------------------------------------------------------------------------------
// The reconciliation (functions/core/payments/reconcile.ts)

/**
 * After each run's check, every order of the run and its ledger go through
 * `reconcileWithProvider`: the card provider's word on each card payment and refund, read with
 * the real SDK from the local Stripe. A disagreement is a failure; so is a reconciliation that
 * cannot run.
 */
export async function reconcileHook(w: World, checks: OrderCheck[]) {
  w.fig.notes.add('reconciliation (reconcileWithProvider) called for every order after each run');
  for (const del of w.delegates) {
    const { ledgers } = await ownerMoney(del.person.userId);
    for (const c of checks.filter((x) => x.userId === del.person.userId)) {
      const subjectLedger = c.ledger ?? ledgers.get(c.orderId) ?? { payments: [], refunds: [] };
      const found = await reconcileWithProvider(stripeGateway, c.orderId, subjectLedger);
      // The invariants are checked above already; here only what the provider says.
      const provider = found.filter((f) => !c.violations.some((v) => v.rule === f.rule));
      w.fig.reconciled += 1;
      for (const f of provider) {
        w.fig.disagreements += 1;
        c.disagreements.push(`${f.rule}: ${f.detail}${f.payment_id ? ` (payment ${f.payment_id})` : ''}${f.refund_id ? ` (refund ${f.refund_id})` : ''}`);
      }
    }
  }
}

export { CLOCKS };
