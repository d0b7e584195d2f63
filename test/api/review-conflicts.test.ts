/**
 * Conflicts the office overrides, and assignments the committee changes by hand (decision 0057),
 * through the API: the office lists a category's computed conflicts a page at a time; an override
 * needs a reason, never lifts authorship and is audited; an overridden conflict lets the
 * committee assign the reviewer, who then reads the abstract; restored, the abstract answers that
 * reviewer exactly as one never assigned. The committee moves, adds and removes one assignment,
 * refused with a clear message for a reviewer without the category, in conflict, an author, one
 * already assigned or who declined, and for a submitted review; two moves at once: one lands.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '#core/audit/audit';
import { officeMessages } from '#core/office/access';
import { conflictOverrideMessages } from '#core/review/conflict-overrides';
import { conflictReasonText } from '#core/review/conflicts';
import { decisionMessages } from '#core/review/deciding';
import { manualAssignmentMessages } from '#core/review/manual-assignment';
import { reviewMessages } from '#core/review/reviewing';
import { validAbstract } from '../support/bodies';
import { call, newDelegate, officeSession, runAssignmentJob, totpCode, userIdOf } from './support';

/** Abstracts are open until 16 May 2024 24:00 CST; the review runs 17 May to 14 June. */
const SUBMITTING = '2024-05-10T02:00:00Z';
const REVIEWING = '2024-05-20T02:00:00Z';
/**
 * The assignment runs here at a clock before the reviewing tests' (test/api/reviewing.test.ts,
 * 20 May): while this file's run holds the lease, theirs finds it lapsed and takes it over, so it
 * never waits on this file; this file waits while theirs runs.
 */
const EARLY_RUN = '2024-05-18T02:00:00Z';
/** A review category no other API test reviews in. */
const CATEGORY = 'registration';

interface Row {
  abstract_id: string;
  reviewer_id: string;
  reasons: { code: string; text: string }[];
  holds: boolean;
  overridable: boolean;
  override: { reason: string; by: string } | null;
  version: number;
}
interface ConflictPage {
  items: Row[];
  cursor: string | null;
}
interface CommitteeView {
  reviews: { reviewer_id: string; state: string }[];
  eligible_reviewers: { user_id: string; label: string }[];
}

const all = (v: number) => ({ originality: v, methods: v, relevance: v, clarity: v });

async function reviewer(tag: string, organization: string) {
  const d = await newDelegate(tag);
  const profile = await call('POST', '/update', { token: d.token, json: { occupation: 'Epidemiologist', organization, country: 'Norway', mobile: '+47 1234 5678' } });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  return { ...d, id: await userIdOf(d.token) };
}
type Reviewer = Awaited<ReturnType<typeof reviewer>>;

const queueIds = async (token: string) => (await call<{ items: { abstract_id: string }[] }>('GET', '/review/queue', { token, at: REVIEWING })).body.data.items.map((i) => i.abstract_id);
const read = (token: string, id: string) => call('GET', `/review/abstracts/${id}`, { token, at: REVIEWING });

