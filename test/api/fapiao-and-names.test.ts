/**
 * Chinese delegates' details on an order (issue 32): a name in Chinese characters beside the
 * Latin one, and a fapiao asked for with its title and taxpayer ID (统一社会信用代码, checked by
 * its check character), changed or withdrawn until the office marks it issued (over the version
 * read, audited); the office lists the paid orders that asked for one; the delegate sees it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '#core/orders/messages';
import { fapiaoMessages } from '#core/orders/fapiao';
import { officeFapiaoMessages } from '#core/office/fapiao';
import { validOrder } from '../support/bodies';
import { call, newDelegate, officeSession } from './support';

const T0 = '2024-08-01T02:00:00Z';
/** A real code (its check character Y..3 is right); the same with another last character is not. */
const CODE = '91350100M000100Y43';
const WRONG_CHECK = '91350100M000100Y44';

type Errors = { errors: Record<string, string> };
type Fapiao = { status: 'none' | 'requested' | 'issued'; fapiao: { title: string; taxpayer_id: string; issued?: { number: string } | null } | null; open: boolean; message: string | null };
type Detail = { order: { updated_at: string; fapiao: Fapiao }; detail: Record<string, unknown> };
type OfficeRow = { id: string; order_no: string; chinese_name: string | null; updated_at: string; fapiao: Fapiao['fapiao'] };

const detail = async (token: string, id: string) => (await call<Detail>('GET', `/registration/submission/${id}`, { token, at: T0 })).body.data;
const request = (token: string, id: string, json: unknown, headers?: Record<string, string>) => call<{ updated_at: string } & Fapiao>('PUT', `/registration/submission/${id}/fapiao`, { token, at: T0, json, headers });
const officeList = async (token: string, status: 'requested' | 'issued') => {
  const rows: OfficeRow[] = [];
  let cursor: string | undefined;
  do {
    const page = await call<{ rows: OfficeRow[]; next: string | null }>('GET', '/office/fapiao', { token, at: T0, query: { status, ...(cursor ? { cursor } : {}) } });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    rows.push(...page.body.data.rows);
    cursor = page.body.data.next ?? undefined;
  } while (cursor);
  return rows;
};

