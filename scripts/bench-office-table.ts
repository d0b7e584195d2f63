/**
 * The office bench's table (scripts/bench-office.ts runs this in a child process with the local
 * portal's settings): seeds 5,000 accounts and 5,000 orders with the storage layer's own item
 * builders, then times the office's reads through the routes' own code and counts what DynamoDB
 * read for each.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { newUser, type User } from '../functions/core/accounts/model';
import { nameKeys } from '../functions/core/accounts/name-key';
import { registration2024 } from '../functions/core/config/conference';
import { addCounts, recordCounts, type Counts } from '../functions/core/office/counters';
import { dashboardView } from '../functions/core/office/dashboard';
import { listOfficeOrders } from '../functions/core/office/orders';
import type { OrderRow } from '../functions/core/office/order-rows';
import { officeLimits } from '../functions/core/config/conference';
import { orderFormSchema } from '../functions/core/orders/schemas';
import { orderTotal } from '../functions/core/orders/pricing';
import type { StoredOrder } from '../functions/core/orders/ports';
import { orderNumber, transferReference } from '../functions/core/orders/reference';
import { ORDER_STATUS, type OrderStatus } from '../functions/core/orders/states';
import type { Payment } from '../functions/core/payments/model';
import { routes, type RouteDef } from '../functions/core/routes';
import { documentClient } from '../functions/lib/aws/clients';
import { asRoute } from '../functions/lib/aws/grants';
import { env } from '../functions/lib/env';
import { officeOrderReads } from '#wiring/office-orders';
import { keys } from '../functions/storage/keys';
import { newPaymentItem, oldestAwaitedTransfer } from '../functions/storage/ledger';
import { orderRowWrites } from '../functions/storage/order-rows';
import { itemOf as orderItem } from '../functions/storage/orders';
import { readStats, replaceStats } from '../functions/storage/stats';
import { moveNameKeys, newAccountItems } from '../functions/storage/users';
import { validForm, visaAndHotel } from '../test/unit/core/orders/form';
import { meter, meterDynamo } from './bench-dynamo-meter';

const FIRST_NAMES = ['Wei', 'Fang', 'Min', 'Jun', 'Anna', 'Pierre', 'María', 'Kenji', 'Olga', 'Sipho', '伟', '芳'];
const LAST_NAMES = ['Zhang', 'Wang', 'Li', 'Müller', "O'Brien", 'García', 'Dupont', 'Tanaka', 'Ivanova', 'Ndlovu', '张', '欧阳'];
const OTHER_COUNTRIES = ['France', 'United States', 'Japan', 'Germany', 'Brazil', 'South Africa'];
const DAY = 86_400_000;
/** Orders placed over the registration season: 1 June to 15 October 2024. */
const SEASON = { start: Date.parse('2024-06-01T01:00:00Z'), days: 136 };

/** The forms, checked by the order schema once: plain, visa letter, hotel, both. */
function forms() {
  const base = validForm({ organization: '中国医学科学院肿瘤医院, Beijing' });
  const both = { ...base, ...visaAndHotel('bench-passport') };
  const visaOnly = { ...both, hotel_book_required: '0', check_in_date: undefined, check_out_date: undefined, superior_double_room: undefined };
  const hotelOnly = { ...both, visa_required: '0' };
  return [base, visaOnly, hotelOnly, both].map((f) => orderFormSchema.parse(f));
}

/**
 * The i-th delegate: 50% paid (card or transfer), 20% Checking (a transfer announced), 20%
 * Unpaid, 10% Cancelled; 1 in 8 on the Local rate, 1 in 3 in China (so 1 in 12 is a Local rate
 * to check); 1 in 7 needs a visa letter, 1 in 5 a hotel.
 */
