/**
 * Publishing the decisions through the API: before publication the author sees "Under review" and
 * nothing of the reviews; the committee previews an abstract's mail, publishes one category (twice
 * at once: one publication of each abstract, one number each, no gap); the abstracts get their
 * numbers and outcomes, every author with an address gets one mail (the bounced one shows in the
 * office's outbox), a published decision is final, and the office sends one mail again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '#core/audit/audit';
import { officeMessages } from '#core/office/access';
import { publishMessages } from '#core/review/publishing';
import { tieMessages } from '#core/review/presentation-tie';
import { revisionMessages } from '#core/review/revision';
import { decisionMessages } from '#core/review/deciding';
import { pptxBytes } from '../support/files';
import { validAbstract } from '../support/bodies';
import { abstractCategories } from '#core/data/abstract-options';
import { call, db, mailsTo, newDelegate, officeSession, runAssignmentJob, totpCode, until, userIdOf } from './support';
import { GetCommand } from '@aws-sdk/lib-dynamodb';

const SUBMITTING = '2024-05-10T02:00:00Z';
const REVIEWING = '2024-05-20T02:00:00Z';
const DECIDING = '2024-06-25T02:00:00Z';
/** A review category no other test decides in (reviewing: aetiology; review exports: control; the hostile-input suite: descriptive and registration). */
const CATEGORY = 'topics';

const topicSubcategories = abstractCategories.find((g) => g.value === CATEGORY)!.children.slice(0, 3).map((c) => c.value);
const all = (v: number) => ({ originality: v, methods: v, relevance: v, clarity: v });
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Job {
  id: string;
  state: string;
  total: number | null;
  counts: { sent: number; withheld: number; failed: number } | null;
  published: Record<string, number> | null;
  category: string | null;
}
interface ListItem {
  id: string;
  title_of_abstract: string;
  review_status: { code: string; label: string; number?: string };
}

