/**
 * Abstract rules through the local server: every rule and message of the form, the cap of 5
 * under parallel creates, the deadline on a pinned clock, ownership, files and the mails.
 */
import { describe, expect, it } from 'vitest';
import { abstractMessages as M } from '#core/abstracts/schemas';
import { agreementValues } from '#core/abstracts/schemas';
import { modificationsProhibited } from '#core/uploads/uploads';
import { author, validAbstract } from '../support/bodies';
import { pdfBytes } from '../support/files';
import { call, mailsTo, newDelegate, uploadFile, type UploadedFile } from './support';

/** 1 May 2024 10:00 CST, well before the deadline; the deadline is 16 May 2024 24:00 CST. */
const OPEN = '2024-05-01T02:00:00Z';
const LAST_SECOND = '2024-05-16T15:59:59Z';
const CLOSED = '2024-05-16T16:00:00Z';


const words = (n: number) => Array.from({ length: n }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}`).join(' ');

describe('options', () => {
  it('gives the country list, grouped categories and the agreements', async () => {
    const { token } = await newDelegate('options');
    const r = await call<{
      country_regions: string[];
      abstract_categories: { label: string; value: string; children: { label: string; value: string }[] }[];
      submission_agreements: { label: string; value: string }[];
    }>('GET', '/contribute/options', { token });
    expect(r.status).toBe(200);
    expect(r.body.data.country_regions.length).toBeGreaterThan(190);
    expect(r.body.data.country_regions).toContain('China');
    expect(r.body.data.abstract_categories.length).toBeGreaterThan(3);
    for (const group of r.body.data.abstract_categories) expect(group.children.length).toBeGreaterThan(0);
    expect(r.body.data.submission_agreements.map((a) => a.value)).toEqual(agreementValues);
    expect((await call('GET', '/contribute/options')).status).toBe(401);
  });
});

describe('create, read, list', () => {
  it('creates an abstract, lists it with its category name, reads it back and mails the submitter', async () => {
    const { token, email } = await newDelegate('create');
    const created = await call<{ id: string }>('POST', '/contribute', { token, at: OPEN, json: validAbstract() });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe('Upload SUCCESS');
    const id = created.body.data.id;

    const list = await call<{ items: Record<string, unknown>[]; total: number }>('GET', '/contribute', { token, at: OPEN });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.items[0]).toMatchObject({
      id,
      title_of_abstract: 'TRENDS IN LIVER CANCER INCIDENCE IN CHINA, 2000-2019',
      abstract_category_name: 'Descriptive epidemiology: Incidence and mortality: levels and trends',
      keywords: 'liver cancer; incidence; registry',
    });

    const read = await call<Record<string, unknown>>('GET', `/contribute/${id}`, { token, at: OPEN });
    expect(read.body.data).toMatchObject({ ...validAbstract(), upload_files: [], editable: true });

    const mail = (await mailsTo(email)).find((m) => m.subject.startsWith('Abstract received'));
    expect(mail?.subject).toBe('Abstract received: TRENDS IN LIVER CANCER INCIDENCE IN CHINA, 2000-2019');
    expect(mail?.body.text).toContain('Wei Zhang1 (National Cancer Center, Beijing, China)');
    expect(mail?.body.text).toContain('No file attached.');
    expect(mail?.body.text).toContain('16 May 2024, 24:00 CST (UTC+8)');
  });

  it('accepts a form-encoded yes/no as the spec client sends it', async () => {
    const { token } = await newDelegate('yesno');
    const r = await call<{ id: string }>('POST', '/contribute', {
      token,
      at: OPEN,
      json: validAbstract({ presenter_abstract: 'yes', financial_support: 'no', conference_iacr_fellowship: 'Yes' }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const read = await call<Record<string, unknown>>('GET', `/contribute/${r.body.data.id}`, { token, at: OPEN });
    expect(read.body.data).toMatchObject({ presenter_abstract: true, financial_support: false, conference_iacr_fellowship: true });
  });
});

describe('every rule of the abstract form, with its message', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['no author', { authors: [] }, 'authors', M.required],
    ['author without last name', { authors: [{ ...author(), last_name: '' }] }, 'authors.0.last_name', M.required],
    ['author without first name', { authors: [author(), { ...author(2), first_name: ' ' }] }, 'authors.1.first_name', M.required],
    ['author without institute', { authors: [{ ...author(), institute: '' }] }, 'authors.0.institute', M.required],
    ['author without city', { authors: [{ ...author(), city: '' }] }, 'authors.0.city', M.required],
    ['author without country', { authors: [{ ...author(), country: '' }] }, 'authors.0.country', M.required],
    ['author with a bad e-mail', { authors: [{ ...author(), email: 'not-an-address' }] }, 'authors.0.email', M.email],
    ['presenter question unanswered', { presenter_abstract: undefined }, 'presenter_abstract', M.select],
    ['not presenting and no presenter', { presenter_abstract: false, presenter_infos: [] }, 'presenter_infos', M.required],
    ['presenter without e-mail', { presenter_abstract: false, presenter_infos: [{ ...author(), email: '' }] }, 'presenter_infos.0.email', M.email],
    ['no title', { title_of_abstract: '' }, 'title_of_abstract', M.required],
    ['a 16-word title', { title_of_abstract: words(16) }, 'title_of_abstract', 'Limited to 15 words.'],
    ['no category', { abstract_category: '' }, 'abstract_category', M.select],
    ['an unknown category', { abstract_category: 'astrology' }, 'abstract_category', M.select],
    ['no keywords', { keywords: '' }, 'keywords', M.required],
    ['2 keywords', { keywords: 'cancer registry' }, 'keywords', 'Please enter at least 3 words.'],
    ['6 keywords', { keywords: words(6) }, 'keywords', 'Limited to 5 words.'],
    ['no body', { abstract_body: '' }, 'abstract_body', M.required],
    ['a 301-word body', { abstract_body: words(301) }, 'abstract_body', 'Limited to 300 words.'],
    ['financial support unanswered', { financial_support: '' }, 'financial_support', M.select],
    ['fellowship unanswered', { conference_iacr_fellowship: null }, 'conference_iacr_fellowship', M.select],
    ['no conflict of interest', { conflict_of_interest_disclosure: '' }, 'conflict_of_interest_disclosure', M.required],
    ['301 characters of conflict', { conflict_of_interest_disclosure: 'x'.repeat(301) }, 'conflict_of_interest_disclosure', M.conflictChars],
    ['no agreement', { agreements: [] }, 'agreements', M.select],
    ['one agreement missing', { agreements: agreementValues.slice(1) }, 'agreements', M.select],
    ['no date', { submitter_date: '' }, 'submitter_date', M.required],
    ['not a date', { submitter_date: '2024-02-30' }, 'submitter_date', M.date],
    ['6 files', { upload_files: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'upload_files', 'Maximum 5 Files Upload.'],
  ];
  it.each(cases)('%s', async (_name, override, path, message) => {
    const { token } = await shared;
    const r = await call<{ errors: Record<string, string> }>('POST', '/contribute', { token, at: OPEN, json: validAbstract(override) });
    expect(r.status).toBe(422);
    expect(r.body.data.errors[path], JSON.stringify(r.body.data.errors)).toBe(message);
  });
  const shared = newDelegate('rules');

  it('counts only alphabetic words: numbers and symbols are free', async () => {
    const { token } = await shared;
    const title = `${words(15)} 2024 - 19 % (106)`;
    const body = `${words(300)} 1 2 3 4 5 6 7 8 9 10 95%: 1.2-3.4 [12]`;
    const r = await call('POST', '/contribute', { token, at: OPEN, json: validAbstract({ title_of_abstract: title, abstract_body: body }) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await call('DELETE', `/contribute/${(r.body.data as { id: string }).id}`, { token, at: OPEN });
  });
});

describe('the cap of 5 abstracts', () => {
  it('20 parallel creates make exactly 5; the others are refused; deleting one frees a place', async () => {
    const { token } = await newDelegate('cap');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call<{ id: string }>('POST', '/contribute', { token, at: OPEN, json: validAbstract({ title_of_abstract: `ABSTRACT ${i}` }) })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 200)) expect([r.status, r.body.message]).toEqual([409, M.limit]);
    const list = await call<{ total: number }>('GET', '/contribute', { token, at: OPEN });
    expect(list.body.data.total).toBe(5);

    expect((await call('DELETE', `/contribute/${ok[0]!.body.data.id}`, { token, at: OPEN })).body).toMatchObject({ code: 200, message: M.deleted });
    expect((await call('POST', '/contribute', { token, at: OPEN, json: validAbstract() })).status).toBe(200);
    expect((await call('POST', '/contribute', { token, at: OPEN, json: validAbstract() })).status).toBe(409);
  });
});

describe('the deadline: 16 May 2024 24:00 CST', () => {
  it('allows changes at 23:59:59 and refuses create, update, delete and file changes at 24:00:00', async () => {
    const { token } = await newDelegate('deadline');
    const created = await call<{ id: string }>('POST', '/contribute', { token, at: LAST_SECOND, json: validAbstract() });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const file = (await uploadFile(token, 'abstract', 'a.pdf', pdfBytes(), LAST_SECOND)).body.data;

    const refusals = [
      await call('POST', '/contribute', { token, at: CLOSED, json: validAbstract() }),
      await call('PUT', `/contribute/${id}`, { token, at: CLOSED, json: validAbstract() }),
      await call('DELETE', `/contribute/${id}`, { token, at: CLOSED }),
      await call('DELETE', `/uploads/${file.id}`, { token, at: CLOSED }),
      await call('POST', '/uploads/presign', { token, at: CLOSED, json: { purpose: 'abstract', file_name: 'b.pdf', size: 100 } }),
    ];
    for (const r of refusals) expect([r.status, r.body.message]).toEqual([403, modificationsProhibited]);
    // Reading still works, and says it can no longer change.
    const read = await call<{ editable: boolean }>('GET', `/contribute/${id}`, { token, at: CLOSED });
    expect(read.body.data.editable).toBe(false);
    expect((await call<{ editable: boolean }>('GET', '/contribute', { token, at: CLOSED })).body.data.editable).toBe(false);
  });
});

describe('ownership', () => {
  it("another delegate's abstract and its files answer 404 for read, update, delete and download", async () => {
    const alice = await newDelegate('alice-abs');
    const bob = await newDelegate('bob-abs');
    const file = (await uploadFile(alice.token, 'abstract', 'figure.pdf', pdfBytes(), OPEN)).body.data;
    const id = (await call<{ id: string }>('POST', '/contribute', { token: alice.token, at: OPEN, json: validAbstract({ upload_files: [file.id] }) })).body
      .data.id;
    const asBob = [
      await call('GET', `/contribute/${id}`, { token: bob.token, at: OPEN }),
      await call('PUT', `/contribute/${id}`, { token: bob.token, at: OPEN, json: validAbstract() }),
      await call('DELETE', `/contribute/${id}`, { token: bob.token, at: OPEN }),
      await call('GET', `/uploads/${file.id}`, { token: bob.token, at: OPEN }),
    ];
    for (const r of asBob) expect(r.status).toBe(404);
    expect(asBob[0]!.body.message).toBe(M.notFound);
    // Bob cannot attach Alice's file to his own abstract either.
    const stolen = await call('POST', '/contribute', { token: bob.token, at: OPEN, json: validAbstract({ upload_files: [file.id] }) });
    expect(stolen.status).toBe(422);
    expect(stolen.body.message).toBe(M.fileNotFound);
    expect((await call('GET', '/contribute', { token: bob.token, at: OPEN })).body.data).toMatchObject({ total: 0 });
    // Alice's abstract is intact.
    const read = await call<{ upload_files: UploadedFile[] }>('GET', `/contribute/${id}`, { token: alice.token, at: OPEN });
    expect(read.body.data.upload_files.map((f) => f.name)).toEqual(['figure.pdf']);
  });
});

describe('files of an abstract', () => {
  it('keeps the files it is saved with, drops the ones removed on save, and deletes them with the abstract', async () => {
    const { token, email } = await newDelegate('abs-files');
    const a = (await uploadFile(token, 'abstract', 'figure-1.pdf', pdfBytes(), OPEN)).body.data;
    const b = (await uploadFile(token, 'abstract', 'figure-2.pdf', pdfBytes(), OPEN)).body.data;
    const id = (await call<{ id: string }>('POST', '/contribute', { token, at: OPEN, json: validAbstract({ upload_files: [a.id, b.id] }) })).body.data.id;
    const mail = (await mailsTo(email)).find((m) => m.subject.startsWith('Abstract received'));
    expect(mail?.body.text).toContain('- figure-1.pdf');
    expect(mail?.body.text).toContain('- figure-2.pdf');

    // A file held by a saved abstract is removed by saving the abstract without it.
    expect((await call('DELETE', `/uploads/${a.id}`, { token, at: OPEN })).status).toBe(409);
    // Another abstract cannot take it.
    expect((await call('POST', '/contribute', { token, at: OPEN, json: validAbstract({ upload_files: [a.id] }) })).status).toBe(422);

    const updated = await call('PUT', `/contribute/${id}`, { token, at: OPEN, json: validAbstract({ title_of_abstract: 'NEW TITLE', upload_files: [b.id] }) });
    expect(updated.body).toMatchObject({ code: 200, message: 'Upload SUCCESS' });
    expect((await call('GET', `/uploads/${a.id}`, { token, at: OPEN })).status, 'dropped on save').toBe(404);
    expect((await fetch(a.url)).status, 'its object too').toBe(404);
    const updateMail = (await mailsTo(email)).find((m) => m.subject === 'Abstract updated: NEW TITLE');
    expect(updateMail?.body.text).toContain('- figure-2.pdf');
    expect(updateMail?.body.text).not.toContain('figure-1.pdf');

    expect((await call('DELETE', `/contribute/${id}`, { token, at: OPEN })).status).toBe(200);
    expect((await call('GET', `/uploads/${b.id}`, { token, at: OPEN })).status).toBe(404);
    expect((await call('GET', `/contribute/${id}`, { token, at: OPEN })).status).toBe(404);
  });

  it('two abstracts saved at the same moment cannot both take one pending file', async () => {
    const { token } = await newDelegate('abs-race');
    const file = (await uploadFile(token, 'abstract', 'shared.pdf', pdfBytes(), OPEN)).body.data;
    const both = await Promise.all([1, 2].map(() => call('POST', '/contribute', { token, at: OPEN, json: validAbstract({ upload_files: [file.id] }) })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect((await call<{ total: number }>('GET', '/contribute', { token, at: OPEN })).body.data.total).toBe(1);
  });

  it('refuses to save over a version saved elsewhere since the form was opened', async () => {
    const { token } = await newDelegate('abs-version');
    const id = (await call<{ id: string }>('POST', '/contribute', { token, at: OPEN, json: validAbstract() })).body.data.id;
    const opened = (await call<{ updated_at: string }>('GET', `/contribute/${id}`, { token, at: OPEN })).body.data.updated_at;
    // Another device saves first...
    const later = '2024-05-02T02:00:00Z';
    expect((await call('PUT', `/contribute/${id}`, { token, at: later, query: { base_updated_at: opened }, json: validAbstract({ title_of_abstract: 'FROM THE PHONE' }) })).status).toBe(200);
    // ...then the laptop, still on the old version, is refused and nothing is overwritten.
    const stale = await call('PUT', `/contribute/${id}`, { token, at: later, query: { base_updated_at: opened }, json: validAbstract({ title_of_abstract: 'FROM THE LAPTOP' }) });
    expect([stale.status, stale.body.message]).toEqual([409, M.changedElsewhere]);
    expect((await call<{ title_of_abstract: string }>('GET', `/contribute/${id}`, { token, at: later })).body.data.title_of_abstract).toBe('FROM THE PHONE');
  });

  it('a pending file (uploaded in the form, not saved yet) can be removed at once', async () => {
    const { token } = await newDelegate('abs-pending');
    const a = (await uploadFile(token, 'abstract', 'draft.pdf', pdfBytes(), OPEN)).body.data;
    expect((await call('DELETE', `/uploads/${a.id}`, { token, at: OPEN })).body).toMatchObject({ code: 200, message: 'The file has been removed.' });
    expect((await call('POST', '/contribute', { token, at: OPEN, json: validAbstract({ upload_files: [a.id] }) })).status).toBe(422);
  });
});
