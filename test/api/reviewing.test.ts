/**
 * Reviewing through the API: the committee runs the assignment (behind the second factor); a
 * reviewer reads the queue, reads an assigned abstract blind, saves a draft, submits, changes it,
 * sees the others' reviews only after their own; declines with a reason (the next run assigns
 * someone else); a conflicted abstract answers exactly as one that does not exist, in every route;
 * scores off the scale, a stale version and a review after the phase are refused and change nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '#core/audit/audit';
import { officeMessages } from '#core/office/access';
import { decisionMessages } from '#core/review/deciding';
import { reviewMessages } from '#core/review/reviewing';
import { declarationMessages } from '#core/review/team';
import { validAbstract } from '../support/bodies';
import { pdfBytes } from '../support/files';
import { call, newDelegate, officeSession, runAssignmentJob, totpCode, uploadFile, userIdOf } from './support';

/** Abstracts are open until 16 May 2024 24:00 CST; the review runs 17 May to 14 June. */
const SUBMITTING = '2024-05-10T02:00:00Z';
const REVIEWING = '2024-05-20T02:00:00Z';
const BEFORE_REVIEW = '2024-05-16T10:00:00Z';
const AFTER_REVIEW = '2024-06-20T02:00:00Z';
/** A category no other test file reviews in (so the pool is this file's). */
const CATEGORY = 'aetiology';

interface QueueRow {
  abstract_id: string;
  title_of_abstract: string;
  state: string;
}
interface Queue {
  items: QueueRow[];
  done: number;
  assigned: number;
  declared: { people: string[]; institutions: string[] };
}
interface Reviewed {
  abstract: Record<string, unknown>;
  review: { state: string; version: number; ratings: Record<string, number> | null };
  others: unknown[] | null;
}

const all = (v: number) => ({ originality: v, methods: v, relevance: v, clarity: v });

async function reviewer(tag: string, organization: string) {
  const d = await newDelegate(tag);
  const profile = await call('POST', '/update', { token: d.token, json: { occupation: 'Epidemiologist', organization, country: 'Norway', mobile: '+47 1234 5678' } });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  return { ...d, id: await userIdOf(d.token) };
}

const queue = async (token: string, at = REVIEWING) => (await call<Queue>('GET', '/review/queue', { token, at })).body.data;
const read = (token: string, id: string, at = REVIEWING) => call<Reviewed>('GET', `/review/abstracts/${id}`, { token, at });

