/**
 * The office's delegates, abstracts and audit log: who may read them, paging, the searches (whole
 * e-mail, name prefix), one delegate with their orders, abstracts and files, the activation mail
 * sent again, and the audit entries every change of a delegate's own writes.
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#core/audit/audit';
import { delegateMessages, type DelegateRow, type OfficeDelegate } from '#core/office/delegates';
import { officeAbstractMessages, type OfficeAbstract, type OfficeAbstractRow } from '#core/office/abstract-list';
import { officeMessages } from '#core/office/access';
import { searchMessages } from '#core/office/search';
import { accountMessages } from '#core/accounts/accounts';
import { validAbstract, validOrder } from '../support/bodies';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nameKeys } from '#core/accounts/name-key';
import { newUser } from '#core/accounts/model';
import { keys } from '../../functions/storage/keys';
import { pdfBytes, pptxBytes } from '../support/files';
import { PASSWORD, backfillCommand, call, countSeeded, dynamoOrigin, mailedToken, mailsTo, newClient, newDelegate, officeSession, organiserCommand, uniqueEmail, uploadFile, moneyEventsFollowed, userIdOf } from './support';

/** Sign-ups far in the future, so that they are the newest accounts of the run. */
const FUTURE = Date.UTC(2090, 0, 1) + Math.floor(Math.random() * 1e9) * 1000;
const future = (seconds: number) => new Date(FUTURE + seconds * 1000).toISOString();
/** Abstracts are open until 16 May 2024 24:00 CST; `open(n)` is n seconds into its last hour. */
const ABSTRACTS_OPEN = '2024-05-16T15:00:00Z';
const open = (n: number) => `2024-05-16T15:00:${String(n).padStart(2, '0')}Z`;
/** Registration is open. */
const ORDERS_OPEN = '2024-08-01T02:00:00Z';

const later = (at: string, seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();

/** A delegate signed up at `at` (and, unless told, activated a second and logged in two seconds later). */
async function delegateAt(at: string, tag: string, options: { activate?: boolean } = {}) {
  const email = uniqueEmail(tag);
  const client = newClient();
  expect((await call('POST', '/email_register', { json: { email, password: PASSWORD, confirm: PASSWORD }, client, at })).status).toBe(200);
  if (options.activate === false) return { email, token: '' };
  expect((await call('POST', '/activate', { json: { token: await mailedToken(email, 'activate') }, client, at: later(at, 1) })).status).toBe(200);
  const login = await call<{ api_token: string; id: string }>('POST', '/login', { json: { email, password: PASSWORD }, client, at: later(at, 2) });
  return { email, token: login.body.data.api_token, id: login.body.data.id };
}

const idOf = async (token: string) => (await call<{ id: string }>('GET', '/get_person_info', { token })).body.data.id;
const trail = async (office: string, type: string, id: string) => (await call<{ items: AuditEntry[] }>('GET', `/office/audit/${type}/${id}`, { token: office })).body.data.items;
const actions = (entries: AuditEntry[]) => entries.map((e) => e.action);


const db = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamoOrigin(), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));