/** The office's fapiao export: asked for, waited for, downloaded (the CSV's text). */
async function fapiaoExport(token: string): Promise<string> {
  const requested = await call<{ job: { id: string } }>('POST', '/office/exports', { token, at: T0, json: { kind: 'fapiao' } });
  expect(requested.status, JSON.stringify(requested.body)).toBe(200);
  const id = requested.body.data.job.id;
  const deadline = Date.now() + 25_000;
  for (;;) {
    const link = await call<{ url: string }>('GET', `/office/exports/${id}/download`, { token, at: T0 });
    if (link.status === 200) return (await (await fetch(link.body.data.url)).text()).replace(/^\uFEFF/, '');
    if (Date.now() > deadline) throw new Error(`the fapiao export is not ready: ${JSON.stringify(link.body)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function placeOrder(token: string, overrides: Record<string, string | number> = {}) {
  const created = await call<{ id: string }>('POST', '/registration/submission', { token, at: T0, json: validOrder(overrides) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.id;
}

let office: Awaited<ReturnType<typeof officeSession>>;
beforeAll(async () => {
  office = await officeSession('fapiao-office', T0);
}, 120_000);

describe('a name in Chinese characters on the order', () => {
  it('is kept family name and given name, without spaces; both or neither; Chinese characters only', async () => {
    const d = await newDelegate('chinese-name');
    const id = await placeOrder(d.token, { first_name: 'Xiaoming', last_name: 'Wang', family_name_in_chinese: '王', given_name_in_chinese: '小 明' });
    const { detail: form } = await detail(d.token, id);
    expect([form.family_name_in_chinese, form.given_name_in_chinese]).toEqual(['王', '小明']);

    const half = await call<Errors>('POST', '/registration/submission', { token: d.token, at: T0, json: validOrder({ family_name_in_chinese: '王' }) });
    expect([half.status, half.body.data.errors.given_name_in_chinese]).toEqual([422, orderMessages.chineseNameBoth]);
    const latin = await call<Errors>('POST', '/registration/submission', { token: d.token, at: T0, json: validOrder({ family_name_in_chinese: 'Wang', given_name_in_chinese: '小明' }) });
    expect([latin.status, latin.body.data.errors.family_name_in_chinese]).toEqual([422, orderMessages.chineseName]);
    // Without the fields (the spec's client) the order is taken as before.
    expect((await call('POST', '/registration/submission', { token: d.token, at: T0, json: validOrder() })).status).toBe(200);
  });
});

describe('a fapiao asked for on the order', () => {
  it('checks the title and the code (its check character), in the request\'s language', async () => {
    const d = await newDelegate('fapiao-rules');
    const id = await placeOrder(d.token);
    const { order } = await detail(d.token, id);
    expect(order.fapiao).toEqual({ status: 'none', fapiao: null, open: true, message: null });

    const empty = await request(d.token, id, { title: ' ', taxpayer_id: '', version: order.updated_at });
    expect(empty.status).toBe(422);
    expect((empty.body.data as unknown as Errors).errors).toEqual({ title: orderMessages.fapiaoTitle, taxpayer_id: orderMessages.fapiaoTaxpayerId });
    const wrong = await request(d.token, id, { title: '国家癌症中心', taxpayer_id: WRONG_CHECK, version: order.updated_at });
    expect([wrong.status, (wrong.body.data as unknown as Errors).errors.taxpayer_id]).toEqual([422, orderMessages.fapiaoTaxpayerIdCheck]);
    const short = await request(d.token, id, { title: '国家癌症中心', taxpayer_id: '91350100M0001', version: order.updated_at });
    expect((short.body.data as unknown as Errors).errors.taxpayer_id).toBe(orderMessages.fapiaoTaxpayerIdCheck);
    const inChinese = await request(d.token, id, { title: '国家癌症中心', taxpayer_id: WRONG_CHECK, version: order.updated_at }, { 'x-language': 'zh-Hans' });
    expect((inChinese.body.data as unknown as Errors).errors.taxpayer_id).toBe('该统一社会信用代码无效：请从营业执照上重新抄录（最后一位为校验码）。');

    const stale = await request(d.token, id, { title: '国家癌症中心', taxpayer_id: CODE, version: '2024-01-01T00:00:00.000Z' });
    expect([stale.status, stale.body.message]).toEqual([409, fapiaoMessages.stale]);

    // Written as people copy it (small letters, spaces): kept as printed.
    const saved = await request(d.token, id, { title: '国家癌症中心', taxpayer_id: '9135 0100 m000 100y43', version: order.updated_at });
    expect([saved.status, saved.body.message]).toEqual([200, fapiaoMessages.requested]);
    const after = (await detail(d.token, id)).order;
    expect(after.fapiao.status).toBe('requested');
    expect(after.fapiao.fapiao).toMatchObject({ title: '国家癌症中心', taxpayer_id: CODE });
    expect(after.updated_at).not.toBe(order.updated_at);

    // Another delegate's order: not found, as if it did not exist.
    const other = await newDelegate('fapiao-other');
    expect((await request(other.token, id, { title: 'x', taxpayer_id: CODE, version: after.updated_at })).status).toBe(404);
  });

  it('reaches the office once paid; marked issued with its number (audited) it is fixed for the delegate; a mark taken back opens it again', async () => {
    const d = await newDelegate('fapiao-flow');
    const id = await placeOrder(d.token, { first_name: 'Xiaoming', last_name: 'Wang', family_name_in_chinese: '王', given_name_in_chinese: '小明' });
    let { order } = await detail(d.token, id);
    expect((await request(d.token, id, { title: '北京大学肿瘤医院', taxpayer_id: CODE, version: order.updated_at })).status).toBe(200);
    // Unpaid: not in the office's list yet.
    expect((await officeList(office.token, 'requested')).some((r) => r.id === id)).toBe(false);

    const { reference } = (await call<{ order: { reference: string } }>('GET', `/registration/submission/${id}`, { token: d.token, at: T0 })).body.data.order;
    expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
    expect((await call('POST', `/office/transfers/${reference}/received`, { token: office.token, at: T0, json: { amount: '650.00' } })).status).toBe(200);

    const row = (await officeList(office.token, 'requested')).find((r) => r.id === id)!;
    expect(row).toMatchObject({ chinese_name: '王小明', fapiao: { title: '北京大学肿瘤医院', taxpayer_id: CODE } });

    // Organisers only.
    expect((await call('GET', '/office/fapiao', { token: d.token, at: T0 })).status).toBe(403);
    expect((await call('POST', `/office/orders/${id}/fapiao`, { token: d.token, at: T0, json: { issued: true, number: '1', version: row.updated_at } })).status).toBe(403);

    const noNumber = await call<Errors>('POST', `/office/orders/${id}/fapiao`, { token: office.token, at: T0, json: { issued: true, number: '', version: row.updated_at } });
    expect([noNumber.status, noNumber.body.data.errors.number]).toEqual([422, officeFapiaoMessages.number]);
    const stale = await call('POST', `/office/orders/${id}/fapiao`, { token: office.token, at: T0, json: { issued: true, number: '24110000001', version: '2024-01-01T00:00:00.000Z' } });
    expect([stale.status, stale.body.message]).toEqual([409, officeFapiaoMessages.stale]);
    const issued = await call<{ version: string }>('POST', `/office/orders/${id}/fapiao`, { token: office.token, at: T0, json: { issued: true, number: '24110000001', version: row.updated_at } });
    expect([issued.status, issued.body.message]).toEqual([200, officeFapiaoMessages.issued]);
    const again = await call('POST', `/office/orders/${id}/fapiao`, { token: office.token, at: T0, json: { issued: true, number: '24110000002', version: issued.body.data.version } });
    expect([again.status, again.body.message]).toEqual([409, officeFapiaoMessages.alreadyIssued]);

    expect((await officeList(office.token, 'requested')).some((r) => r.id === id)).toBe(false);
    expect((await officeList(office.token, 'issued')).find((r) => r.id === id)?.fapiao?.issued?.number).toBe('24110000001');

    ({ order } = await detail(d.token, id));
    expect(order.fapiao).toMatchObject({ status: 'issued', open: false, message: fapiaoMessages.issued });
    const change = await request(d.token, id, { title: '别的单位', taxpayer_id: CODE, version: order.updated_at });
    expect([change.status, change.body.message]).toEqual([409, fapiaoMessages.issued]);
    const withdraw = await call('DELETE', `/registration/submission/${id}/fapiao`, { token: d.token, at: T0, json: { version: order.updated_at } });
    expect([withdraw.status, withdraw.body.message]).toEqual([409, fapiaoMessages.issued]);

    // The audit trail names who did what.
    const trail = (await call<{ audit: { action: string; actor: { email?: string } }[] }>('GET', `/office/orders/${id}`, { token: office.token, at: T0 })).body.data.audit;
    expect(trail.map((a) => a.action)).toEqual(expect.arrayContaining(['order.fapiao_requested', 'order.fapiao_issued']));
    expect(trail.find((a) => a.action === 'order.fapiao_issued')?.actor.email).toBe(office.email);

    // The finance office's file: the order with its title, code, name in both scripts and number.
    const csv = await fapiaoExport(office.token);
    const line = csv.split('\n').find((l) => l.includes(row.order_no))!;
    expect(line).toContain('北京大学肿瘤医院');
    expect(line).toContain(CODE);
    expect(line).toContain('王小明');
    expect(line).toContain('24110000001');
    expect(csv.split('\n')[0]).toContain('taxpayer_id');

    const takeBack = await call('POST', `/office/orders/${id}/fapiao`, { token: office.token, at: T0, json: { issued: false, version: issued.body.data.version } });
    expect([takeBack.status, takeBack.body.message]).toEqual([200, officeFapiaoMessages.unmarked]);
    ({ order } = await detail(d.token, id));
    expect(order.fapiao).toMatchObject({ status: 'requested', open: true });
    const withdrawn = await call('DELETE', `/registration/submission/${id}/fapiao`, { token: d.token, at: T0, json: { version: order.updated_at } });
    expect([withdrawn.status, withdrawn.body.message]).toEqual([200, fapiaoMessages.withdrawn]);
    expect((await detail(d.token, id)).order.fapiao.status).toBe('none');
    expect((await officeList(office.token, 'requested')).some((r) => r.id === id)).toBe(false);
  }, 90_000);
});

describe('a name in Chinese characters on the profile', () => {
  it('is kept and given back with the user info; both or neither', async () => {
    const d = await newDelegate('profile-chinese');
    const profile = { first_name: 'Xiaoming', last_name: 'Wang', occupation: 'Registrar', organization: 'NCC', country: 'China', mobile: '+86 10 1234 5678' };
    const half = await call<Errors>('POST', '/update', { token: d.token, at: T0, json: { ...profile, given_name_in_chinese: '小明' } });
    expect([half.status, half.body.data.errors.family_name_in_chinese]).toEqual([422, orderMessages.chineseNameBoth]);
    const saved = await call<{ family_name_in_chinese: string; given_name_in_chinese: string }>('POST', '/update', { token: d.token, at: T0, json: { ...profile, family_name_in_chinese: '王', given_name_in_chinese: '小 明' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const info = (await call<{ family_name_in_chinese: string; given_name_in_chinese: string }>('GET', '/get_person_info', { token: d.token, at: T0 })).body.data;
    expect([info.family_name_in_chinese, info.given_name_in_chinese]).toEqual(['王', '小明']);
  });
});
