/**
 * The review's exports through the API: the office's review sheet and decisions (the export job,
 * CSV with a BOM, formula-safe), and a reviewer's copy of their assigned abstracts as CSV or PDF,
 * which holds exactly what their queue lists (never a declined abstract, never one where a
 * conflict holds, declared after the assignment included) and, blind, no author or institution.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { officeMessages } from '#core/office/access';
import { jobMessages, type JobView } from '#core/office/jobs';
import { decisionColumns, reviewSheetColumns } from '#core/review/review-exports';
import { readingCopyColumns, readingCopyMessages } from '#core/review/reviewer-export';
import { validAbstract } from '../support/bodies';
import { pdfText } from '../support/pdf';
import { call, newDelegate, officeSession, runAssignmentJob, s3Origin, totpCode, userIdOf } from './support';

const SUBMITTING = '2024-05-10T02:00:00Z';
const REVIEWING = '2024-05-20T02:00:00Z';
const T0 = '2024-08-01T02:00:00Z';
/** A category no other test file reviews in (so the pool is this file's). */
const CATEGORY = 'control';
const STAMP = Date.now().toString(36);

/** Authors no other text of the portal names (the PDF's footer names the organiser's own institution). */
const author = (n: number) => ({
  last_name: `Quisling${n}`,
  first_name: 'Astrid',
  email: `astrid.quisling${n}.${STAMP}@example.org`,
  institute: 'Haukeland University Hospital',
  city: 'Bergen',
  country: 'Norway',
});
const all = (v: number) => ({ originality: v, methods: v, relevance: v, clarity: v });

interface Queue {
  items: { abstract_id: string; state: string }[];
}
interface Link {
  url: string;
  file_name: string;
  abstracts: number;
}

async function reviewer(tag: string, organization: string) {
  const d = await newDelegate(tag);
  const profile = await call('POST', '/update', { token: d.token, json: { occupation: 'Epidemiologist', organization, country: 'Norway', mobile: '+47 1234 5678' } });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  return { ...d, id: await userIdOf(d.token) };
}

const queueIds = async (token: string) => (await call<Queue>('GET', '/review/queue', { token, at: REVIEWING })).body.data.items.map((i) => i.abstract_id);
const copy = (token: string, format: string) => call<Link>('GET', '/review/queue/export', { token, at: REVIEWING, query: { format } });

async function download(link: Link) {
  expect(link.url.startsWith(s3Origin())).toBe(true);
  expect(link.url).toContain('/review-exports/');
  const file = await fetch(link.url);
  expect(file.status).toBe(200);
  return { bytes: Buffer.from(await file.arrayBuffer()), type: file.headers.get('content-type'), disposition: file.headers.get('content-disposition') };
}

/** The CSV as records keyed by header (csv-parse, BOM checked first). */
function records(bytes: Buffer) {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parse(bytes, { bom: true }) as string[][];
  return { header: header!, rows: rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))) };
}

