/**
 * A delegate's own data (issue 17): the export holds the delegate's data and no one else's; the
 * deletion asks for the password, removes uploads (from S3 too), abstracts and unpaid orders,
 * ends every session, releases the address, keeps a paid order anonymised with its payment, and
 * the office sees it in the audit log.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '#core/accounts/accounts';
import { ownDataMessages } from '#core/accounts/own-data';
import type { AuditEntry } from '#core/audit/audit';
import { validAbstract, validOrder } from '../support/bodies';
import { pdfBytes, pptxBytes } from '../support/files';
import { PASSWORD, call, control, db, newDelegate, officeSession, putFile, s3Origin, until, uploadFile } from './support';

/** Before the abstract deadline (abstracts and their PDFs), and registration open (orders, card payments). */
const ABSTRACTS_OPEN = '2024-05-10T02:00:00Z';
const ORDERS_OPEN = '2024-08-01T02:00:00Z';

interface OwnExport {
  account: Record<string, unknown>;
  orders: { id: string; order_no: string; first_name: string; payment_status_name: string }[];
  payments: { subject: { id: string }; state: string }[];
  abstracts: { id: string; title_of_abstract: string }[];
  files: { id: string; name: string; purpose: string; size: number; confirmed: boolean }[];
  mail: { copies_kept: boolean; explanation: string; announcements: string };
  audit_entries: AuditEntry[];
}

const idOf = async (token: string) => (await call<{ id: string }>('GET', '/get_person_info', { token })).body.data.id;
const objectExists = async (key: string) => (await fetch(`${s3Origin()}/congress-uploads/${encodeURI(key)}`)).status === 200;