export function delegate(i: number, variants: ReturnType<typeof forms>) {
  const at = new Date(SEASON.start + Math.floor((i * SEASON.days * DAY) / 5000));
  const created_at = at.toISOString();
  const id = randomUUID();
  const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
  const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
  const country = i % 3 === 0 ? 'China' : OTHER_COUNTRIES[i % OTHER_COUNTRIES.length]!;
  const user: User = {
    ...newUser({ id, email: `delegate-${i}@example.org`, password_hash: 'bench-not-a-hash', now: at }),
    status: 2,
    first_name: first,
    last_name: last,
    country,
    organization: 'Bench Cancer Registry',
    activated_at: created_at,
  };
  const visa = i % 7 === 0;
  const hotel = i % 5 === 0;
  const form = variants[(visa ? 1 : 0) + (hotel ? 2 : 0)]!;
  const rate = i % 8 === 0 ? registration2024.rates.find((r) => r.id === 'local')!.value : registration2024.rates.find((r) => r.id !== 'local')!.value;
  const kind = i % 10;
  const status: OrderStatus = kind < 5 ? ORDER_STATUS.paid : kind < 7 ? ORDER_STATUS.checking : kind < 9 ? ORDER_STATUS.unpaid : ORDER_STATUS.cancelled;
  const method = status === ORDER_STATUS.checking || (status === ORDER_STATUS.paid && i % 2 === 1) ? 'transfer' : status === ORDER_STATUS.paid ? 'card' : null;
  const sequence = 1 + i;
  const paidAt = new Date(at.getTime() + 3 * DAY).toISOString();
  const order: StoredOrder = {
    ...form,
    rate,
    first_name: first,
    last_name: last,
    primary_address_country: country,
    primary_email: i % 4 === 0 ? `office-${i}@registry.example.org` : user.email,
    id: randomUUID(),
    owner_id: id,
    owner_email: user.email,
    sequence,
    order_no: orderNumber(sequence),
    reference: transferReference(sequence),
    checksum: randomUUID(),
    payment_status: status,
    amount_required: 0,
    currency: 'USD',
    payment_method: method,
    created_at,
    updated_at: status === ORDER_STATUS.paid ? paidAt : created_at,
    ...(status === ORDER_STATUS.paid ? { paid_at: paidAt } : {}),
    ...(status === ORDER_STATUS.cancelled ? { cancelled_at: created_at } : {}),
  };
  order.amount_required = orderTotal(order);
  const payment: Payment | undefined = method
    ? {
        id: randomUUID(),
        subject: { kind: 'order', id: order.id, owner_id: id },
        amount: order.amount_required,
        currency: 'USD',
        method,
        provider: method === 'card' ? 'stripe' : 'bank',
        provider_ids: method === 'card' ? { checkout_session: `cs_bench_${i}`, payment_intent: `pi_bench_${i}` } : {},
        state: status === ORDER_STATUS.paid ? 'confirmed' : 'pending',
        version: status === ORDER_STATUS.paid ? 2 : 1,
        created_at,
        updated_at: order.updated_at,
        ...(status === ORDER_STATUS.paid ? { confirmed_at: paidAt } : {}),
      }
    : undefined;
  return { user, order, payment };
}