describe('publishing the decisions', () => {
  let office: Awaited<ReturnType<typeof officeSession>>;
  let chair: { token: string };
  let reviewers: { token: string }[];
  let author: { token: string; email: string };
  let coauthor: string;
  let bouncing: string;
  const abstracts: { id: string; title: string }[] = [];
  const statuses = async (at: string) => (await call<{ items: ListItem[] }>('GET', '/contribute', { token: author.token, at })).body.data.items;

  beforeAll(async () => {
    office = await officeSession('publication-office');
    reviewers = [];
    for (const name of ['publication-r1', 'publication-r2', 'publication-r3']) {
      const r = await newDelegate(name);
      await call('POST', '/update', { token: r.token, json: { occupation: 'Epidemiologist', organization: 'Cancer Registry of Norway', country: 'Norway', mobile: '+47 1234 5678' } });
      expect((await call('PUT', '/office/review_team', { token: office.token, json: { email: r.email, reviewer_categories: [CATEGORY] } })).status).toBe(200);
      reviewers.push(r);
    }
    const member = await newDelegate('publication-chair');
    await call('PUT', '/office/review_team', { token: office.token, json: { email: member.email, committee: true } });
    const enrol = await call<{ secret: string }>('POST', '/office/second_factor/enrol', { token: member.token });
    expect((await call('POST', '/office/second_factor/confirm', { token: member.token, json: { code: await totpCode(enrol.body.data.secret) } })).status).toBe(200);
    chair = member;

    author = await newDelegate('publication-author');
    const t = tag();
    coauthor = `coauthor-${t}@example.org`;
    bouncing = `bounce+pub${t}@simulator.amazonses.com`;
    const institute = `Institute of Registry Science ${t}`;
    const person = (n: number, email: string) => ({ last_name: `Li${n}`, first_name: `Na${n}`, email, institute, city: 'Chengdu', country: 'China' });
    for (const [i, sub] of topicSubcategories.entries()) {
      const title = `SCREENING UPTAKE PUBLICATION ${i} ${t}`.toUpperCase();
      // The submitter is also the first author (one mail for that address), then a co-author and an address that bounces.
      const created = await call<{ id: string }>('POST', '/contribute', {
        token: author.token,
        at: SUBMITTING,
        json: validAbstract({ abstract_category: sub, title_of_abstract: title, authors: [person(1, author.email.toUpperCase()), person(2, coauthor), person(3, bouncing)] }),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      abstracts.push({ id: created.body.data.id, title });
    }
    await runAssignmentJob(chair.token, REVIEWING);
    // Each of ours reviews what they were given (another test file's reviewer of the category may hold a place).
    for (const [n, r] of reviewers.entries()) {
      const given = new Set((await call<{ items: { abstract_id: string }[] }>('GET', '/review/queue', { token: r.token, at: REVIEWING })).body.data.items.map((i) => i.abstract_id));
      for (const a of abstracts.filter((x) => given.has(x.id))) {
        const opened = await call<{ review: { version: number } }>('GET', `/review/abstracts/${a.id}`, { token: r.token, at: REVIEWING });
        expect(opened.status, JSON.stringify(opened.body)).toBe(200);
        const saved = await call('PUT', `/review/abstracts/${a.id}/review`, {
          token: r.token,
          at: REVIEWING,
          json: { ratings: all(4), proposal: 'poster', comment_to_authors: `Comment ${n + 1} on ${a.id}: give the uptake by district.`, comment_to_committee: `SECRET NOTE ${n + 1}`, submit: true, version: opened.body.data.review.version },
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      }
    }
    const decide = async (id: string, outcome: string) => {
      const opened = await call<{ version: number }>('GET', `/review/committee/abstracts/${id}`, { token: chair.token, at: REVIEWING });
      const decided = await call('PUT', `/review/committee/decisions/${id}`, { token: chair.token, at: REVIEWING, json: { outcome, version: opened.body.data.version } });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    };
    await decide(abstracts[0]!.id, 'poster');
    await decide(abstracts[1]!.id, 'oral');
    await decide(abstracts[2]!.id, 'reject');
  }, 120_000);

  it('shows the author "Submitted", then "Under review", and nothing of the reviews before publication', async () => {
    expect((await statuses(SUBMITTING)).map((i) => i.review_status.label)).toEqual(['Submitted', 'Submitted', 'Submitted']);
    const during = await statuses(DECIDING);
    expect(during.map((i) => i.review_status)).toEqual(abstracts.map(() => ({ code: 'under_review', label: 'Under review' })));
    const detail = await call('GET', `/contribute/${abstracts[0]!.id}`, { token: author.token, at: DECIDING });
    expect(JSON.stringify(detail.body)).not.toMatch(/Comment 1|SECRET|poster/i);
    expect((await mailsTo(coauthor)).length).toBe(0);
  });

  it('previews the mail with the pending decision, the number to come and the comments to the authors only', async () => {
    const preview = await call<{ to: string[]; subject: string; text: string; numbered_at_publication: boolean }>('GET', `/review/committee/publication/preview/${abstracts[0]!.id}`, { token: chair.token, at: DECIDING });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.to).toEqual([author.email, coauthor, bouncing]);
    expect(preview.body.data.subject).toBe(`Accepted as poster P-###: ${abstracts[0]!.title}`);
    expect(preview.body.data.text).toMatch(new RegExp(`Reviewer 1: Comment \\d on ${abstracts[0]!.id}`));
    expect(preview.body.data.text).toContain('Upload your poster (.ppt or .pptx) by 25 October 2024, 24:00 CST (UTC+8)');
    expect(preview.body.data.text).not.toContain('SECRET');
    expect(preview.body.data.numbered_at_publication).toBe(true);
    // Reviewers and the office (not on the committee) cannot preview or publish.
    const asReviewer = await call('POST', '/review/committee/publication', { token: reviewers[0]!.token, at: DECIDING, json: { category: CATEGORY } });
    expect([asReviewer.status, asReviewer.body.message]).toEqual([403, officeMessages.committeeOnly]);
    const asOffice = await call('GET', `/review/committee/publication/preview/${abstracts[0]!.id}`, { token: office.token, at: DECIDING });
    expect([asOffice.status, asOffice.body.message]).toEqual([403, officeMessages.committeeOnly]);
    const unknown = await call('POST', '/review/committee/publication', { token: chair.token, at: DECIDING, json: { category: 'no-such' } });
    expect(unknown.status).toBe(422);
  });

  it('publishes once, whatever two requests do at once: numbers without gap, outcomes, one mail per address', async () => {
    const both = await Promise.all([0, 1].map(() => call<{ job: Job }>('POST', '/review/committee/publication', { token: chair.token, at: DECIDING, json: { category: CATEGORY } })));
    const accepted = both.filter((r) => r.status === 200);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    for (const r of both.filter((x) => x.status !== 200)) expect([r.status, r.body.message]).toEqual([409, publishMessages.running]);
    const ids = accepted.map((r) => r.body.data.job.id);
    const jobs = await until(
      'publications done',
      async () => (await call<{ items: Job[] }>('GET', '/review/committee/publication', { token: chair.token, at: DECIDING })).body.data.items.filter((j) => ids.includes(j.id)),
      (js) => js.length === ids.length && js.every((j) => j.state === 'done'),
      60_000,
    );
    // Each abstract was published by one of them: 1 poster, 1 oral, 1 rejected, 3 addresses each.
    const totals = jobs.reduce((sum, j) => ({ oral: sum.oral + (j.published?.oral ?? 0), poster: sum.poster + (j.published?.poster ?? 0), reject: sum.reject + (j.published?.reject ?? 0), total: sum.total + (j.total ?? 0) }), { oral: 0, poster: 0, reject: 0, total: 0 });
    expect(totals).toEqual({ oral: 1, poster: 1, reject: 1, total: 9 });

    const after = await statuses(DECIDING);
    const [poster, oral, rejected] = abstracts.map((a) => after.find((i) => i.id === a.id)!.review_status);
    expect(poster).toMatchObject({ code: 'accepted', label: expect.stringMatching(/^Accepted as poster P-\d{3}$/) });
    expect(oral).toMatchObject({ code: 'accepted', label: expect.stringMatching(/^Accepted as oral O-\d{3}$/) });
    expect(rejected).toEqual({ code: 'not_accepted', label: 'Not accepted' });
    // The counters hold the last number given: nothing after ours, nothing skipped before.
    const counters = (await db().send(new GetCommand({ TableName: 'congress', Key: { pk: 'REVIEWSTATE', sk: 'NUMBERS' }, ConsistentRead: true }))).Item!;
    expect(poster!.label.endsWith(`P-${String(counters.poster).padStart(3, '0')}`)).toBe(true);
    expect(oral!.label.endsWith(`O-${String(counters.oral).padStart(3, '0')}`)).toBe(true);
    // The abstract carries its presentation (the certificate prints it).
    const stored = (await db().send(new GetCommand({ TableName: 'congress', Key: { pk: `USER#${await userIdOf(author.token)}`, sk: `ABSTRACT#${abstracts[0]!.id}` } }))).Item!;
    expect(stored.presentation).toMatchObject({ type: 'poster', number: poster!.label.slice(-5) });
    // Every address got one mail per abstract: the submitter (also the first author) once, the co-author once.
    const number = poster!.label.slice(-5);
    await until('mails to the co-author', () => mailsTo(coauthor), (m) => m.length === 3);
    const toAuthor = (await mailsTo(author.email)).filter((m) => /^(Accepted as|Decision: )/.test(m.subject));
    expect(toAuthor).toHaveLength(3);
    const posterMail = (await mailsTo(coauthor)).find((m) => m.subject === `Accepted as poster ${number}: ${abstracts[0]!.title}`)!;
    expect(posterMail.body.text).toContain(`Its number is ${number}.`);
    expect(posterMail.body.text).not.toContain('SECRET');
    // Published once: one audit entry of publication per abstract.
    for (const a of abstracts) {
      const trail = await call<{ items: AuditEntry[] }>('GET', `/office/audit/abstract/${a.id}`, { token: office.token });
      expect(trail.status, JSON.stringify(trail.body)).toBe(200);
      expect(trail.body.data.items.filter((e) => e.action === 'decision.published')).toHaveLength(1);
    }
  }, 120_000);

  it('keeps a published decision final, shows the outbox with the bounce, and sends one mail again', async () => {
    const opened = await call<{ version: number; published: { outcome: string } }>('GET', `/review/committee/abstracts/${abstracts[0]!.id}`, { token: chair.token, at: DECIDING });
    expect(opened.body.data.published).toMatchObject({ outcome: 'poster' });
    const change = await call('PUT', `/review/committee/decisions/${abstracts[0]!.id}`, { token: chair.token, at: DECIDING, json: { outcome: 'oral', version: opened.body.data.version } });
    expect(change.status).toBe(409);
    expect(change.body.message).toMatch(/^The decision on this abstract was published on .* CST \(UTC\+8\): it can no longer be changed\.$/);

    const list = await call<{ items: Job[] }>('GET', '/office/decision_mails', { token: office.token });
    expect(list.status).toBe(200);
    const job = list.body.data.items.find((j) => j.category === CATEGORY && (j.total ?? 0) > 0)!;
    interface Outbox { items: { abstract_id: string; email: string; state: string; batch: number; position: number }[]; total: number }
    const outbox = await until(
      'the bounce in the outbox',
      async () => (await call<Outbox>('GET', `/office/decision_mails/${job.id}`, { token: office.token })).body.data,
      (o) => o.items.some((i) => i.email === bouncing && i.state === 'bounced'),
      30_000,
    );
    expect(outbox.items.filter((i) => i.email === coauthor).map((i) => i.state)).toEqual(['sent', 'sent', 'sent']);
    const one = outbox.items.find((i) => i.email === coauthor && i.abstract_id === abstracts[1]!.id)!;
    const resent = await call('POST', `/office/decision_mails/${job.id}/resend`, { token: office.token, json: { batch: one.batch, position: one.position } });
    expect([resent.status, resent.body.message]).toEqual([200, publishMessages.resent(coauthor)]);
    await until('the mail sent again', () => mailsTo(coauthor), (m) => m.length === 4);
    const nobody = await call('POST', `/office/decision_mails/${job.id}/resend`, { token: office.token, json: { batch: 999, position: 0 } });
    expect([nobody.status, nobody.body.message]).toEqual([404, publishMessages.recipientNotFound]);
    const asDelegate = await call('GET', '/office/decision_mails', { token: author.token });
    expect(asDelegate.status).toBe(403);
  }, 60_000);

  it('ties a poster to the abstract accepted as a poster, and refuses one for a rejected abstract', async () => {
    const presign = (json: Record<string, unknown>) => call<{ url: string; headers: Record<string, string>; key: string }>('POST', '/uploads/presign', { token: author.token, json: { purpose: 'poster', file_name: 'poster.pptx', size: pptxBytes().length, ...json } });
    const untied = await presign({});
    expect([untied.status, untied.body.message]).toEqual([422, tieMessages.choose('poster')]);
    const forRejected = await presign({ abstract_id: abstracts[2]!.id });
    expect([forRejected.status, forRejected.body.message]).toEqual([422, tieMessages.notAccepted('poster')]);
    const forOral = await presign({ abstract_id: abstracts[1]!.id });
    expect([forOral.status, forOral.body.message]).toEqual([422, tieMessages.notAccepted('poster')]);
    const tied = await presign({ abstract_id: abstracts[0]!.id });
    expect(tied.status, JSON.stringify(tied.body)).toBe(200);
    const put = await fetch(tied.body.data.url, { method: 'PUT', headers: tied.body.data.headers, body: new Uint8Array(pptxBytes()) });
    expect(put.ok).toBe(true);
    const confirmed = await call<{ presentation_of: string }>('POST', '/poster/upload', { token: author.token, json: { key: tied.body.data.key } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.presentation_of).toBe(abstracts[0]!.id);
    const listed = await call<{ presentation_of?: string }[]>('GET', '/poster/upload', { token: author.token });
    expect(listed.body.data.map((f) => f.presentation_of)).toEqual([abstracts[0]!.id]);
    // Slides for the oral one.
    const slides = await call('POST', '/uploads/presign', { token: author.token, json: { purpose: 'oral', file_name: 'talk.pptx', size: 5000, abstract_id: abstracts[1]!.id } });
    expect(slides.status, JSON.stringify(slides.body)).toBe(200);
  });

  it('asks for a revision: the author changes the text once, the reviewers re-check, the committee decides again and publishes', async () => {
    const REVISING = '2024-07-10T02:00:00Z';
    const RECHECKING = '2024-07-22T02:00:00Z';
    const AFTER_RECHECK = '2024-07-28T02:00:00Z';
    const title = `SCREENING UPTAKE REVISED ${tag()}`.toUpperCase();
    const body = validAbstract({ abstract_category: topicSubcategories[0], title_of_abstract: title, authors: [{ last_name: 'Li', first_name: 'Na', email: author.email, institute: `Institute ${tag()}`, city: 'Chengdu', country: 'China' }] });
    const created = await call<{ id: string }>('POST', '/contribute', { token: author.token, at: SUBMITTING, json: body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    await runAssignmentJob(chair.token, REVIEWING);
    const mine = [];
    for (const r of reviewers) {
      const opened = await call<{ review: { version: number } }>('GET', `/review/abstracts/${id}`, { token: r.token, at: REVIEWING });
      if (opened.status !== 200) continue;
      mine.push(r);
      const saved = await call('PUT', `/review/abstracts/${id}/review`, { token: r.token, at: REVIEWING, json: { ratings: all(3), proposal: 'poster', comment_to_authors: 'Give the denominators.', submit: true, version: opened.body.data.review.version } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    expect(mine.length).toBeGreaterThan(0);
    const decideAs = async (outcome: string) => {
      const opened = await call<{ version: number }>('GET', `/review/committee/abstracts/${id}`, { token: chair.token, at: REVIEWING });
      return call('PUT', `/review/committee/decisions/${id}`, { token: chair.token, at: REVIEWING, json: { outcome, version: opened.body.data.version } });
    };
    expect((await decideAs('revise')).status).toBe(200);
    const publish = async () => {
      const asked = await call<{ job: Job }>('POST', '/review/committee/publication', { token: chair.token, at: DECIDING, json: { category: CATEGORY } });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      await until(
        'publication done',
        async () => (await call<{ items: Job[] }>('GET', '/review/committee/publication', { token: chair.token, at: DECIDING })).body.data.items.find((j) => j.id === asked.body.data.job.id),
        (j) => j?.state === 'done',
        60_000,
      );
    };
    await publish();
    const statusOf = async (at: string) => (await statuses(at)).find((i) => i.id === id)!.review_status;
    expect(await statusOf(DECIDING)).toMatchObject({ code: 'revise', label: 'Revision requested: change it by 19 July 2024, 24:00 CST (UTC+8)' });

    // The author's one revision: the text only, before 19 July.
    const detail = await call<{ revision_open: boolean; editable: boolean }>('GET', `/contribute/${id}`, { token: author.token, at: REVISING });
    expect(detail.body.data).toMatchObject({ revision_open: true, editable: true });
    const moved = await call('PUT', `/contribute/${id}`, { token: author.token, at: REVISING, json: { ...body, abstract_category: topicSubcategories[1] } });
    expect([moved.status, moved.body.message]).toEqual([422, revisionMessages.categoryStays]);
    const other = await call('PUT', `/contribute/${id}`, { token: author.token, at: REVISING, json: { ...body, authors: [...(body.authors as object[]), { last_name: 'Wang', first_name: 'Fang', email: `fang-${tag()}@example.org`, institute: 'Elsewhere', city: 'Xi’an', country: 'China' }] } });
    expect([other.status, other.body.message]).toEqual([422, revisionMessages.peopleStay]);
    const revised = await call('PUT', `/contribute/${id}`, { token: author.token, at: REVISING, json: { ...body, abstract_body: 'Background: revised. Methods: 106 registries, with denominators.' } });
    expect([revised.status, revised.body.message]).toEqual([200, revisionMessages.revised]);
    const again = await call('PUT', `/contribute/${id}`, { token: author.token, at: REVISING, json: body });
    expect([again.status, again.body.message]).toEqual([403, 'Modifications are prohibited.']);
    expect(await statusOf(REVISING)).toEqual({ code: 'under_review', label: 'Revised: the reviewers read it again' });

    // Its reviewers re-check until 26 July; then it is closed.
    const r = mine[0]!;
    const reread = await call<{ review: { version: number }; recheck: boolean; abstract: { abstract_body: string } }>('GET', `/review/abstracts/${id}`, { token: r.token, at: RECHECKING });
    expect(reread.body.data).toMatchObject({ recheck: true, abstract: { abstract_body: 'Background: revised. Methods: 106 registries, with denominators.' } });
    const rechecked = await call('PUT', `/review/abstracts/${id}/review`, { token: r.token, at: RECHECKING, json: { ratings: all(5), proposal: 'poster', comment_to_authors: 'Much clearer.', submit: true, version: reread.body.data.review.version } });
    expect(rechecked.status, JSON.stringify(rechecked.body)).toBe(200);
    const late = await call('PUT', `/review/abstracts/${id}/review`, { token: r.token, at: AFTER_RECHECK, json: { ratings: all(1), proposal: 'reject', submit: true, version: reread.body.data.review.version + 1 } });
    expect(late.status).toBe(403);

    // The committee decides again (not "revise" twice) and publishes: a poster with its number.
    const twice = await decideAs('revise');
    expect([twice.status, twice.body.message]).toEqual([422, decisionMessages.reviseOnce]);
    expect((await decideAs('poster')).status).toBe(200);
    await publish();
    expect(await statusOf(AFTER_RECHECK)).toMatchObject({ code: 'accepted', label: expect.stringMatching(/^Accepted as poster P-\d{3}$/) });
  }, 180_000);
});