describe('reviewing', () => {
  let office: Awaited<ReturnType<typeof officeSession>>;
  let chair: { token: string; email: string };
  let fair: Awaited<ReturnType<typeof reviewer>>[];
  let conflicted: Awaited<ReturnType<typeof reviewer>>;
  let abstracts: { id: string; title: string }[];

  beforeAll(async () => {
    office = await officeSession('reviewing-office');
    fair = await Promise.all(['reviewing-r1', 'reviewing-r2', 'reviewing-r3'].map((tag) => reviewer(tag, 'Cancer Registry of Norway')));
    // The test abstracts' authors are at the National Cancer Center: a reviewer there is in conflict with each.
    conflicted = await reviewer('reviewing-conflicted', 'Natl. Cancer Ctr. (国家癌症中心), Beijing');
    for (const r of [...fair, conflicted]) {
      const granted = await call('PUT', '/office/review_team', { token: office.token, json: { email: r.email, reviewer_categories: [CATEGORY] } });
      expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    }
    const author = await newDelegate('reviewing-author');
    abstracts = [];
    // The first abstract has a PDF whose name names its author.
    const pdf = (await uploadFile(author.token, 'abstract', 'Zhang_Wei_NCC.pdf', pdfBytes(), SUBMITTING)).body.data;
    for (const [i, category] of ['aetiology.infections', 'aetiology.molecular'].entries()) {
      const title = `HPV AND CERVICAL CANCER REVIEW ${i} ${Date.now().toString(36)}`;
      const created = await call<{ id: string }>('POST', '/contribute', {
        token: author.token,
        at: SUBMITTING,
        json: validAbstract({ abstract_category: category, title_of_abstract: title, upload_files: i === 0 ? [pdf.id] : [] }),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      abstracts.push({ id: created.body.data.id, title });
    }
    // The committee: granted, then past the office's second factor.
    const member = await newDelegate('reviewing-chair');
    await call('PUT', '/office/review_team', { token: office.token, json: { email: member.email, committee: true } });
    const enrol = await call<{ secret: string }>('POST', '/office/second_factor/enrol', { token: member.token });
    expect((await call('POST', '/office/second_factor/confirm', { token: member.token, json: { code: await totpCode(enrol.body.data.secret) } })).status).toBe(200);
    chair = member;
  });

  it('is run by the committee only, past the second factor', async () => {
    const asReviewer = await call('POST', '/review/assignments/run', { token: fair[0]!.token, at: REVIEWING });
    expect([asReviewer.status, asReviewer.body.message]).toEqual([403, officeMessages.committeeOnly]);
    const asOffice = await call('POST', '/review/assignments/run', { token: office.token, at: REVIEWING });
    expect([asOffice.status, asOffice.body.message]).toEqual([403, officeMessages.committeeOnly]);
    const queueOfOffice = await call('GET', '/review/queue', { token: office.token, at: REVIEWING });
    expect([queueOfOffice.status, queueOfOffice.body.message]).toEqual([403, officeMessages.reviewersOnly]);
  });

  it('assigns three fair reviewers to each abstract and never the conflicted one; a re-run adds nothing for them', async () => {
    await runAssignmentJob(chair.token, REVIEWING);
    for (const r of fair) {
      const ids = (await queue(r.token)).items.map((i) => i.abstract_id);
      for (const a of abstracts) expect(ids).toContain(a.id);
    }
    const ofConflicted = (await queue(conflicted.token)).items.map((i) => i.abstract_id);
    for (const a of abstracts) expect(ofConflicted).not.toContain(a.id);
    const again = await runAssignmentJob(chair.token, REVIEWING);
    expect(again.short.filter((s) => abstracts.some((a) => a.id === s.abstract_id))).toEqual([]);
    for (const r of fair) expect((await queue(r.token)).items.filter((i) => abstracts.some((a) => a.id === i.abstract_id))).toHaveLength(2);
  });

  it('a conflicted abstract answers as one that does not exist, in every reviewer route', async () => {
    const [a] = abstracts;
    const answers = async (id: string) => [
      await read(conflicted.token, id),
      await call('PUT', `/review/abstracts/${id}/review`, { token: conflicted.token, at: REVIEWING, json: { ratings: all(5), proposal: 'oral', submit: true, version: 1 } }),
      await call('POST', `/review/abstracts/${id}/decline`, { token: conflicted.token, at: REVIEWING, json: { reason: 'Busy', version: 1 } }),
    ];
    const conflictedAnswers = await answers(a!.id);
    const missingAnswers = await answers('no-such-abstract');
    expect(conflictedAnswers.map((r) => [r.status, r.body])).toEqual(missingAnswers.map((r) => [r.status, r.body]));
    expect(conflictedAnswers.map((r) => r.status)).toEqual([404, 404, 404]);
    expect(conflictedAnswers[0]!.body.message).toBe(reviewMessages.notFound);
    // Nor does the queue count it.
    const q = await queue(conflicted.token);
    expect(q.items.some((i) => abstracts.some((x) => x.id === i.abstract_id))).toBe(false);
    expect(q.assigned).toBe(q.items.length);
    // Another reviewer's abstract not assigned to them answers the same.
    expect((await read(conflicted.token, a!.id)).body).toEqual((await read(conflicted.token, 'x'.repeat(36))).body);
  });

  it('shows the abstract blind, keeps a draft, submits, and shows the others only after one’s own', async () => {
    const [a] = abstracts;
    const [r1, r2] = fair;
    const opened = await read(r1!.token, a!.id);
    expect(opened.status).toBe(200);
    expect(opened.body.data.abstract).toMatchObject({ id: a!.id, title_of_abstract: a!.title, blind: true });
    const { files: _links, ...text } = opened.body.data.abstract;
    expect(JSON.stringify(text)).not.toContain('Zhang');
    expect(JSON.stringify(text)).not.toContain('National Cancer Center');
    // Its PDF under a neutral name (the file's own name names the author), downloadable. (The
    // link's address holds the stored key, with the name as uploaded: decision 0053.)
    const files = opened.body.data.abstract.files as { name: string; url: string }[];
    expect(files.map((f) => f.name)).toEqual(['abstract-1.pdf']);
    const download = await fetch(files[0]!.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('abstract-1.pdf');
    expect(download.headers.get('content-disposition')).not.toContain('Zhang');
    expect(opened.body.data.review).toMatchObject({ state: 'assigned', version: 1 });

    const draft = await call<{ version: number; state: string }>('PUT', `/review/abstracts/${a!.id}/review`, {
      token: r1!.token,
      at: REVIEWING,
      json: { ratings: { originality: 4 }, comment_to_authors: 'Clear aims.', version: 1 },
    });
    expect([draft.status, draft.body.message, draft.body.data.state]).toEqual([200, reviewMessages.draftSaved, 'draft']);

    // A stale version is refused and changes nothing.
    const stale = await call('PUT', `/review/abstracts/${a!.id}/review`, { token: r1!.token, at: REVIEWING, json: { ratings: all(1), proposal: 'reject', submit: true, version: 1 } });
    expect([stale.status, stale.body.message]).toEqual([409, reviewMessages.changedMeanwhile]);
    // Off the scale, or incomplete on submission: refused.
    const offScale = await call('PUT', `/review/abstracts/${a!.id}/review`, { token: r1!.token, at: REVIEWING, json: { ratings: { ...all(4), methods: 6 }, proposal: 'oral', submit: true, version: 2 } });
    expect([offScale.status, offScale.body.message]).toEqual([422, reviewMessages.ratings]);
    const incomplete = await call('PUT', `/review/abstracts/${a!.id}/review`, { token: r1!.token, at: REVIEWING, json: { ratings: { originality: 4 }, proposal: 'oral', submit: true, version: 2 } });
    expect([incomplete.status, incomplete.body.message]).toEqual([422, reviewMessages.ratings]);
    const noProposal = await call('PUT', `/review/abstracts/${a!.id}/review`, { token: r1!.token, at: REVIEWING, json: { ratings: all(4), submit: true, version: 2 } });
    expect([noProposal.status, noProposal.body.message]).toEqual([422, reviewMessages.proposal]);
    expect((await read(r1!.token, a!.id)).body.data.review).toMatchObject({ state: 'draft', version: 2, ratings: { originality: 4 } });

    // r2 submits first; r1 does not see it until r1 has submitted.
    expect((await call('PUT', `/review/abstracts/${a!.id}/review`, { token: r2!.token, at: REVIEWING, json: { ratings: all(2), proposal: 'poster', comment_to_authors: 'Needs more data.', submit: true, version: 1 } })).status).toBe(200);
    expect((await read(r1!.token, a!.id)).body.data.others).toBeNull();
    const submitted = await call('PUT', `/review/abstracts/${a!.id}/review`, { token: r1!.token, at: REVIEWING, json: { ratings: all(5), proposal: 'oral', comment_to_committee: 'Best of the session.', submit: true, version: 2 } });
    expect([submitted.status, submitted.body.message]).toEqual([200, reviewMessages.submitted]);
    const after = (await read(r1!.token, a!.id)).body.data;
    expect(after.others).toEqual([{ reviewer: 'Reviewer 1', ratings: all(2), proposal: 'poster', comment_to_authors: 'Needs more data.', score: 2 }]);
    // The committee's comment is not shown to the other reviewers.
    expect(JSON.stringify((await read(r2!.token, a!.id)).body.data.others)).not.toContain('Best of the session');
    const q = await queue(r1!.token);
    expect(q.done).toBeGreaterThanOrEqual(1);
  });

  it('a decline with a reason gives the abstract back; the next run assigns the conflicted-free rest, never the one who declined', async () => {
    const [, b] = abstracts;
    const [, , r3] = fair;
    const noReason = await call('POST', `/review/abstracts/${b!.id}/decline`, { token: r3!.token, at: REVIEWING, json: { reason: ' ', version: 1 } });
    expect([noReason.status, noReason.body.message]).toEqual([422, reviewMessages.declineReason]);
    const declined = await call('POST', `/review/abstracts/${b!.id}/decline`, { token: r3!.token, at: REVIEWING, json: { reason: 'I advised the first author.', version: 1 } });
    expect([declined.status, declined.body.message]).toEqual([200, reviewMessages.declined]);
    expect((await queue(r3!.token)).items.map((i) => i.abstract_id)).not.toContain(b!.id);
    expect((await read(r3!.token, b!.id)).status).toBe(404);
    // The pool has no other fair reviewer: the run reports the abstract short rather than give it to r3 again or to the conflicted one.
    const run = await runAssignmentJob(chair.token, REVIEWING);
    expect(run.short.find((s) => s.abstract_id === b!.id)).toMatchObject({ missing: 1 });
    expect((await queue(r3!.token)).items.map((i) => i.abstract_id)).not.toContain(b!.id);
    expect((await queue(conflicted.token)).items.map((i) => i.abstract_id)).not.toContain(b!.id);
    const trail = (await call<{ items: AuditEntry[] }>('GET', `/office/audit/abstract/${b!.id}`, { token: office.token })).body.data.items;
    expect(trail.find((e) => e.action === 'review.declined')).toMatchObject({ reason: 'I advised the first author.', actor: { kind: 'reviewer', email: r3!.email } });
    expect(trail.filter((e) => e.action === 'review.assigned')).toHaveLength(3);
  });

  it('is closed before and after the review phase, with the date and zone', async () => {
    const [a] = abstracts;
    const [, , r3] = fair;
    const early = await call('PUT', `/review/abstracts/${a!.id}/review`, { token: r3!.token, at: BEFORE_REVIEW, json: { ratings: all(3), proposal: 'poster', submit: true, version: 1 } });
    expect([early.status, early.body.message]).toEqual([403, reviewMessages.notOpen]);
    expect(reviewMessages.notOpen).toContain('17 May 2024');
    const late = await call('PUT', `/review/abstracts/${a!.id}/review`, { token: r3!.token, at: AFTER_REVIEW, json: { ratings: all(3), proposal: 'poster', submit: true, version: 1 } });
    expect([late.status, late.body.message]).toEqual([403, reviewMessages.closed]);
    expect(reviewMessages.closed).toContain('14 June 2024, 24:00 CST (UTC+8)');
    expect((await read(r3!.token, a!.id, AFTER_REVIEW)).body.data).toMatchObject({ editable: false, review: { state: 'assigned', version: 1 } });
  });

  it('ranks the category for the committee: scores, disagreement, proposals, the unreviewed last', async () => {
    const [a, b] = abstracts;
    const page = await call<{ items: { abstract_id: string; score: { reviews: number; mean: number | null; disagreement: string[]; proposals: Record<string, number> } }[] }>(
      'GET',
      '/review/committee/ranking',
      { token: chair.token, at: REVIEWING, query: { category: CATEGORY, limit: '100' } },
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const ids = page.body.data.items.map((i) => i.abstract_id);
    expect(ids.indexOf(a!.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(a!.id)).toBeLessThan(ids.indexOf(b!.id));
    expect(page.body.data.items.find((i) => i.abstract_id === a!.id)!.score).toEqual({
      reviews: 2,
      mean: 3.5,
      median: 3.5,
      disagreement: ['originality', 'methods', 'relevance', 'clarity', 'overall'],
      proposals: { oral: 1, poster: 1, reject: 0 },
    });
    expect(page.body.data.items.find((i) => i.abstract_id === b!.id)!.score.mean).toBeNull();
    // A page is a page.
    const small = await call<{ items: unknown[]; cursor: string | null }>('GET', '/review/committee/ranking', { token: chair.token, query: { category: CATEGORY, limit: '1' } });
    expect(small.body.data.items).toHaveLength(1);
    expect(small.body.data.cursor).not.toBeNull();
    const unknown = await call('GET', '/review/committee/ranking', { token: chair.token, query: { category: 'astrology' } });
    expect(unknown.status).toBe(422);
    // The committee reads every review with its reviewer and the comments for the committee.
    const one = await call<{ reviews: { reviewer: string; comment_to_committee: string; decline_reason: string | null }[]; abstract: { authors: { name: string }[] } }>(
      'GET',
      `/review/committee/abstracts/${a!.id}`,
      { token: chair.token },
    );
    expect(one.body.data.abstract.authors[0]!.name).toBe('Wei Zhang1');
    expect(one.body.data.reviews.map((r) => r.comment_to_committee)).toContain('Best of the session.');
    expect(one.body.data.reviews.some((r) => r.reviewer.includes(fair[0]!.email))).toBe(true);
    const declinedView = await call<{ reviews: { decline_reason: string | null }[] }>('GET', `/review/committee/abstracts/${b!.id}`, { token: chair.token });
    expect(declinedView.body.data.reviews.map((r) => r.decline_reason)).toContain('I advised the first author.');
    // Reviewers do not reach the committee's routes.
    expect((await call('GET', '/review/committee/ranking', { token: fair[0]!.token, query: { category: CATEGORY } })).body.message).toBe(officeMessages.committeeOnly);
  });

  it('decides within the slots: a full category refuses, a change frees a slot, stale versions and bad duplicates are refused', async () => {
    const [a, b] = abstracts;
    const slots = await call<{ version: number; categories: { category: string; oral: { quota: number; decided: number } }[] }>('GET', '/review/committee/slots', { token: chair.token });
    const set = await call('PUT', '/review/committee/slots', { token: chair.token, json: { quotas: { [CATEGORY]: { oral: 1, poster: 5 } }, version: slots.body.data.version } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const stale = await call('PUT', '/review/committee/slots', { token: chair.token, json: { quotas: { [CATEGORY]: { oral: 2, poster: 5 } }, version: slots.body.data.version } });
    expect([stale.status, stale.body.message]).toEqual([409, decisionMessages.quotasChanged]);

    const oralA = await call<{ version: number }>('PUT', `/review/committee/decisions/${a!.id}`, { token: chair.token, json: { outcome: 'oral', version: 0 } });
    expect([oralA.status, oralA.body.message]).toEqual([200, decisionMessages.decided('oral')]);
    const full = await call('PUT', `/review/committee/decisions/${b!.id}`, { token: chair.token, json: { outcome: 'oral', version: 0 } });
    expect([full.status, full.body.message]).toEqual([409, decisionMessages.full(CATEGORY, 'oral', 1)]);
    const staleDecision = await call('PUT', `/review/committee/decisions/${a!.id}`, { token: chair.token, json: { outcome: 'poster', version: 0 } });
    expect([staleDecision.status, staleDecision.body.message]).toEqual([409, decisionMessages.changedMeanwhile]);
    const noOriginal = await call('PUT', `/review/committee/decisions/${b!.id}`, { token: chair.token, json: { outcome: 'duplicate', version: 0 } });
    expect([noOriginal.status, noOriginal.body.message]).toEqual([422, decisionMessages.duplicateOf]);
    // The quota cannot go below what is decided.
    const current = (await call<{ version: number }>('GET', '/review/committee/slots', { token: chair.token })).body.data.version;
    const below = await call('PUT', '/review/committee/slots', { token: chair.token, json: { quotas: { [CATEGORY]: { oral: 0, poster: 5 } }, version: current } });
    expect([below.status, below.body.message]).toEqual([422, decisionMessages.belowDecided(CATEGORY, 'oral', 1)]);
    // a moves to poster: its oral slot is free for b.
    expect((await call('PUT', `/review/committee/decisions/${a!.id}`, { token: chair.token, json: { outcome: 'poster', note: 'Better as a poster', version: oralA.body.data.version } })).status).toBe(200);
    expect((await call('PUT', `/review/committee/decisions/${b!.id}`, { token: chair.token, json: { outcome: 'oral', version: 0 } })).status).toBe(200);
    const after = await call<{ slots: { oral: { quota: number; decided: number }; poster: { decided: number } } }>('GET', '/review/committee/ranking', { token: chair.token, query: { category: CATEGORY } });
    expect(after.body.data.slots).toMatchObject({ oral: { quota: 1, decided: 1 }, poster: { decided: 1 } });
    const trail = (await call<{ items: AuditEntry[] }>('GET', `/office/audit/abstract/${a!.id}`, { token: office.token })).body.data.items;
    expect(trail.filter((e) => e.action === 'decision.pending').map((e) => e.after)).toEqual([{ outcome: 'poster' }, { outcome: 'oral' }]);
    expect(trail.find((e) => e.reason === 'Better as a poster')).toBeDefined();
  });

  it('two committee members filling the last slot at once: one gets it, the other is told it is full', async () => {
    const author = await newDelegate('reviewing-race-author');
    const ids: string[] = [];
    for (const i of [1, 2]) {
      const created = await call<{ id: string }>('POST', '/contribute', { token: author.token, at: SUBMITTING, json: validAbstract({ abstract_category: 'aetiology.infections', title_of_abstract: `RACE ${i} ${Date.now().toString(36)}` }) });
      ids.push(created.body.data.id);
    }
    await runAssignmentJob(chair.token, REVIEWING);
    const slots = await call<{ version: number }>('GET', '/review/committee/slots', { token: chair.token });
    expect((await call('PUT', '/review/committee/slots', { token: chair.token, json: { quotas: { [CATEGORY]: { oral: 2, poster: 5 } }, version: slots.body.data.version } })).status).toBe(200);
    const answers = await Promise.all(ids.map((id) => call('PUT', `/review/committee/decisions/${id}`, { token: chair.token, json: { outcome: 'oral', version: 0 } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(decisionMessages.full(CATEGORY, 'oral', 2));
    const ranking = await call<{ slots: { oral: { decided: number } } }>('GET', '/review/committee/ranking', { token: chair.token, query: { category: CATEGORY } });
    expect(ranking.body.data.slots.oral.decided).toBe(2);
  });

  it("a reviewer's declared conflict hides the abstract at once, answering as one that does not exist; it is audited", async () => {
    const [a] = abstracts;
    const [r1] = fair;
    expect((await queue(r1!.token)).items.map((i) => i.abstract_id)).toContain(a!.id);
    const long = await call('PUT', '/review/declarations', { token: r1!.token, json: { people: ['x'.repeat(201)] } });
    expect([long.status, long.body.message]).toEqual([422, declarationMessages.tooLong]);
    const declared = await call('PUT', '/review/declarations', { token: r1!.token, json: { people: [' Wei.Zhang1@example.org ', ''], institutions: ['Oslo University Hospital'] } });
    expect([declared.status, declared.body.message, declared.body.data]).toEqual([200, declarationMessages.saved, { people: ['Wei.Zhang1@example.org'], institutions: ['Oslo University Hospital'] }]);
    const q = await queue(r1!.token);
    expect(q.items.map((i) => i.abstract_id)).not.toContain(a!.id);
    expect(q.declared).toEqual({ people: ['Wei.Zhang1@example.org'], institutions: ['Oslo University Hospital'] });
    expect((await read(r1!.token, a!.id)).body).toEqual((await read(r1!.token, 'no-such-abstract')).body);
    const trail = (await call<{ items: AuditEntry[] }>('GET', `/office/audit/account/${r1!.id}`, { token: office.token })).body.data.items;
    expect(trail.find((e) => e.action === 'review.conflicts_declared')?.after).toEqual({ people: ['Wei.Zhang1@example.org'], institutions: ['Oslo University Hospital'] });
    // For the next run r1's open assignment of b no longer counts (r1's submitted review of a still
    // does): b is short of two, since r3 declined it and nobody else in the pool is free of conflict.
    const [, b] = abstracts;
    const run = await runAssignmentJob(chair.token, REVIEWING);
    expect(run.short.find((s) => s.abstract_id === b!.id)).toMatchObject({ assigned: 1, missing: 2 });
    expect(run.short.find((s) => s.abstract_id === a!.id)).toBeUndefined();
    // Not a reviewer: refused.
    expect((await call('PUT', '/review/declarations', { token: chair.token, json: { people: [] } })).body.message).toBe(officeMessages.reviewersOnly);
  });

  it('a revoked reviewer is refused from the next request', async () => {
    const r = await reviewer('reviewing-revoked', 'Cancer Registry of Norway');
    await call('PUT', '/office/review_team', { token: office.token, json: { email: r.email, reviewer_categories: ['topics'] } });
    expect((await call('GET', '/review/queue', { token: r.token, at: REVIEWING })).status).toBe(200);
    await call('PUT', '/office/review_team', { token: office.token, json: { email: r.email, reviewer_categories: [] } });
    const refused = await call('GET', '/review/queue', { token: r.token, at: REVIEWING });
    expect([refused.status, refused.body.message]).toEqual([403, officeMessages.reviewersOnly]);
  });
});
