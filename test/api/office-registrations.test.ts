/**
 * The office's view of the registrations by category's money (issue 16): the Registrations list
 * says whether the fee and the dinners are paid; one registration lists its payments and refunds
 * (both subjects, with the provider's ids); the registrations export holds every registration with
 * its fee, dinners, pay states and the amounts paid, beside the orders' export.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '#core/office/jobs';
import type { OfficeRegistration, RegistrationRow } from '#core/office/registrations';
import { officeMessages } from '#core/office/access';
import { call, newDelegate, officeSession, s3Origin, stripeOrigin } from './support';

/** 1 July 2019, 10:00 CST: the early period, dinners open. */
const EARLY = '2019-07-01T02:00:00Z';
const regular = { first_name: 'Grace', last_name: 'Hopper', occupation: 'Surgeon', organization: 'Peking Hospital', country: 'China', mobile: '+86 10 1234 5678', regiatration_type: 1, gala_dinner: 'Yes', working_lunch: 'No', accompanying_type: 'no' };

async function control(method: string, path: string, body?: unknown) {
  const r = await fetch(`${stripeOrigin()}/_control${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!r.ok) throw new Error(`control ${path}: ${r.status}`);
  return r.json();
}
async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let office: { token: string };
/** A registration whose fee is paid by card and whose dinners are chosen (changed after the fee), unpaid. */
let paid: { token: string; email: string; owner: string; code: string };

beforeAll(async () => {
  office = await officeSession('office-registrations', EARLY);
  const d = await newDelegate('office-reg-paid');
  const r = await call<{ register_code: string }>('POST', '/register', { token: d.token, at: EARLY, json: regular });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const me = await call<{ id: string }>('GET', '/get_person_info', { token: d.token });
  paid = { ...d, owner: me.body.data.id, code: r.body.data.register_code };
  const fee = await call<{ url: string }>('POST', '/payment', { at: EARLY, form: { api_token: d.token, type: '1' } });
  expect(fee.status, JSON.stringify(fee.body)).toBe(200);
  await control('POST', `/sessions/${fee.body.data.url.split('/').pop()}/pay`, { card: '4242424242424242' });
  await until('fee paid', async () => (await call<{ pay_status: number }>('GET', '/get_person_info', { token: d.token })).body.data.pay_status, (s) => s === 2);
  // A dinner changed after the fee is paid (the registration is written again: it stays in the office's list).
  const dinner = await call('POST', '/update_repast', { token: d.token, at: EARLY, json: { id: 0, type: 1, working_lunch: 'Yes' } });
  expect(dinner.status, JSON.stringify(dinner.body)).toBe(200);
}, 90_000);

describe('the office sees the registrations money', () => {
  it('one registration lists its fee payment with the provider ids, the fee paid and the dinners unpaid', async () => {
    const got = await call<OfficeRegistration>('GET', `/office/registrations/${paid.owner}`, { token: office.token, at: EARLY });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    const r = got.body.data;
    expect(r).toMatchObject({ pay_status: 2, pay_state: 'Paid', repast_status: 1, repast_state: 'Unpaid', dinner_fee: 19000 });
    expect(r.payments).toHaveLength(1);
    expect(r.payments[0]).toMatchObject({ for: 'Registration fee', method: 'card', state: 'confirmed', amount: (r.register_fee / 100).toFixed(2) });
    expect(r.payments[0]!.provider_ids.checkout_session).toMatch(/^cs_/);
    expect(r.payments[0]!.confirmed_at).toBeTruthy();
    expect(r.refunds).toEqual([]);
    // The payment's audit entries are in the registration's history.
    expect(r.activity.some((a) => a.object.type === 'payment' && a.object.id === r.payments[0]!.id)).toBe(true);
  });

  it('the list says the pay state of the fee and of the dinners (a registration whose dinners changed is still listed)', async () => {
    let cursor: string | undefined;
    let row: RegistrationRow | undefined;
    for (let i = 0; i < 40 && !row; i++) {
      const page = await call<{ items: RegistrationRow[]; cursor?: string }>('GET', `/office/registrations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { token: office.token, at: EARLY });
      expect(page.status).toBe(200);
      row = page.body.data.items.find((x) => x.owner_id === paid.owner);
      cursor = page.body.data.cursor ?? undefined;
      if (!cursor) break;
    }
    expect(row).toMatchObject({ register_code: paid.code, pay_status: 2, pay_state: 'Paid', dinner_fee: 19000, repast_status: 1, repast_state: 'Unpaid' });
  });

  it('a delegate may not read the office registration', async () => {
    const refused = await call('GET', `/office/registrations/${paid.owner}`, { token: paid.token, at: EARLY });
    expect([refused.status, refused.body.message]).toEqual([403, officeMessages.organisersOnly]);
  });
});

describe('the registrations export', () => {
  it('has a row per registration: number, names, e-mail, type, review, fee, pay_status, dinners, repast_status, amounts paid, payments', async () => {
    const requested = await call<{ job: JobView }>('POST', '/office/exports', { token: office.token, at: EARLY, json: { kind: 'registrations' } });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    expect(requested.body.message).toBe('The export "Registrations by category" is being prepared. It appears in the list below when it is ready.');
    const id = requested.body.data.job.id;
    const job = await until(
      'export done',
      async () => (await call<{ items: JobView[] }>('GET', '/office/exports', { token: office.token, at: EARLY })).body.data.items.find((j) => j.id === id),
      (j) => j?.state === 'done' || j?.state === 'failed',
      40_000,
    );
    expect(job?.state).toBe('done');
    const link = await call<{ url: string; file_name: string }>('GET', `/office/exports/${id}/download`, { token: office.token, at: EARLY });
    expect(link.status).toBe(200);
    expect(link.body.data.url.startsWith(s3Origin())).toBe(true);
    expect(link.body.data.file_name).toMatch(/^registrations-2019-07-01-\d{4}\.csv$/);
    const text = (await (await fetch(link.body.data.url)).text()).replace(/^\uFEFF/, '');
    // Every cell is quoted (csv-stringify, docs/decisions/0038-bank-files-read-by-libraries.md): read it as Excel does.
    const [header, ...lines] = parse(text, { relax_column_count: true }) as string[][];
    expect(header!.slice(0, 16)).toEqual([
      'register_code',
      'name',
      'first_name',
      'last_name',
      'account_email',
      'regiatration_type',
      'type_name',
      'review_state',
      'currency',
      'register_fee',
      'pay_status',
      'dinner_fee',
      'repast_status',
      'fee_received',
      'dinners_received',
      'amount_refunded',
    ]);
    const line = lines.find((l) => l[0] === paid.code)?.join(',');
    expect(line, text.slice(0, 2000)).toBeDefined();
    expect(line).toContain(`,Grace Hopper,Grace,Hopper,${paid.email},1,`);
    expect(line).toMatch(/,USD,(\d+\.\d\d),Paid,190\.00,Unpaid,\1,0\.00,0\.00,/);
    expect(line).toMatch(/fee card \d+\.\d\d confirmed \d{4}-\d\d-\d\d /);
  }, 60_000);

  it('refuses a kind that is not an export, naming the registrations among the kinds', async () => {
    const bad = await call<{ errors: Record<string, string> }>('POST', '/office/exports', { token: office.token, at: EARLY, json: { kind: 'payments' } });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.kind).toBe('Please choose what to export: orders, fapiao requests, registrations, delegates, abstracts, the review sheet, the review decisions, the abstract book, the badges or the check-ins.');
  });
});