/** Puts items in batches of 25, a few batches at a time, until DynamoDB has taken every one. */
async function putAll(items: Record<string, unknown>[], parallel = 4) {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
        [env.tableName()]: batches[next++]!.map((Item) => ({ PutRequest: { Item } })),
      };
      while (request && Object.keys(request).length > 0) {
        const r = await documentClient().send(new BatchWriteCommand({ RequestItems: request }));
        request = r.UnprocessedItems as typeof request;
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

const putItem = (write: { Put?: { Item?: Record<string, unknown> } }) => write.Put!.Item!;

export async function seedOffice(count: number) {
  const variants = forms();
  const people = Array.from({ length: count }, (_, i) => delegate(i, variants));
  const counts: Counts = {};
  const items: Record<string, unknown>[] = [];
  for (const { user, order, payment } of people) {
    items.push(...newAccountItems(user), ...moveNameKeys(user.id, { before: [], after: nameKeys(user) }).map(putItem));
    items.push(orderItem(order), { ...keys.counter(user.id, 'orders'), n: order.payment_status === ORDER_STATUS.cancelled ? 0 : 1 });
    items.push(...orderRowWrites(order).map(putItem));
    if (payment) items.push(newPaymentItem(payment));
    addCounts(counts, recordCounts('user', user as never));
    addCounts(counts, recordCounts('order', order as never));
    if (payment) addCounts(counts, recordCounts('payment', payment as never));
  }
  items.push({ ...keys.sequence('orders'), n: count });
  await putAll(items);
  // The counters as the rebuild command writes them: the sum of every record's contribution.
  await replaceStats(counts);
  return { people, items: items.length };
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
};

export interface ReadFigure {
  name: string;
  route: string;
  runs: number;
  p50: number;
  p99: number;
  /** Items DynamoDB read per request: median and most. */
  items: { median: number; max: number };
  calls: { median: number; max: number };
  rows: { median: number; max: number };
  /** What the route itself reports it read (items_read of the orders list; the stats items of the dashboard). */
  reported: number;
}

/** Runs `call` (as its route) `runs` times after a few warm-up runs: time, items read, round trips and rows of each. */
async function measure(name: string, route: RouteDef & { path: string }, runs: number, call: (run: number) => Promise<{ rows: number; reported: number }>): Promise<ReadFigure> {
  for (let i = 0; i < 5; i++) await asRoute(route, () => call(-1 - i));
  const ms: number[] = [];
  const items: number[] = [];
  const calls: number[] = [];
  const rows: number[] = [];
  let reported = 0;
  for (let i = 0; i < runs; i++) {
    meter.items = 0;
    meter.calls = 0;
    const started = performance.now();
    const r = await asRoute(route, () => call(i));
    ms.push(performance.now() - started);
    items.push(meter.items);
    calls.push(meter.calls);
    rows.push(r.rows);
    reported = Math.max(reported, r.reported);
  }
  const spread = (xs: number[]) => ({ median: quantile(xs, 0.5), max: Math.max(...xs) });
  return { name, route: `${route.method} ${route.path}`, runs, p50: quantile(ms, 0.5), p99: quantile(ms, 0.99), items: spread(items), calls: spread(calls), rows: spread(rows), reported };
}

export async function officeReads(people: ReturnType<typeof delegate>[], runs: number) {
  meterDynamo();
  const limit = officeLimits.orderPage.rows;
  const list = (filter: Parameters<typeof listOfficeOrders>[1]['filter'], q = '', cursor?: string) => listOfficeOrders(officeOrderReads, { filter, q, cursor, limit });
  /** A page's figures; a row the request should not have shown stops the bench (its figures would mean nothing). */
  const page = async (p: ReturnType<typeof list>, expected: (row: OrderRow) => boolean = () => true) => {
    const r = await p;
    const wrong = r.rows.find((row) => !expected(row));
    if (wrong) throw new Error(`the office's order table showed ${wrong.order_no}, which the request did not ask for`);
    return { rows: r.rows.length, reported: r.items_read };
  };
  const pick = (run: number) => people[(Math.abs(run) * 97) % people.length]!;
  const second = (await list('all')).next!;
  const orders = routes.listOfficeOrders;
  const figures: ReadFigure[] = [
    await measure('first page (all orders)', orders, runs, () => page(list('all'))),
    await measure('next page (all orders, by its cursor)', orders, runs, () => page(list('all', '', second))),
    await measure('filter: Checking', orders, runs, () => page(list('status:2'), (row) => row.status === ORDER_STATUS.checking)),
    await measure('filter: visa letter needed', orders, runs, () => page(list('visa'), (row) => row.visa)),
    await measure('filter: Local rate to check', orders, runs, () => page(list('local-check'), (row) => row.local_check && row.rate === 250 && row.country !== 'China')),
    await measure('search: payment reference', orders, runs, (run) => page(list('all', pick(run).order.reference), (row) => row.id === pick(run).order.id)),
    await measure('search: order number', orders, runs, (run) => page(list('all', pick(run).order.order_no), (row) => row.id === pick(run).order.id)),
    await measure('search: e-mail', orders, runs, (run) => page(list('all', pick(run).user.email), (row) => row.email === pick(run).user.email)),
    await measure('search: name prefix ("zhang w")', orders, runs, () => page(list('all', 'zhang w'), (row) => (row.last_name === 'Zhang' && row.first_name.startsWith('W')) || (row.first_name === 'Wei' && row.last_name.startsWith('Zhang')) || row.first_name.toLowerCase().startsWith('zhang w'))),
    await measure('search: name prefix + filter Paid ("mü")', orders, runs, () => page(list('status:1', 'mü'), (row) => row.status === ORDER_STATUS.paid && row.last_name === 'Müller')),
    await measure('dashboard', routes.getDashboard, runs, async () => {
      const [stats, oldest] = await Promise.all([readStats(), oldestAwaitedTransfer()]);
      const view = dashboardView(stats, oldest, new Date('2024-10-20T02:00:00Z'));
      return { rows: view.days.length, reported: stats.itemsRead };
    }),
  ];
  return { limit, figures };
}