async function placeOrder(token: string, overrides: Record<string, string | number> = {}) {
  const r = await call<{ id: string; order_no: string }>('POST', '/registration/submission', { token, at: ORDERS_OPEN, json: validOrder(overrides) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

async function payByCard(token: string, orderId: string) {
  const r = await call<{ url: string }>('POST', '/stripe-payment/generate', { token, at: ORDERS_OPEN, json: { id: orderId } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const session = r.body.data.url.split('/').pop()!;
  await control('POST', `/sessions/${session}/pay`, { card: '4242424242424242' });
  await until(
    'order paid',
    () => call<{ items: { id: string; payment_status: number }[] }>('GET', '/registration', { token, at: ORDERS_OPEN }),
    (l) => l.body.data.items.find((i) => i.id === orderId)?.payment_status === 1,
  );
}

const partition = async (userId: string) =>
  (await db().send(new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` }, ConsistentRead: true }))).Items ?? [];

describe('the export', () => {
  it("holds the delegate's profile, orders, abstracts, files and audit entries, and nothing of another delegate", async () => {
    const me = await newDelegate('own-export');
    const other = await newDelegate('own-export-other');
    expect((await call('POST', '/update', { token: me.token, json: { first_name: 'Ada', last_name: 'Lovelace', occupation: 'Registrar', organization: 'Registry', country: 'United Kingdom', mobile: '+44 7700 900123' } })).status).toBe(200);
    const mine = await placeOrder(me.token, { first_name: 'Ada' });
    const theirs = await placeOrder(other.token, { first_name: 'Grace', last_name: 'Hopper' });
    const pdf = await uploadFile(me.token, 'abstract', 'mine.pdf', pdfBytes(3000), ABSTRACTS_OPEN);
    const abstract = await call<{ id: string }>('POST', '/contribute', { token: me.token, at: ABSTRACTS_OPEN, json: validAbstract({ upload_files: [pdf.body.data.id] }) });
    expect(abstract.status).toBe(200);
    const theirPoster = await uploadFile(other.token, 'poster', 'theirs.pptx', pptxBytes());

    const r = await call<OwnExport>('GET', '/account/export', { token: me.token });
    expect(r.status).toBe(200);
    const data = r.body.data;
    expect(data.account).toMatchObject({ email: me.email, first_name: 'Ada', last_name: 'Lovelace', mobile: '+44 7700 900123' });
    expect(data.account).not.toHaveProperty('password_hash');
    expect(data.account).not.toHaveProperty('session_epoch');
    expect(data.orders.map((o) => [o.id, o.order_no, o.payment_status_name])).toEqual([[mine.id, mine.order_no, 'Unpaid']]);
    expect(data.abstracts.map((a) => a.id)).toEqual([abstract.body.data.id]);
    expect(data.files).toEqual([{ id: pdf.body.data.id, name: 'mine.pdf', purpose: 'abstract', size: 3000, confirmed: true, uploaded_at: expect.any(String), abstract_id: abstract.body.data.id }]);
    expect(data.mail).toMatchObject({ copies_kept: false, explanation: ownDataMessages.mailsNotKept, announcements: 'subscribed' });
    expect(data.audit_entries.map((e) => e.action)).toEqual(expect.arrayContaining(['account.created', 'account.activated', 'account.logged_in', 'account.profile_updated', 'abstract.created', 'file.uploaded']));
    const text = JSON.stringify(data);
    for (const foreign of [other.email, theirs.id, theirs.order_no, 'Grace', 'theirs.pptx', theirPoster.body.data.id]) expect(text).not.toContain(foreign);
    expect(text).not.toMatch(/scrypt|api_token/);
  });

  it('needs a session', async () => {
    expect((await call('GET', '/account/export')).status).toBe(401);
  });
});

describe('the deletion', () => {
  it('refuses a wrong or missing password with the field message and changes nothing', async () => {
    const d = await newDelegate('own-wrong');
    const wrong = await call('POST', '/account/delete', { token: d.token, json: { password: 'not the password' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 422, message: ownDataMessages.passwordWrong, data: { errors: { password: ownDataMessages.passwordWrong } } });
    const missing = await call('POST', '/account/delete', { token: d.token, json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.data).toEqual({ errors: { password: 'Please input your current password!' } });
    expect((await call('GET', '/get_person_info', { token: d.token })).status).toBe(200);
  });

  it('refuses __proto__ in the body as every route does, and deletes nothing', async () => {
    const d = await newDelegate('own-proto');
    const body = JSON.parse('{"__proto__":{"password":"x","deleted_at":"now"},"constructor":{"prototype":{"y":1}},"password":"wrong password"}') as unknown;
    const r = await call('POST', '/account/delete', { token: d.token, json: body });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('The request contains a field name that is not allowed: __proto__.');
    expect(({} as Record<string, unknown>).password).toBeUndefined();
    // With the right password beside it, the same: nothing is read from the prototype's fields.
    const right = JSON.parse(`{"__proto__":{"deleted_at":"now"},"password":"${PASSWORD}"}`) as unknown;
    expect((await call('POST', '/account/delete', { token: d.token, json: right })).status).toBe(422);
    expect((await call('GET', '/get_person_info', { token: d.token })).status).toBe(200);
  });

  it("is refused for an organiser's account until the role is revoked", async () => {
    const office = await officeSession('own-organiser');
    const r = await call('POST', '/account/delete', { token: office.token, json: { password: PASSWORD } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ message: ownDataMessages.organiser, data: { reason: 'organiser' } });
    expect((await call('GET', '/get_person_info', { token: office.token })).status).toBe(200);
  });

  it('is refused while a card checkout is open', async () => {
    const d = await newDelegate('own-inflight');
    const order = await placeOrder(d.token);
    expect((await call('POST', '/stripe-payment/generate', { token: d.token, at: ORDERS_OPEN, json: { id: order.id } })).status).toBe(200);
    const r = await call('POST', '/account/delete', { token: d.token, json: { password: PASSWORD } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ message: ownDataMessages.inFlight, data: { reason: 'money_in_flight' } });
    expect((await call('GET', '/get_person_info', { token: d.token })).status).toBe(200);
  });

  it('removes files from S3, abstracts and unpaid orders, ends every session, keeps the paid order anonymised, and is in the audit log', async () => {
    const d = await newDelegate('own-delete');
    const userId = await idOf(d.token);
    const second = (await call<{ api_token: string }>('POST', '/login', { json: { email: d.email, password: PASSWORD } })).body.data.api_token;
    expect((await call('POST', '/update', { token: d.token, json: { first_name: 'Zhang', last_name: 'Wei', occupation: 'Registrar', organization: 'Registry', country: 'China', mobile: '+86 10 1234 5678' } })).status).toBe(200);
    const paid = await placeOrder(d.token, { first_name: 'Zhang', last_name: 'Wei' });
    await payByCard(d.token, paid.id);
    const unpaid = await placeOrder(d.token);
    const pdf = await uploadFile(d.token, 'abstract', 'abstract.pdf', pdfBytes(2000), ABSTRACTS_OPEN);
    const abstract = await call<{ id: string }>('POST', '/contribute', { token: d.token, at: ABSTRACTS_OPEN, json: validAbstract({ upload_files: [pdf.body.data.id] }) });
    expect(abstract.status).toBe(200);
    expect((await uploadFile(d.token, 'poster', 'poster.pptx', pptxBytes())).status).toBe(200);
    const unconfirmed = await putFile(d.token, 'oral', 'slides.pptx', pptxBytes());
    // Documents as the documents module stores them (storage/documents.ts): a receipt (kept as issued) and a visa letter (deleted).
    const documents = [
      { id: `rcpt-${userId}`, kind: 'receipt', number: 'R-2024-99999' },
      { id: `visa-${userId}`, kind: 'visa-letter', number: null },
    ];
    for (const doc of documents) {
      const objectKey = `documents/${userId}/${doc.id}.pdf`;
      await db().send(new PutCommand({ TableName: 'congress', Item: { pk: `USER#${userId}`, sk: `DOC#${doc.id}`, entity: 'document', ...doc, owner_id: userId, subject: { kind: 'order', id: paid.id }, version: 1, issued_at: ORDERS_OPEN, file_name: `${doc.kind}.pdf`, spec: { title: doc.kind, blocks: [] }, replaces: null, refers_to: null, object_key: objectKey, rendered_at: ORDERS_OPEN, replaced_by: null } }));
      expect((await fetch(`${s3Origin()}/congress-uploads/${objectKey}`, { method: 'PUT', body: '%PDF-1.7 test' })).ok).toBe(true);
    }
    const keysBefore = (await partition(userId)).filter((i) => i.entity === 'file').map((i) => i.key as string);
    expect(keysBefore).toHaveLength(2);
    for (const key of [...keysBefore, unconfirmed.key!]) expect(await objectExists(key)).toBe(true);

    const r = await call('POST', '/account/delete', { token: d.token, json: { password: PASSWORD } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ message: ownDataMessages.deleted, data: { files_deleted: 3, abstracts_deleted: 1, orders_deleted: 1, orders_kept_anonymised: [paid.order_no], registration: 'none' } });

    // The card payment's own receipt (issued when it was paid) and the seeded one stay; the letter goes.
    expect(r.body.data).toMatchObject({ documents_deleted: 1, documents_kept: expect.arrayContaining(['R-2024-99999']) });
    expect((r.body.data as { documents_kept: string[] }).documents_kept).toHaveLength(2);
    expect(await objectExists(`documents/${userId}/rcpt-${userId}.pdf`)).toBe(true);
    expect(await objectExists(`documents/${userId}/visa-${userId}.pdf`)).toBe(false);
    // Uploads: gone from S3 and from the table.
    for (const key of [...keysBefore, unconfirmed.key!]) expect(await objectExists(key), key).toBe(false);
    // Every session ended, the password no longer logs in, the address is free again.
    for (const token of [d.token, second]) expect((await call('GET', '/get_person_info', { token })).status).toBe(401);
    const login = await call('POST', '/login', { json: { email: d.email, password: PASSWORD } });
    expect(login.status).toBe(400);
    expect(login.body.message).toBe(accountMessages.loginFailed);
    expect((await db().send(new GetCommand({ TableName: 'congress', Key: { pk: `EMAIL#${d.email}`, sk: 'EMAIL' } }))).Item).toBeUndefined();

    const items = await partition(userId);
    const bySk = (prefix: string) => items.filter((i) => (i.sk as string).startsWith(prefix));
    expect(bySk('FILE#')).toEqual([]);
    expect(bySk('PENDING#')).toEqual([]);
    expect(bySk('ABSTRACT#')).toEqual([]);
    expect(bySk('COUNT#')).toEqual([]);
    const profile = bySk('PROFILE')[0]!;
    expect(profile).toMatchObject({ entity: 'deleted-user', id: userId, email: '', deleted_at: expect.any(String) });
    expect(profile).not.toHaveProperty('password_hash');
    expect(profile).toMatchObject({ first_name: '', last_name: '', mobile: '', organization: '' });
    expect(profile).not.toHaveProperty('gsi3pk');
    // The paid order: kept for accounting, with its payment; its personal fields emptied.
    const orders = bySk('ORDER#');
    expect(orders.map((o) => o.id)).toEqual([paid.id]);
    expect(orders[0]).toMatchObject({ order_no: paid.order_no, payment_status: 1, payment_method: 'card', amount_required: expect.any(Number), paid_at: expect.any(String), first_name: '', last_name: '', owner_email: '', primary_email: '', organization: '', anonymised_at: expect.any(String) });
    // Nothing personal is left but the receipts, which are kept as issued (accounting vouchers).
    const notReceipts = items.filter((i) => i.entity !== 'document');
    expect(JSON.stringify(notReceipts)).not.toMatch(/Zhang|Wei|Registry|1234 5678/);
    expect(JSON.stringify(notReceipts)).not.toContain(d.email);
    expect(bySk('DOC#').map((i) => i.kind)).toEqual(['receipt', 'receipt']);
    expect(bySk('DOC#').map((i) => i.number)).toContain('R-2024-99999');
    const ledger = bySk('LEDGER#');
    expect(ledger.map((i) => [i.entity, i.state, (i.subject as { id: string }).id])).toEqual([['payment', 'confirmed', paid.id]]);
    expect(bySk(`LEDGER#order#${unpaid.id}`)).toEqual([]);

    // The office: the entry in the account's trail, the order's row without the name.
    const office = await officeSession('own-delete-office');
    const trail = await call<{ items: AuditEntry[] }>('GET', `/office/audit/account/${userId}`, { token: office.token });
    expect(trail.status).toBe(200);
    expect(trail.body.data.items[0]).toMatchObject({ action: 'account.deleted', actor: { kind: 'delegate', id: userId }, after: { orders_kept_anonymised: [paid.order_no], files_deleted: 3 } });
    const account = await call<{ deleted_at: string | null; email: string; name: string }>('GET', `/office/delegates/${userId}`, { token: office.token });
    expect(account.status).toBe(200);
    expect(account.body.data).toMatchObject({ email: '', name: '', deleted_at: expect.any(String) });
    expect((await call('POST', `/office/delegates/${userId}/activation_mail`, { token: office.token })).status).toBe(404);
    const orderPage = await call<{ order: Record<string, unknown> }>('GET', `/office/orders/${paid.id}`, { token: office.token });
    expect(orderPage.status).toBe(200);
    expect(orderPage.body.data.order).toMatchObject({ order_no: paid.order_no, first_name: '', owner_email: '' });
    expect((await call('POST', `/office/orders/${paid.id}/mails`, { token: office.token, json: { mail: 'payment-received' } })).status).toBe(409);

    // The office's order search no longer finds it by the name or the address, only by its number.
    const search = async (q: string) => (await call<{ rows: { id: string; first_name: string }[] }>('GET', `/office/orders?${new URLSearchParams({ q })}`, { token: office.token, at: ORDERS_OPEN })).body.data.rows;
    expect((await search('Zhang Wei')).map((o) => o.id)).not.toContain(paid.id);
    expect((await search(d.email)).map((o) => o.id)).not.toContain(paid.id);
    expect(await search(paid.order_no)).toEqual([expect.objectContaining({ id: paid.id, first_name: '' })]);

    // The address can sign up again: a new account, nothing of the old one.
    const again = await newDelegate('own-delete-again', d.email);
    expect(await idOf(again.token)).not.toBe(userId);
    expect((await call<OwnExport>('GET', '/account/export', { token: again.token })).body.data.orders).toEqual([]);

    // The seeded receipt stands for no money of the order: it goes (the reconciliation at the end of npm test checks every order's documents).
    await db().send(new DeleteCommand({ TableName: 'congress', Key: { pk: `USER#${userId}`, sk: `DOC#rcpt-${userId}` } }));
  });
});