describe('conflicts the office overrides and assignments the committee changes by hand', () => {
  let office: Awaited<ReturnType<typeof officeSession>>;
  let chair: { token: string; email: string };
  let fair: Reviewer[];
  let ncc: Reviewer;
  let selfie: Reviewer;
  let topicsOnly: Reviewer;
  let abstractA: string;
  let abstractB: string;

  const conflicts = (query: Record<string, string>, token = office.token) => call<ConflictPage>('GET', '/office/review_conflicts', { token, query: { category: CATEGORY, ...query } });
  const rowOf = async (abstractId: string, reviewerId: string) => {
    const items: Row[] = [];
    let cursor: string | undefined;
    do {
      const page = (await conflicts(cursor ? { cursor, limit: '100' } : { limit: '100' })).body.data;
      items.push(...page.items);
      cursor = page.cursor ?? undefined;
    } while (cursor);
    return items.find((r) => r.abstract_id === abstractId && r.reviewer_id === reviewerId);
  };
  const override = (json: Record<string, unknown>, token = office.token) => call<{ version: number }>('PUT', '/office/review_conflicts', { token, json });
  const view = async (id: string) => (await call<CommitteeView>('GET', `/review/committee/abstracts/${id}`, { token: chair.token, at: REVIEWING })).body.data;
  const move = (id: string, json: Record<string, unknown>, token = chair.token) => call('PUT', `/review/committee/assignments/${id}`, { token, at: REVIEWING, json });
  const trail = async (id: string) => (await call<{ items: AuditEntry[] }>('GET', `/office/audit/abstract/${id}`, { token: office.token })).body.data.items;
  /** The fair reviewers who hold the abstract (not submitted, declined or removed). */
  const holders = async (id: string) => (await view(id)).reviews.filter((r) => (r.state === 'assigned' || r.state === 'draft') && fair.some((f) => f.id === r.reviewer_id)).map((r) => r.reviewer_id);
  const byId = (id: string) => [...fair, ncc, selfie, topicsOnly].find((r) => r.id === id)!;

  beforeAll(async () => {
    office = await officeSession('conflicts-office');
    fair = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => reviewer(`conflicts-f${n}`, 'Cancer Registry of Norway')));
    // The test abstracts' authors are at the National Cancer Center.
    ncc = await reviewer('conflicts-ncc', 'Natl. Cancer Ctr. (国家癌症中心), Beijing');
    selfie = await reviewer('conflicts-selfie', 'Cancer Registry of Norway');
    topicsOnly = await reviewer('conflicts-topics', 'Cancer Registry of Norway');
    for (const r of [...fair, ncc, selfie]) {
      const granted = await call('PUT', '/office/review_team', { token: office.token, json: { email: r.email, reviewer_categories: [CATEGORY] } });
      expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    }
    expect((await call('PUT', '/office/review_team', { token: office.token, json: { email: topicsOnly.email, reviewer_categories: ['topics'] } })).status).toBe(200);
    // A: submitted by a reviewer of the category (its author); B: by someone else, with the same co-authors.
    const a = await call<{ id: string }>('POST', '/contribute', { token: selfie.token, at: SUBMITTING, json: validAbstract({ abstract_category: 'registration.coding', title_of_abstract: `SCREENING UPTAKE ${Date.now().toString(36)}` }) });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    abstractA = a.body.data.id;
    const author = await newDelegate('conflicts-author');
    const b = await call<{ id: string }>('POST', '/contribute', { token: author.token, at: SUBMITTING, json: validAbstract({ abstract_category: 'registration.informatics', title_of_abstract: `QUALITY OF CARE ${Date.now().toString(36)}` }) });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    abstractB = b.body.data.id;
    const member = await newDelegate('conflicts-chair');
    await call('PUT', '/office/review_team', { token: office.token, json: { email: member.email, committee: true } });
    const enrol = await call<{ secret: string }>('POST', '/office/second_factor/enrol', { token: member.token });
    expect((await call('POST', '/office/second_factor/confirm', { token: member.token, json: { code: await totpCode(enrol.body.data.secret) } })).status).toBe(200);
    chair = member;
    await runAssignmentJob(chair.token, EARLY_RUN);
    for (const id of [abstractA, abstractB]) expect(await holders(id)).toHaveLength(3);
  }, 120_000);

  it("lists a category's computed conflicts for the office, a page at a time; authorship is listed, not overridable", async () => {
    const nccA = await rowOf(abstractA, ncc.id);
    expect(nccA).toMatchObject({ reasons: [{ code: 'institution', text: conflictReasonText.institution }], holds: true, overridable: true, override: null, version: 0 });
    expect((await rowOf(abstractA, selfie.id))?.reasons.map((r) => r.code)).toContain('author');
    expect((await rowOf(abstractA, selfie.id))?.overridable).toBe(false);
    // B shares its authors with A, which selfie submitted: a co-author conflict, overridable.
    expect(await rowOf(abstractB, selfie.id)).toMatchObject({ reasons: [{ code: 'co-author' }], overridable: true });
    for (const f of fair) expect(await rowOf(abstractA, f.id)).toBeUndefined();

    const first = await conflicts({ limit: '1' });
    expect(first.body.data.items).toHaveLength(1);
    expect(first.body.data.cursor).not.toBeNull();
    const second = await conflicts({ limit: '1', cursor: first.body.data.cursor! });
    expect(second.body.data.items).toHaveLength(1);
    expect(second.body.data.items[0]).not.toEqual(first.body.data.items[0]);
    const badCursor = await conflicts({ cursor: 'zz' });
    expect([badCursor.status, badCursor.body.message]).toEqual([422, conflictOverrideMessages.cursor]);
    const unknown = await conflicts({ category: 'astrology' });
    expect([unknown.status, unknown.body.message]).toEqual([422, decisionMessages.unknownCategory]);
    // The office's only: not the committee, not a reviewer.
    expect((await conflicts({}, chair.token)).body.message).toBe(officeMessages.organisersOnly);
    expect((await conflicts({}, ncc.token)).body.message).toBe(officeMessages.organisersOnly);
  });

  it('refuses what cannot be overridden or restored, each with its message, changing nothing', async () => {
    const body = (over: Record<string, unknown>) => ({ abstract_id: abstractA, reviewer_id: ncc.id, overridden: true, reason: 'Another department', version: 0, ...over });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ reason: '  ' }, 422, conflictOverrideMessages.reason],
      [{ reviewer_id: selfie.id }, 422, conflictOverrideMessages.author],
      [{ reviewer_id: fair[0]!.id }, 422, conflictOverrideMessages.noConflict],
      [{ reviewer_id: topicsOnly.id }, 422, conflictOverrideMessages.notReviewer],
      [{ abstract_id: 'no-such-abstract' }, 404, conflictOverrideMessages.notFound],
      [{ overridden: false }, 422, conflictOverrideMessages.notOverridden],
      [{ version: 3 }, 409, conflictOverrideMessages.changedMeanwhile],
    ];
    for (const [over, status, message] of cases) {
      const answer = await override(body(over));
      expect([answer.status, answer.body.message], JSON.stringify(over)).toEqual([status, message]);
    }
    expect((await override(body({}), chair.token)).body.message).toBe(officeMessages.organisersOnly);
    expect((await trail(abstractA)).filter((e) => e.action.startsWith('review_conflict.'))).toEqual([]);
    expect(await rowOf(abstractA, ncc.id)).toMatchObject({ holds: true, override: null, version: 0 });
  });

  it('an overridden conflict lets the committee assign the reviewer, who reads the abstract; restored, it answers as never assigned', async () => {
    const missing = await read(ncc.token, 'no-such-abstract');
    expect((await read(ncc.token, abstractA)).body).toEqual(missing.body);
    // In conflict, the committee cannot assign ncc by hand, nor does its form offer them.
    const conflicted = await move(abstractA, { add_reviewer_id: ncc.id });
    expect([conflicted.status, conflicted.body.message]).toEqual([422, manualAssignmentMessages.conflicted(conflictReasonText.institution)]);
    expect((await view(abstractA)).eligible_reviewers.map((r) => r.user_id)).not.toContain(ncc.id);

    const done = await override({ abstract_id: abstractA, reviewer_id: ncc.id, overridden: true, reason: 'Another department, no joint work', version: 0 });
    expect([done.status, done.body.message, done.body.data.version]).toEqual([200, conflictOverrideMessages.overridden(ncc.email), 1]);
    expect(await rowOf(abstractA, ncc.id)).toMatchObject({ holds: false, override: { reason: 'Another department, no joint work', by: office.email }, version: 1 });
    expect((await trail(abstractA)).find((e) => e.action === 'review_conflict.overridden')).toMatchObject({
      actor: { kind: 'organiser', email: office.email },
      after: { reviewer_id: ncc.id, lifted: ['institution'] },
      reason: 'Another department, no joint work',
    });
    // Overridden, but not assigned yet: still not found.
    expect((await read(ncc.token, abstractA)).body).toEqual(missing.body);
    expect((await view(abstractA)).eligible_reviewers.map((r) => r.user_id)).toContain(ncc.id);

    const [from] = await holders(abstractA);
    const moved = await move(abstractA, { remove_reviewer_id: from, add_reviewer_id: ncc.id });
    expect([moved.status, moved.body.message]).toEqual([200, manualAssignmentMessages.moved(byId(from!).email, ncc.email)]);
    expect((await trail(abstractA)).find((e) => e.action === 'review_assignment.moved')).toMatchObject({
      actor: { kind: 'committee', email: chair.email },
      before: { reviewer_id: from },
      after: { reviewer_id: ncc.id },
    });
    expect(await queueIds(ncc.token)).toContain(abstractA);
    const opened = await read(ncc.token, abstractA);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ abstract: { id: abstractA, blind: true }, review: { state: 'assigned' } });
    // The reviewer it was taken from no longer meets it.
    const removed = byId(from!);
    expect(await queueIds(removed.token)).not.toContain(abstractA);
    expect((await read(removed.token, abstractA)).body).toEqual((await read(removed.token, 'no-such-abstract')).body);

    const restored = await override({ abstract_id: abstractA, reviewer_id: ncc.id, overridden: false, reason: 'They wrote a grant together after all', version: 1 });
    expect([restored.status, restored.body.message]).toEqual([200, conflictOverrideMessages.restored(ncc.email)]);
    expect((await trail(abstractA)).find((e) => e.action === 'review_conflict.restored')).toMatchObject({ after: { reviewer_id: ncc.id, lifted: [] }, reason: 'They wrote a grant together after all' });
    expect(await queueIds(ncc.token)).not.toContain(abstractA);
    const hidden = [
      await read(ncc.token, abstractA),
      await call('PUT', `/review/abstracts/${abstractA}/review`, { token: ncc.token, at: REVIEWING, json: { ratings: all(4), proposal: 'poster', submit: true, version: 1 } }),
      await call('POST', `/review/abstracts/${abstractA}/decline`, { token: ncc.token, at: REVIEWING, json: { reason: 'Busy', version: 1 } }),
    ];
    const never = [
      await read(ncc.token, 'no-such-abstract'),
      await call('PUT', '/review/abstracts/no-such-abstract/review', { token: ncc.token, at: REVIEWING, json: { ratings: all(4), proposal: 'poster', submit: true, version: 1 } }),
      await call('POST', '/review/abstracts/no-such-abstract/decline', { token: ncc.token, at: REVIEWING, json: { reason: 'Busy', version: 1 } }),
    ];
    expect(hidden.map((r) => [r.status, r.body])).toEqual(never.map((r) => [r.status, r.body]));
    expect(hidden[0]!.body.message).toBe(reviewMessages.notFound);
    expect(await rowOf(abstractA, ncc.id)).toMatchObject({ holds: true, override: null, version: 2 });
  });

  it('moves, adds and removes by hand; each refusal says why and changes nothing', async () => {
    const before = (await trail(abstractA)).filter((e) => e.action === 'review_assignment.moved').length;
    const [held1, held2] = await holders(abstractA);
    const cases: [string, Record<string, unknown>, number, string][] = [
      [abstractA, {}, 422, manualAssignmentMessages.nothing],
      [abstractA, { remove_reviewer_id: held1, add_reviewer_id: held1 }, 422, manualAssignmentMessages.same],
      ['no-such-abstract', { add_reviewer_id: fair[0]!.id }, 404, decisionMessages.notFound],
      [abstractA, { add_reviewer_id: selfie.id }, 422, manualAssignmentMessages.author],
      [abstractA, { add_reviewer_id: held2 }, 422, manualAssignmentMessages.duplicate],
      [abstractA, { add_reviewer_id: topicsOnly.id }, 422, manualAssignmentMessages.notReviewer(CATEGORY)],
      [abstractA, { remove_reviewer_id: topicsOnly.id }, 422, manualAssignmentMessages.notAssigned],
      // Co-authorship (of A, which selfie submitted) is checked against every abstract when one is added.
      [abstractB, { add_reviewer_id: selfie.id }, 422, manualAssignmentMessages.conflicted(conflictReasonText['co-author'])],
    ];
    for (const [id, json, status, message] of cases) {
      const answer = await move(id, json);
      expect([answer.status, answer.body.message], JSON.stringify(json)).toEqual([status, message]);
    }
    expect((await move(abstractA, { add_reviewer_id: fair[0]!.id }, office.token)).body.message).toBe(officeMessages.committeeOnly);
    expect((await move(abstractA, { add_reviewer_id: fair[0]!.id }, fair[0]!.token)).body.message).toBe(officeMessages.committeeOnly);

    // A submitted review is never removed.
    const submitter = byId(held1!);
    expect((await call('PUT', `/review/abstracts/${abstractA}/review`, { token: submitter.token, at: REVIEWING, json: { ratings: all(4), proposal: 'poster', submit: true, version: 1 } })).status).toBe(200);
    const submitted = await move(abstractA, { remove_reviewer_id: held1 });
    expect([submitted.status, submitted.body.message]).toEqual([422, manualAssignmentMessages.removeSubmitted]);
    // One who declined is neither removed nor added again.
    const [decliner] = await holders(abstractB);
    expect((await call('POST', `/review/abstracts/${abstractB}/decline`, { token: byId(decliner!).token, at: REVIEWING, json: { reason: 'I supervise an author.', version: 1 } })).status).toBe(200);
    const removeDeclined = await move(abstractB, { remove_reviewer_id: decliner });
    expect([removeDeclined.status, removeDeclined.body.message]).toEqual([422, manualAssignmentMessages.removeDeclined]);
    const addDeclined = await move(abstractB, { add_reviewer_id: decliner });
    expect([addDeclined.status, addDeclined.body.message]).toEqual([422, manualAssignmentMessages.declinedBefore]);
    expect((await trail(abstractA)).filter((e) => e.action === 'review_assignment.moved')).toHaveLength(before);

    // Added, removed, added again: each audited, each seen at once by the reviewer.
    const extra = byId((await view(abstractA)).eligible_reviewers.find((r) => fair.some((f) => f.id === r.user_id))!.user_id);
    const added = await move(abstractA, { add_reviewer_id: extra.id });
    expect([added.status, added.body.message]).toEqual([200, manualAssignmentMessages.added(extra.email)]);
    expect(await queueIds(extra.token)).toContain(abstractA);
    const firstVersion = (await read(extra.token, abstractA)).body.data as { review: { version: number } };
    const removed = await move(abstractA, { remove_reviewer_id: extra.id });
    expect([removed.status, removed.body.message]).toEqual([200, manualAssignmentMessages.removed(extra.email)]);
    expect(await queueIds(extra.token)).not.toContain(abstractA);
    expect((await read(extra.token, abstractA)).status).toBe(404);
    expect((await view(abstractA)).reviews.map((r) => r.reviewer_id)).not.toContain(extra.id);
    const again = await move(abstractA, { add_reviewer_id: extra.id });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // Made again afresh, over the removed one's version.
    expect((await read(extra.token, abstractA)).body.data).toMatchObject({ review: { state: 'assigned', version: firstVersion.review.version + 2 } });
    // (The three share the pinned clock's instant: compared as a set.)
    const moves = (await trail(abstractA)).filter((e) => e.action === 'review_assignment.moved').map((e) => JSON.stringify([e.before, e.after]));
    expect(moves).toHaveLength(before + 3);
    expect(moves.filter((m) => m === JSON.stringify([{ reviewer_id: null }, { reviewer_id: extra.id }]))).toHaveLength(2);
    expect(moves.filter((m) => m === JSON.stringify([{ reviewer_id: extra.id }, { reviewer_id: null }]))).toHaveLength(1);
  });

  it('two committee members moving the same assignment at once: one lands, the other is refused', async () => {
    const [from] = await holders(abstractB);
    const [to1, to2] = (await view(abstractB)).eligible_reviewers.filter((r) => fair.some((f) => f.id === r.user_id)).map((r) => r.user_id);
    expect(to2).toBeDefined();
    const answers = await Promise.all([to1, to2].map((to) => move(abstractB, { remove_reviewer_id: from, add_reviewer_id: to })));
    expect(answers.filter((a) => a.status === 200), JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
    const refused = answers.find((a) => a.status !== 200)!;
    expect([[409, manualAssignmentMessages.changedMeanwhile], [422, manualAssignmentMessages.notAssigned]]).toContainEqual([refused.status, refused.body.message]);
    const now = await holders(abstractB);
    expect(now).not.toContain(from);
    expect([to1, to2].filter((to) => now.includes(to!))).toHaveLength(1);
  });
});