/** `n` accounts written straight into the table as sign-up writes them (a page's worth takes a moment, not minutes of password hashing). */
async function seedAccounts(n: number, at: (i: number) => string) {
  const items = Array.from({ length: n }, (_, i) => {
    const user = newUser({ id: `seed-${FUTURE}-${i}`, email: uniqueEmail(`seed${i}`), password_hash: 'x', now: new Date(at(i)) });
    return { ...keys.user(user.id), entity: 'user', ...keys.accountsBySignUp(user.created_at, user.id), ...user };
  });
  for (let i = 0; i < items.length; i += 25) {
    await db().send(new BatchWriteCommand({ RequestItems: { congress: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
  await countSeeded(items.map((item) => ['user', item]));
}

describe('who may read the office lists', () => {
  const newRoutes: [string, string][] = [
    ['GET', '/office/delegates'],
    ['GET', '/office/delegates/abc'],
    ['POST', '/office/delegates/abc/activation_mail'],
    ['GET', '/office/abstracts?category=registration.coding'],
    ['GET', '/office/abstracts/abc/def'],
    ['GET', '/office/audit'],
    ['GET', '/office/audit/account/abc'],
  ];

  it('refuses anonymous (401), delegates (403) and organisers without the second factor (403 with what to do), on every new route', async () => {
    const delegate = await newDelegate('people-not-office');
    const o = await newDelegate('people-no-factor');
    await organiserCommand('grant', o.email);
    for (const [method, target] of newRoutes) {
      const [path, search] = target.split('?');
      const query = Object.fromEntries(new URLSearchParams(search ?? ''));
      const anonymous = await call(method, path!, { query });
      expect([target, anonymous.status]).toEqual([target, 401]);
      const asDelegate = await call(method, path!, { query, token: delegate.token });
      expect([target, asDelegate.status, asDelegate.body.message]).toEqual([target, 403, officeMessages.organisersOnly]);
      const noFactor = await call(method, path!, { query, token: o.token });
      expect([target, noFactor.status, noFactor.body.data]).toEqual([target, 403, { second_factor: 'enrol' }]);
    }
  });

  it('has no route that changes or deletes an audit entry', async () => {
    const office = await officeSession('people-readonly');
    for (const method of ['PUT', 'POST', 'DELETE']) {
      expect((await call(method, '/office/audit/account/abc', { token: office.token, json: {} })).status).toBe(404);
    }
  });
});

describe('the delegates list', () => {
  it('pages every account newest first, 25 a page, and the next page continues without repeats', async () => {
    const office = await officeSession('people-list');
    await seedAccounts(30, (i) => future(i - 100));
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await delegateAt(future(i * 10), `people-page-${i}`));
    const first = await call<{ items: DelegateRow[]; cursor: string | null }>('GET', '/office/delegates', { token: office.token });
    expect(first.status).toBe(200);
    expect(first.body.data.items).toHaveLength(25);
    expect(first.body.data.items.slice(0, 3).map((r) => r.email)).toEqual(made.map((m) => m.email).reverse());
    const row = first.body.data.items[0]!;
    expect(row).toMatchObject({ activated: true, created_at: future(20), last_login_at: future(22), country: '', name: '' });
    const created = first.body.data.items.map((r) => r.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    const second = await call<{ items: DelegateRow[]; cursor: string | null }>('GET', '/office/delegates', { token: office.token, query: { cursor: first.body.data.cursor! } });
    expect(second.body.data.items.length).toBeGreaterThan(0);
    const seen = new Set(first.body.data.items.map((r) => r.id));
    expect(second.body.data.items.filter((r) => seen.has(r.id))).toEqual([]);
    expect(second.body.data.items[0]!.created_at <= created[created.length - 1]!).toBe(true);

    const forged = await call('GET', '/office/delegates', { token: office.token, query: { cursor: 'not-a-link' } });
    expect([forged.status, forged.body.message]).toEqual([422, searchMessages.badCursor]);
  });

  it('finds one account by its whole e-mail address, in any case', async () => {
    const office = await officeSession('people-email');
    const d = await newDelegate('people-by-mail');
    const found = await call<{ items: DelegateRow[]; cursor: null }>('GET', '/office/delegates', { token: office.token, query: { q: `  ${d.email.toUpperCase()} ` } });
    expect(found.body.data.items.map((r) => r.email)).toEqual([d.email]);
    expect(found.body.data.cursor).toBeNull();
    const none = await call<{ items: DelegateRow[] }>('GET', '/office/delegates', { token: office.token, query: { q: uniqueEmail('nobody') } });
    expect(none.body.data.items).toEqual([]);
  });

  it('finds accounts by the start of a name, given or family name first, without accents or case; a changed name is found under the new one only', async () => {
    const office = await officeSession('people-name');
    const family = `Núñez${Math.random().toString(36).slice(2, 8)}`;
    const plain = family.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    const d = await newDelegate('people-by-name');
    const profile = { first_name: 'José', last_name: family, occupation: 'Registrar', organization: 'Registry', country: 'Peru', mobile: '+51 1 000 0000' };
    expect((await call('POST', '/update', { token: d.token, json: profile })).status).toBe(200);
    const search = (q: string) => call<{ items: DelegateRow[] }>('GET', '/office/delegates', { token: office.token, query: { q } });

    expect((await search(plain.slice(0, 8))).body.data.items.map((r) => r.email)).toEqual([d.email]);
    expect((await search(`  ${plain.toUpperCase()}   JOS`)).body.data.items.map((r) => r.email)).toEqual([d.email]);
    expect((await search(`jose ${plain}`)).body.data.items.map((r) => r.name)).toEqual([`José ${family}`]);
    const refused = await search(' -- ');
    expect([refused.status, refused.body.message]).toEqual([422, searchMessages.nameTooShort]);

    expect((await call('POST', '/update', { token: d.token, json: { ...profile, last_name: `${family}x`.replace('Núñez', 'Ortega') } })).status).toBe(200);
    expect((await search(plain)).body.data.items).toEqual([]);
    expect((await search(`ortega${plain.slice(5)}`)).body.data.items.map((r) => r.email)).toEqual([d.email]);
  });

  it('finds a Chinese name as it is written, family name and given name together', async () => {
    const office = await officeSession('people-cjk');
    const given = `伟${String.fromCodePoint(0x4e00 + Math.floor(Math.random() * 20000))}`;
    const d = await newDelegate('people-cjk');
    await call('POST', '/update', { token: d.token, json: { first_name: given, last_name: '欧阳', occupation: 'Registrar', organization: 'Registry', country: 'China', mobile: '+86 10 0000 0000' } });
    const found = await call<{ items: DelegateRow[] }>('GET', '/office/delegates', { token: office.token, query: { q: `欧阳${given}` } });
    expect(found.body.data.items.map((r) => r.email)).toEqual([d.email]);
  });
});

describe('an account named only in its orders', () => {
  const delegates = (office: string, q: string) => call<{ items: DelegateRow[] }>('GET', '/office/delegates', { token: office, query: { q } });

  it('is listed and found by the name given in its order while the profile has none, as the Orders search finds the order; an edited name moves, a deleted order takes it away', async () => {
    const office = await officeSession('people-order-name');
    const d = await newDelegate('people-order-name');
    const id = await idOf(d.token);
    const family = `Ordername${Math.random().toString(36).slice(2, 8)}`;
    const created = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: ORDERS_OPEN, json: validOrder({ first_name: 'Ziyan', last_name: family }) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    // The Orders search finds the order by its name...
    const orders = await call<{ rows: { id: string }[] }>('GET', '/office/orders', { token: office.token, query: { q: family.toLowerCase() } });
    expect(orders.body.data.rows.map((o) => o.id)).toEqual([created.body.data.id]);
    // ... and the Delegates search the account, both ways round, with the name shown (said to come from an order).
    for (const q of [family.slice(0, 12).toLowerCase(), `ziyan ${family.slice(0, 10)}`, `${family} Ziyan`]) {
      expect((await delegates(office.token, q)).body.data.items.map((r) => [r.id, r.name, r.name_source]), q).toEqual([[id, `Ziyan ${family}`, 'order']]);
    }
    expect((await delegates(office.token, d.email)).body.data.items.map((r) => r.name)).toEqual([`Ziyan ${family}`]);
    const one = await call<OfficeDelegate>('GET', `/office/delegates/${id}`, { token: office.token });
    expect([one.body.data.name, one.body.data.name_source]).toEqual([`Ziyan ${family}`, 'order']);

    // The delegate corrects the name in the order: found under the new one only.
    const renamed = `${family}x`;
    const edit = await call('POST', `/registration/submission/${created.body.data.id}`, { token: d.token, at: ORDERS_OPEN, json: { ...validOrder({ first_name: 'Ziyan', last_name: renamed }), _method: 'PUT' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await delegates(office.token, renamed)).body.data.items.map((r) => [r.id, r.name])).toEqual([[id, `Ziyan ${renamed}`]]);
    expect((await delegates(office.token, `ziyan ${family}`)).body.data.items.map((r) => r.name)).toEqual([`Ziyan ${renamed}`]);
    expect((await delegates(office.token, `${family} ziyan`)).body.data.items).toEqual([]);

    // A profile name is shown first; the order's name still finds the account.
    expect((await call('POST', '/update', { token: d.token, json: { first_name: 'Zi', last_name: 'Profilename', occupation: 'Registrar', organization: 'Registry', country: 'China', mobile: '+86 10 0000 0000' } })).status).toBe(200);
    expect((await delegates(office.token, renamed)).body.data.items.map((r) => [r.name, r.name_source])).toEqual([['Zi Profilename', 'profile']]);

    // The order deleted (unpaid): its name no longer finds the account.
    expect((await call('DELETE', `/registration/submission/${created.body.data.id}`, { token: d.token, at: ORDERS_OPEN })).status).toBe(200);
    expect((await delegates(office.token, renamed)).body.data.items).toEqual([]);
  });
});

describe('one delegate', () => {
  it('shows the account with its order, abstract, files (download links) and audit trail; another id is 404', async () => {
    const office = await officeSession('people-detail');
    const d = await newDelegate('people-detail');
    const id = await idOf(d.token);
    const order = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: ORDERS_OPEN, json: validOrder() });
    expect(order.status).toBe(200);
    const pdf = await uploadFile(d.token, 'abstract', 'liver.pdf', pdfBytes(2000), open(5));
    const abstract = await call<{ id: string }>('POST', '/contribute', { token: d.token, at: ABSTRACTS_OPEN, json: validAbstract({ upload_files: [pdf.body.data.id] }) });
    expect(abstract.status).toBe(200);
    const poster = await uploadFile(d.token, 'poster', 'poster.pptx', pptxBytes());
    expect(poster.status).toBe(200);

    const r = await call<OfficeDelegate>('GET', `/office/delegates/${id}`, { token: office.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id, email: d.email, activated: true });
    expect(r.body.data.orders).toEqual([expect.objectContaining({ id: order.body.data.id, status_name: 'Unpaid', payment_status: 0 })]);
    expect(r.body.data.abstracts.map((a) => a.id)).toEqual([abstract.body.data.id]);
    expect(r.body.data.files.map((f) => [f.purpose, f.name, f.abstract_id])).toEqual([
      ['abstract', 'liver.pdf', abstract.body.data.id],
      ['poster', 'poster.pptx', null],
    ]);
    const download = await fetch(r.body.data.files[0]!.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(new URL(r.body.data.files[0]!.url).searchParams.get('X-Amz-Expires')).toBe('300');
    expect(actions(r.body.data.activity)).toEqual(expect.arrayContaining(['account.created', 'account.activated', 'account.logged_in', 'abstract.created', 'file.uploaded', 'file.attached']));

    const missing = await call('GET', '/office/delegates/no-such-account', { token: office.token });
    expect([missing.status, missing.body.message]).toEqual([404, delegateMessages.notFound]);
  });

  it('sends the activation mail again for an account not activated (audited as the organiser), and refuses an active one', async () => {
    const office = await officeSession('people-resend');
    // Signed up five minutes ago: the one-a-minute limit of activation mails lets the office send one now.
    const waiting = await delegateAt(new Date(Date.now() - 300_000).toISOString(), 'people-waiting', { activate: false });
    const found = await call<{ items: DelegateRow[] }>('GET', '/office/delegates', { token: office.token, query: { q: waiting.email } });
    const row = found.body.data.items[0]!;
    expect(row.activated).toBe(false);

    const sent = await call('POST', `/office/delegates/${row.id}/activation_mail`, { token: office.token });
    expect([sent.status, sent.body.message]).toEqual([200, delegateMessages.activationResent]);
    expect((await mailsTo(waiting.email)).length).toBe(2);
    const again = await call('POST', `/office/delegates/${row.id}/activation_mail`, { token: office.token });
    expect([again.status, again.body.message]).toEqual([429, accountMessages.mailCooldown]);
    const entries = await trail(office.token, 'account', row.id);
    expect(entries.find((e) => e.action === 'account.activation_mail_resent')).toMatchObject({ actor: { kind: 'organiser', email: office.email }, after: { email: waiting.email } });

    const active = await newDelegate('people-active');
    const activeId = await idOf(active.token);
    const refused = await call('POST', `/office/delegates/${activeId}/activation_mail`, { token: office.token });
    expect([refused.status, refused.body.message]).toEqual([409, delegateMessages.alreadyActive]);
    const unknown = await call('POST', '/office/delegates/nobody/activation_mail', { token: office.token });
    expect(unknown.status).toBe(404);
  });
});

describe('the audit entries of a delegate\'s own changes', () => {
  it('records sign-up, activation, logins (last_login_at), profile changes (changed fields only), password change', async () => {
    const office = await officeSession('people-audit');
    const d = await newDelegate('people-audited');
    const id = await idOf(d.token);
    await call('POST', '/update', { token: d.token, json: { first_name: 'Ada', occupation: 'Registrar', organization: 'Registry', country: 'Chile', mobile: '+56 2 0000 0000' } });
    expect((await call('POST', '/change_password', { token: d.token, json: { current_password: PASSWORD, new_password: 'another good passphrase', confirm_password: 'another good passphrase' } })).status).toBe(200);
    const entries = await trail(office.token, 'account', id);
    expect(actions(entries).reverse()).toEqual(['account.created', 'account.activated', 'account.logged_in', 'account.profile_updated', 'account.password_changed']);
    for (const e of entries) expect(e.actor).toEqual({ kind: 'delegate', id, email: d.email });
    const profile = entries.find((e) => e.action === 'account.profile_updated')!;
    expect(profile.before).toEqual({ first_name: '', occupation: '', organization: '', country: '', mobile: '', status: 1 });
    expect(profile.after).toEqual({ first_name: 'Ada', occupation: 'Registrar', organization: 'Registry', country: 'Chile', mobile: '+56 2 0000 0000', status: 2 });
    expect(JSON.stringify(entries)).not.toMatch(/password_hash|scrypt/);
  });

  it('records abstracts created, updated and deleted, their files attached, and posters and slides uploaded and deleted', async () => {
    const office = await officeSession('people-audit-files');
    const d = await newDelegate('people-files');
    const pdf = await uploadFile(d.token, 'abstract', 'a.pdf', pdfBytes(1000), open(1));
    const created = await call<{ id: string }>('POST', '/contribute', { token: d.token, at: open(2), json: validAbstract() });
    const id = created.body.data.id;
    expect((await call('PUT', `/contribute/${id}`, { token: d.token, at: open(3), json: validAbstract({ title_of_abstract: 'A NEW TITLE', upload_files: [pdf.body.data.id] }) })).status).toBe(200);
    expect((await call('DELETE', `/contribute/${id}`, { token: d.token, at: open(4) })).status).toBe(200);
    const abstractTrail = await trail(office.token, 'abstract', id);
    expect(actions(abstractTrail).reverse()).toEqual(['abstract.created', 'abstract.updated', 'abstract.deleted']);
    const updated = abstractTrail.find((e) => e.action === 'abstract.updated')!;
    expect(updated.before).toMatchObject({ title_of_abstract: validAbstract().title_of_abstract, upload_files: [] });
    expect(updated.after).toMatchObject({ title_of_abstract: 'A NEW TITLE', upload_files: [pdf.body.data.id] });
    expect(actions(await trail(office.token, 'file', pdf.body.data.id)).reverse()).toEqual(['file.uploaded', 'file.attached', 'file.deleted']);

    for (const purpose of ['poster', 'oral'] as const) {
      const file = await uploadFile(d.token, purpose, `${purpose}.pptx`, pptxBytes());
      expect(file.status).toBe(200);
      expect((await call('DELETE', `/${purpose}/upload/${file.body.data.id}`, { token: d.token })).status).toBe(200);
      const entries = await trail(office.token, 'file', file.body.data.id);
      expect(actions(entries).reverse()).toEqual(['file.uploaded', 'file.deleted']);
      expect(entries[0]!.before).toMatchObject({ purpose });
    }
  });
});

describe('accounts and abstracts written before the office lists', () => {
  it('are listed and found after the backfill, which writes nothing new when run again', async () => {
    const office = await officeSession('people-backfill');
    const family = `Backfill${Math.random().toString(36).slice(2, 8)}`;
    const user = { ...newUser({ id: `old-${FUTURE}`, email: uniqueEmail('old'), password_hash: 'x', now: new Date(future(-5000)) }), status: 2 as const, first_name: 'Old', last_name: family };
    const abstract = { ...validAbstract({ abstract_category: 'registration.lmic' }), id: `old-abstract-${FUTURE}`, owner_id: user.id, created_at: '2024-05-16T15:59:00.000Z', updated_at: '2024-05-16T15:59:00.000Z' };
    await db().send(new BatchWriteCommand({ RequestItems: { congress: [
      { PutRequest: { Item: { ...keys.user(user.id), entity: 'user', ...user } } },
      { PutRequest: { Item: { ...keys.abstract(user.id, abstract.id), entity: 'abstract', ...abstract } } },
    ] } }));
    // Records from before the lists, not from before the counters (npm run office -- counters --write is for those).
    await countSeeded([['user', user], ['abstract', abstract]]);
    const search = () => call<{ items: DelegateRow[] }>('GET', '/office/delegates', { token: office.token, query: { q: `${family} old` } });
    expect((await search()).body.data.items).toEqual([]);

    // An account with an order, from before accounts kept the names given in their orders: no order_names, no keys for them.
    const named = await newDelegate('people-backfill-order');
    const namedId = await idOf(named.token);
    const orderFamily = `Backorder${Math.random().toString(36).slice(2, 8)}`;
    expect((await call('POST', '/registration/submission', { token: named.token, at: ORDERS_OPEN, json: validOrder({ first_name: 'Lan', last_name: orderFamily }) })).status).toBe(200);
    await db().send(new UpdateCommand({ TableName: 'congress', Key: keys.user(namedId), UpdateExpression: 'REMOVE order_names, order_names_v' }));
    for (const k of nameKeys({ first_name: 'Lan', last_name: orderFamily })) await db().send(new DeleteCommand({ TableName: 'congress', Key: keys.nameKey(k, namedId) }));
    const byOrderName = () => call<{ items: DelegateRow[] }>('GET', '/office/delegates', { token: office.token, query: { q: orderFamily } });
    expect((await byOrderName()).body.data.items).toEqual([]);

    const first = await backfillCommand();
    expect(first).toMatchObject({
      code: 0,
      output: expect.stringMatching(
        /^Listed [1-9]\d* account\(s\) \(\d+ name key\(s\)\), [1-9]\d* abstract\(s\) and \d+ money-list item\(s\) for the office; [1-9]\d* account\(s\) took the names given in their orders; \d+ paid order\(s\) gave their tickets to the doors\.$/,
      ),
    });
    expect((await search()).body.data.items.map((r) => r.id)).toEqual([user.id]);
    expect((await byOrderName()).body.data.items.map((r) => [r.id, r.name, r.name_source])).toEqual([[namedId, `Lan ${orderFamily}`, 'order']]);
    const list = await call<{ items: OfficeAbstractRow[] }>('GET', '/office/abstracts', { token: office.token, query: { category: 'registration.lmic' } });
    expect(list.body.data.items.map((a) => a.id)).toContain(abstract.id);
    expect((await backfillCommand()).output).toBe('Listed 0 account(s) (0 name key(s)), 0 abstract(s) and 0 money-list item(s) for the office; 0 account(s) took the names given in their orders; 0 paid order(s) gave their tickets to the doors.');
  });
});

describe('the abstracts of a category', () => {
  it('lists a category newest first with the author, opens one with its PDF and the author\'s poster; an unknown category is refused', async () => {
    const office = await officeSession('people-abstracts');
    const d = await newDelegate('people-abstract-author');
    await call('POST', '/update', { token: d.token, json: { first_name: 'Mei', last_name: 'Lin', occupation: 'Registrar', organization: 'Registry', country: 'China', mobile: '+86 10 0000 0000' } });
    const pdf = await uploadFile(d.token, 'abstract', 'governance.pdf', pdfBytes(1500), ABSTRACTS_OPEN);
    const created = await call<{ id: string }>('POST', '/contribute', { token: d.token, at: ABSTRACTS_OPEN, json: validAbstract({ abstract_category: 'registration.governance', upload_files: [pdf.body.data.id] }) });
    await uploadFile(d.token, 'poster', 'poster.pptx', pptxBytes());
    const list = await call<{ items: OfficeAbstractRow[]; cursor: string | null }>('GET', '/office/abstracts', { token: office.token, query: { category: 'registration.governance' } });
    expect(list.status).toBe(200);
    const row = list.body.data.items.find((a) => a.id === created.body.data.id)!;
    expect(row).toMatchObject({ author: 'Mei Lin', author_email: d.email, files: 1, abstract_category_name: expect.stringMatching(/governance/i) });

    const detail = await call<OfficeAbstract>('GET', `/office/abstracts/${row.owner_id}/${row.id}`, { token: office.token });
    expect(detail.body.data.pdfs.map((f) => f.name)).toEqual(['governance.pdf']);
    expect(detail.body.data.presentations.map((f) => [f.purpose, f.name])).toEqual([['poster', 'poster.pptx']]);
    expect((await fetch(detail.body.data.pdfs[0]!.url)).status).toBe(200);
    expect(actions(detail.body.data.activity)).toEqual(expect.arrayContaining(['abstract.created', 'file.uploaded', 'file.attached']));

    const unknown = await call('GET', '/office/abstracts', { token: office.token, query: { category: 'nonsense' } });
    expect([unknown.status, unknown.body.message]).toEqual([422, officeAbstractMessages.unknownCategory]);
    const gone = await call('GET', `/office/abstracts/${row.owner_id}/nope`, { token: office.token });
    expect([gone.status, gone.body.message]).toEqual([404, officeAbstractMessages.notFound]);
  });
});

describe('the audit log', () => {
  it('reads one CST day newest first, filtered by the start of the action and by the actor, and pages', async () => {
    const office = await officeSession('people-log');
    // 2090-..: 23:30 UTC is the next CST day; 15:30 UTC the same CST day.
    const day = new Date(FUTURE + 5 * 86_400_000).toISOString().slice(0, 10);
    const d1 = await delegateAt(`${day}T01:00:00.000Z`, 'people-log-1');
    await delegateAt(`${day}T15:30:00.000Z`, 'people-log-2');
    await delegateAt(`${day}T16:30:00.000Z`, 'people-log-next-day');

    const log = await call<{ day: string; items: AuditEntry[]; cursor: string | null }>('GET', '/office/audit', { token: office.token, query: { day, action: 'ACCOUNT.' } });
    expect(log.status).toBe(200);
    const ats = log.body.data.items.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(ats.every((at) => at >= `${day}T00:00` && at < `${day}T16:00`)).toBe(true);
    expect(log.body.data.items.every((e) => e.action.startsWith('account.'))).toBe(true);
    expect(log.body.data.items.filter((e) => e.action === 'account.created')).toHaveLength(2);

    const byActor = await call<{ items: AuditEntry[] }>('GET', '/office/audit', { token: office.token, query: { day, actor: d1.email.toUpperCase() } });
    expect(byActor.body.data.items.map((e) => e.action)).toEqual(['account.logged_in', 'account.activated', 'account.created']);

    const paged = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { items: AuditEntry[]; cursor: string | null } } } = await call('GET', '/office/audit', { token: office.token, query: { day, ...(cursor ? { cursor } : {}) } });
      paged.push(...page.body.data.items);
      cursor = page.body.data.cursor;
    } while (cursor);
    expect(paged.map((e) => e.at)).toEqual(ats);

    const badDay = await call('GET', '/office/audit', { token: office.token, query: { day: '2024-13-45' } });
    expect(badDay.status).toBe(422);
    const badAction = await call('GET', '/office/audit', { token: office.token, query: { action: 'order paid!' } });
    expect(badAction.status).toBe(422);
  });
});

describe("one object's history", () => {
  it('finds an order by its number or its payment reference (as delegates and the office lists name it), and says which order it is', async () => {
    const office = await officeSession('people-history');
    const d = await newDelegate('people-history-order');
    const created = await call<{ id: string; order_no: string }>('POST', '/registration/submission', { token: d.token, at: ORDERS_OPEN, json: validOrder() });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id, order_no } = created.body.data;
    const order = await call<{ order: { reference: string } }>('GET', `/registration/submission/${id}`, { token: d.token, at: ORDERS_OPEN });
    const reference = order.body.data.order.reference;
    // Something to read in the history: the delegate's transfer, confirmed by the office.
    expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token: d.token, at: ORDERS_OPEN, json: { type: 'done' } })).status).toBe(200);
    expect((await call('POST', `/office/transfers/${reference}/received`, { token: office.token, at: later(ORDERS_OPEN, 60), json: { amount: '650.00' } })).status).toBe(200);
    // The receipt is issued by the money-events worker after the payment: its entry is in the history once it has run.
    await moneyEventsFollowed(await userIdOf(d.token));

    type Trail = { items: AuditEntry[]; object: { type: string; id: string; order_no?: string } };
    const byId = await call<Trail>('GET', `/office/audit/order/${id}`, { token: office.token });
    expect(byId.status).toBe(200);
    expect(byId.body.data.items.length).toBeGreaterThan(0);
    expect(byId.body.data.items.every((e) => e.object.type === 'order' ? e.object.id === id : true)).toBe(true);
    for (const named of [order_no, order_no.toLowerCase(), order_no.replace('-', ''), reference]) {
      const r = await call<Trail>('GET', `/office/audit/order/${encodeURIComponent(named)}`, { token: office.token });
      expect([r.status, r.body.data.object], named).toEqual([200, { type: 'order', id, order_no }]);
      expect(r.body.data.items).toEqual(byId.body.data.items);
    }
    expect(byId.body.data.object).toEqual({ type: 'order', id, order_no });

    const unknown = await call('GET', '/office/audit/order/R24-999999', { token: office.token });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'There is no order R24-999999.']);
    const wrongDigit = await call('GET', `/office/audit/order/${reference.slice(0, -1)}${(Number(reference.slice(-1)) + 1) % 10}`, { token: office.token });
    expect([wrongDigit.status, wrongDigit.body.message]).toEqual([404, expect.stringMatching(/^There is no order IACR24-\d{6}-\d\. A payment reference ends with a check digit: please check it\.$/)]);
  });
});