describe('review exports', () => {
  let office: Awaited<ReturnType<typeof officeSession>>;
  let chair: { token: string; email: string };
  let r1: Awaited<ReturnType<typeof reviewer>>;
  let r2: Awaited<ReturnType<typeof reviewer>>;
  let r3: Awaited<ReturnType<typeof reviewer>>;
  let conflicted: Awaited<ReturnType<typeof reviewer>>;
  let a: { id: string; title: string };
  let b: { id: string; title: string };

  beforeAll(async () => {
    office = await officeSession('review-exports-office');
    [r1, r2, r3] = await Promise.all([reviewer('rx-r1', 'Cancer Registry of Norway'), reviewer('rx-r2', 'Cancer Registry of Norway'), reviewer('rx-r3', 'Cancer Registry of Norway')]);
    // The same hospital as the authors, written otherwise: in conflict with both abstracts.
    conflicted = await reviewer('rx-conflicted', 'Haukeland Univ. Hospital, Bergen');
    for (const r of [r1, r2, r3, conflicted]) {
      const granted = await call('PUT', '/office/review_team', { token: office.token, json: { email: r.email, reviewer_categories: [CATEGORY] } });
      expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    }
    const submitter = await newDelegate('rx-author');
    const create = async (category: string, title: string, authors: ReturnType<typeof author>[]) => {
      const created = await call<{ id: string }>('POST', '/contribute', { token: submitter.token, at: SUBMITTING, json: validAbstract({ abstract_category: category, title_of_abstract: title, authors }) });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return { id: created.body.data.id, title };
    };
    // A title a spreadsheet would read as a formula.
    a = await create('control.screening', `=SUM(1+1) SCREENING UPTAKE ${STAMP}`, [author(1), author(2)]);
    b = await create('control.care', `PALLIATIVE CARE PATHWAYS ${STAMP}`, [author(3)]);

    const member = await newDelegate('rx-chair');
    await call('PUT', '/office/review_team', { token: office.token, json: { email: member.email, committee: true } });
    const enrol = await call<{ secret: string }>('POST', '/office/second_factor/enrol', { token: member.token });
    expect((await call('POST', '/office/second_factor/confirm', { token: member.token, json: { code: await totpCode(enrol.body.data.secret) } })).status).toBe(200);
    chair = member;
    await runAssignmentJob(chair.token, REVIEWING);
    // Under npm test other files' reviewers of the category (the hostile-input suite's organiser
    // reviews every category) may hold a place: the committee moves such a place to ours by hand.
    const ours = [r1, r2, r3];
    for (const x of [a, b]) {
      for (const r of ours) {
        if ((await queueIds(r.token)).includes(x.id)) continue;
        const held = (await call<{ reviews: { reviewer_id: string; state: string }[] }>('GET', `/review/committee/abstracts/${x.id}`, { token: chair.token, at: REVIEWING })).body.data.reviews;
        const foreign = held.find((h) => (h.state === 'assigned' || h.state === 'draft') && !ours.some((o) => o.id === h.reviewer_id));
        const moved = await call('PUT', `/review/committee/assignments/${x.id}`, { token: chair.token, at: REVIEWING, json: { add_reviewer_id: r.id, ...(foreign ? { remove_reviewer_id: foreign.reviewer_id } : {}) } });
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      }
    }
    for (const r of ours) expect(await queueIds(r.token)).toEqual(expect.arrayContaining([a.id, b.id]));

    // r1 submits a review of a and keeps a draft of b; r2 declines b; r3 declares a conflict with b's author.
    const submitted = await call('PUT', `/review/abstracts/${a.id}/review`, {
      token: r1.token,
      at: REVIEWING,
      json: { ratings: all(4), proposal: 'oral', comment_to_authors: '+Strong design', comment_to_committee: '@chair: 很好 -- the best of the session', submit: true, version: 1 },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await call('PUT', `/review/abstracts/${b.id}/review`, { token: r1.token, at: REVIEWING, json: { ratings: { originality: 2 }, comment_to_authors: 'Draft only', version: 1 } })).status).toBe(200);
    expect((await call('POST', `/review/abstracts/${b.id}/decline`, { token: r2.token, at: REVIEWING, json: { reason: 'I supervised the author.', version: 1 } })).status).toBe(200);
    expect((await call('PUT', '/review/declarations', { token: r3.token, json: { people: [author(3).email] } })).status).toBe(200);
  }, 120_000);

  describe("a reviewer's copy of their abstracts", () => {
    it('as CSV: exactly the abstracts of their queue, blind, formula-safe, with their own review state', async () => {
      const answer = await copy(r1.token, 'csv');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.file_name).toMatch(/^abstracts-to-review-2024-05-20-1000\.csv$/);
      const file = await download(answer.body.data);
      expect(file.type).toContain('text/csv');
      expect(file.disposition).toContain(answer.body.data.file_name);
      const { header, rows } = records(file.bytes);
      expect(header).toEqual(readingCopyColumns(true).map((c) => c.header));
      expect(header.join(' ')).not.toMatch(/author|institut/i);
      expect(rows.map((r) => r.abstract_id).sort()).toEqual((await queueIds(r1.token)).sort());
      expect(answer.body.data.abstracts).toBe(rows.length);
      const rowA = rows.find((r) => r.abstract_id === a.id)!;
      expect(rowA).toMatchObject({ title_of_abstract: `'${a.title}`, abstract_category: 'Cancer control and health services: Screening and early detection', your_review: 'submitted', your_proposal: 'oral', your_weighted_score: '4.00' });
      expect(rowA.abstract_body).toContain('population-based registries');
      expect(rows.find((r) => r.abstract_id === b.id)).toMatchObject({ your_review: 'draft saved', your_weighted_score: '' });
      // Blind: no author's name, address or institution anywhere in the file.
      const text = file.bytes.toString('utf8');
      for (const hidden of ['Quisling', 'quisling', 'Haukeland', 'Astrid']) expect(text).not.toContain(hidden);
    });

    it('never holds a declined abstract, nor one where a conflict holds (computed, or declared after the assignment)', async () => {
      const ids = async (token: string) => {
        const answer = await copy(token, 'csv');
        if (answer.status === 409) {
          expect(answer.body.message).toBe(readingCopyMessages.nothing);
          return [];
        }
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return records((await download(answer.body.data)).bytes).rows.map((r) => r.abstract_id);
      };
      // r2 declined b.
      const ofR2 = await ids(r2.token);
      expect(ofR2).toContain(a.id);
      expect(ofR2).not.toContain(b.id);
      expect(ofR2.sort()).toEqual((await queueIds(r2.token)).sort());
      // r3 declared a conflict with b's author after b was assigned to them.
      const ofR3 = await ids(r3.token);
      expect(ofR3).toContain(a.id);
      expect(ofR3).not.toContain(b.id);
      // The reviewer at the authors' hospital was never assigned either, and finds neither in a file.
      const ofConflicted = await ids(conflicted.token);
      expect(ofConflicted).not.toContain(a.id);
      expect(ofConflicted).not.toContain(b.id);
      expect((await call('GET', '/review/queue/export', { token: conflicted.token, at: REVIEWING, query: { format: 'pdf' } })).status).toBe(ofConflicted.length ? 200 : 409);
    });

    it('as PDF: the queue’s abstracts with their text, one a page, blind', async () => {
      const answer = await copy(r1.token, 'pdf');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.file_name).toMatch(/^abstracts-to-review-2024-05-20-1000\.pdf$/);
      const file = await download(answer.body.data);
      expect(file.type).toBe('application/pdf');
      expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(file.bytes).replace(/\s+/g, ' ');
      expect(text).toContain('Abstracts to review');
      expect(text).toContain(a.title);
      expect(text).toContain(b.title);
      expect(text).toContain(a.id);
      expect(text).toContain('population-based registries');
      expect(text).toContain('The review is blind');
      for (const hidden of ['Quisling', 'Haukeland', 'Astrid']) expect(text).not.toContain(hidden);
      // A first page that lists them, then one page an abstract.
      expect(text.match(/\b1 ?\/ ?(\d+)\b/)?.[1]).toBe(String(1 + answer.body.data.abstracts));
    });

    it('refuses anyone who is not a reviewer as the other review routes do, and a format it does not make', async () => {
      const delegate = await newDelegate('rx-delegate');
      for (const token of [delegate.token, office.token, chair.token]) {
        const queue = await call('GET', '/review/queue', { token, at: REVIEWING });
        const refused = await copy(token, 'csv');
        expect([refused.status, refused.body]).toEqual([queue.status, queue.body]);
        expect([refused.status, refused.body.message]).toEqual([403, officeMessages.reviewersOnly]);
      }
      expect((await call('GET', '/review/queue/export', { at: REVIEWING, query: { format: 'csv' } })).status).toBe(401);
      const wrong = await copy(r1.token, 'xlsx');
      expect([wrong.status, wrong.body.message]).toEqual([422, readingCopyMessages.format]);
    });
  });

  describe("the office's review exports", () => {
    async function finished(id: string): Promise<JobView> {
      const until = Date.now() + 25_000;
      for (;;) {
        const list = await call<{ items: JobView[] }>('GET', '/office/exports', { token: office.token, at: T0 });
        const job = list.body.data.items.find((j) => j.id === id);
        if (job && (job.state === 'done' || job.state === 'failed')) return job;
        if (Date.now() > until) throw new Error(`export ${id} still ${job?.state}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    let tick = 0;
    async function exportCsv(kind: string) {
      for (let attempt = 1; ; attempt++) {
        tick += 1;
        const at = new Date(Date.parse(T0) + tick * 1000).toISOString();
        const requested = await call<{ job: JobView }>('POST', '/office/exports', { token: office.token, at, json: { kind } });
        expect(requested.status, JSON.stringify(requested.body)).toBe(200);
        const job = await finished(requested.body.data.job.id);
        expect(job.state).toBe('done');
        const link = await call<{ url: string; file_name: string }>('GET', `/office/exports/${job.id}/download`, { token: office.token, at: T0 });
        // Another test file deleting an account withdraws every export made before it (decision 0042): ask again.
        if (link.status === 409 && link.body.message === jobMessages.withdrawn && attempt < 4) continue;
        expect(link.status, JSON.stringify(link.body)).toBe(200);
        expect(link.body.data.file_name).toMatch(new RegExp(`^${kind}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.csv$`));
        const file = await fetch(link.body.data.url);
        expect(file.status).toBe(200);
        return { job, ...records(Buffer.from(await file.arrayBuffer())) };
      }
    }

    it('are for organisers only', async () => {
      const refused = await call('POST', '/office/exports', { token: r1.token, at: T0, json: { kind: 'review_sheet' } });
      expect([refused.status, refused.body.message]).toEqual([403, officeMessages.organisersOnly]);
      const wrong = await call<{ errors: Record<string, string> }>('POST', '/office/exports', { token: office.token, at: T0, json: { kind: 'reviews' } });
      expect([wrong.status, wrong.body.data.errors.kind]).toEqual([422, 'Please choose what to export: orders, fapiao requests, registrations, delegates, abstracts, the review sheet, the review decisions, the abstract book, the badges or the check-ins.']);
    });

    it('the review sheet: every review with its scores and comments, and each reviewer of the category in conflict, with the reason', async () => {
      const { job, header, rows } = await exportCsv('review_sheet');
      expect(header).toEqual(reviewSheetColumns.map((c) => c.header));
      expect(job).toMatchObject({ label: 'Review sheet', rows: expect.any(Number) });
      const row = (abstractId: string, email: string) => rows.filter((r) => r.abstract_id === abstractId && r.reviewer_email === email);
      const [submitted] = row(a.id, r1.email);
      expect(submitted).toMatchObject({
        title_of_abstract: `'${a.title}`,
        review_category: 'Cancer control and health services',
        abstract_category: 'Cancer control and health services: Screening and early detection',
        review_state: 'submitted',
        weighted_score: '4.00',
        proposed_outcome: 'oral',
        // Formula-safe: what a reviewer typed never becomes a formula in the organiser's spreadsheet.
        comment_to_authors: `'+Strong design`,
        comment_for_committee: `'@chair: 很好 -- the best of the session`,
        conflict_kind: '',
      });
      for (const c of ['originality', 'methods', 'relevance', 'clarity']) expect(submitted![header.find((h) => h.startsWith(`${c} (`))!]).toBe('4');
      expect(submitted![header.find((h) => h.startsWith('submitted_at'))!]).toBe('2024-05-20 10:00:00 +08:00');
      // A draft is the reviewer's unfinished work: its state, not its scores.
      expect(row(b.id, r1.email)).toEqual([expect.objectContaining({ review_state: 'draft', weighted_score: '', comment_to_authors: '' })]);
      expect(row(b.id, r2.email)).toEqual([expect.objectContaining({ review_state: 'declined', decline_reason: 'I supervised the author.' })]);
      // r3's assignment of b stands, with the conflict r3 declared since (r3 no longer sees b).
      expect(row(b.id, r3.email)).toEqual([expect.objectContaining({ review_state: 'assigned, not started', conflict_kind: 'declared-person', conflict_reason: 'reviewer declared a conflict with an author' })]);
      expect(row(a.id, r3.email)).toEqual([expect.objectContaining({ review_state: 'assigned, not started', conflict_kind: '' })]);
      // The reviewer at the authors' hospital: never assigned, listed with the reason.
      for (const id of [a.id, b.id]) {
        expect(row(id, conflicted.email)).toEqual([
          expect.objectContaining({ review_state: 'not assigned (conflict of interest)', conflict_kind: 'institution', conflict_reason: "reviewer shares an author's institution", weighted_score: '' }),
        ]);
      }
    });

    it('the decisions: each abstract with its scores and pending decision, ranked in its category', async () => {
      const decided = await call('PUT', `/review/committee/decisions/${a.id}`, { token: chair.token, json: { outcome: 'poster', note: '=better as a poster', version: 0 } });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      const { job, header, rows } = await exportCsv('decisions');
      expect(header).toEqual(decisionColumns.map((c) => c.header));
      expect(job.label).toBe('Review decisions');
      const ofA = rows.find((r) => r.abstract_id === a.id)!;
      expect(ofA).toMatchObject({
        title_of_abstract: `'${a.title}`,
        review_category: 'Cancer control and health services',
        reviews_submitted: '1',
        mean_score: '4.00',
        median_score: '4.00',
        proposed_oral: '1',
        proposed_poster: '0',
        pending_decision: 'Accept as poster',
        committee_note: `'=better as a poster`,
        decided_by: chair.email,
        published_outcome: '',
        presentation_number: '',
      });
      expect(ofA[header.find((h) => h.startsWith('reviewers_disagree'))!]).toBe('no');
      const ofB = rows.find((r) => r.abstract_id === b.id)!;
      expect(ofB).toMatchObject({ reviews_submitted: '0', mean_score: '', pending_decision: '', decided_by: '' });
      // Ranked: a reviewed abstract before an unreviewed one of its category.
      expect(rows.indexOf(ofA)).toBeLessThan(rows.indexOf(ofB));
    });
  });
});
