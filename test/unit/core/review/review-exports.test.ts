/**
 * The review's exports as rows: the office's review sheet (every review, and the reviewers of the
 * category in conflict, co-authorship included), the decisions (published fields when present),
 * and a reviewer's reading copy (blind: no author, no institution; not blind: both).
 */
import { describe, expect, it } from 'vitest';
import type { StoredAbstract } from '#core/abstracts/ports';
import type { PdfSpec } from '#core/documents/model';
import { csvRecords } from '#core/office/csv';
import { scoresOf, type AbstractSummary } from '#core/review/deciding';
import { decisionColumns, decisionRows, reviewSheetColumns, reviewSheetRows, type ReviewSheetSource } from '#core/review/review-exports';
import { readingCopyColumns, readingCopySpec, type ReadingCopyRow } from '#core/review/reviewer-export';
import type { StoredReview } from '#core/review/reviewing';
import type { ReviewTeamMember } from '#core/review/team';

const person = (n: number, institute = 'Haukeland University Hospital') => ({
  first_name: 'Astrid',
  last_name: `Quisling${n}`,
  email: `astrid${n}@example.org`,
  institute,
  city: 'Bergen',
  country: 'Norway',
});

const abstract = (id: string, category: string, authors: ReturnType<typeof person>[], extra: Partial<StoredAbstract> = {}): StoredAbstract =>
  ({
    id,
    owner_id: `owner-${id}`,
    abstract_category: category,
    title_of_abstract: `TITLE ${id}`,
    keywords: 'screening; uptake; registry',
    abstract_body: 'Background: one.\nMethods: two.',
    authors,
    presenter_infos: [],
    presenter_abstract: true,
    upload_files: [],
    submitter_name: 'Astrid Quisling1',
    created_at: `2024-05-0${id.length}T00:00:00.000Z`,
    updated_at: '2024-05-01T00:00:00.000Z',
    ...extra,
  }) as StoredAbstract;

const member = (id: string, organization: string, categories: string[], extra: Partial<ReviewTeamMember> = {}): ReviewTeamMember => ({
  user_id: id,
  email: `${id}@registry.no`,
  name: `Reviewer ${id}`,
  organization,
  reviewer: { categories },
  committee: false,
  updated_at: '2024-05-01T00:00:00.000Z',
  updated_by: 'office@example.org',
  ...extra,
});

const review = (abstractId: string, reviewerId: string, extra: Partial<StoredReview> = {}): StoredReview => ({
  abstract_id: abstractId,
  owner_id: `owner-${abstractId}`,
  reviewer_id: reviewerId,
  category: 'control',
  state: 'assigned',
  assigned_at: '2024-05-17T00:00:00.000Z',
  assigned_by: 'chair@example.org',
  updated_at: '2024-05-17T00:00:00.000Z',
  version: 1,
  ...extra,
});

const all = (v: number) => ({ originality: v, methods: v, relevance: v, clarity: v });
const table = <Row>(columns: Parameters<typeof csvRecords<Row>>[0], rows: Row[]) => {
  const [header, ...lines] = [...csvRecords(columns, rows)];
  return lines.map((l) => Object.fromEntries(header!.map((h, i) => [h, l[i]!])));
};

describe('the review sheet', () => {
  // a: by Quisling1 and Quisling2; c: Quisling2 with an author of the reviewer's own abstract elsewhere.
  const a = abstract('a', 'control.screening', [person(1), person(2)]);
  const elsewhere = abstract('bb', 'topics.childhood', [person(2), { ...person(9, 'Cancer Registry of Norway'), email: 'fair@registry.no' }]);
  const source: ReviewSheetSource = {
    abstracts: [{ abstract: elsewhere }, { abstract: a, owner_email: 'astrid1@example.org' }],
    reviews: [
      review('a', 'fair', { state: 'submitted', ratings: all(4), proposal: 'poster', comment_to_authors: '=1+1', comment_to_committee: 'ok', submitted_at: '2024-05-20T02:00:00.000Z' }),
      review('a', 'drafter', { state: 'draft', ratings: { originality: 1 }, proposal: 'reject', comment_to_committee: 'not yet' }),
      review('a', 'gone', { state: 'declined', decline_reason: 'Travelling' }),
    ],
    members: [
      // Not an author of a, but co-authored bb with one of a's authors: a conflict only the whole congress shows.
      member('fair', 'Cancer Registry of Norway', ['control', 'topics'], { email: 'fair@registry.no' }),
      member('drafter', 'Cancer Registry of Norway', ['control']),
      member('haukeland', 'Haukeland Univ. Hospital', ['control']),
      member('elsewhere', 'Haukeland Univ. Hospital', ['descriptive']),
      member('committee-only', 'Haukeland Univ. Hospital', [], { reviewer: null, committee: true }),
    ],
    people: new Map([['gone', { email: 'gone@example.org', name: 'Former Reviewer' }]]),
  };

  it('lists each review of an abstract, then the reviewers of its category in conflict who hold no assignment of it', () => {
    const rows = reviewSheetRows(source).filter((r) => r.abstract.id === 'a');
    expect(rows.map((r) => [r.reviewer.email, r.review?.state ?? null, r.conflicts])).toEqual([
      ['drafter@registry.no', 'draft', []],
      ['fair@registry.no', 'submitted', ['co-author']],
      ['gone@example.org', 'declined', []],
      // The other category's reviewer and the committee member are not listed: they would never review it.
      ['haukeland@registry.no', null, ['institution']],
    ]);
  });

  it("shows the office's override of a conflict, and whether the conflict still holds", () => {
    const override = { abstract_id: 'a', reviewer_id: 'haukeland', category: 'control', lifted: ['institution' as const], reason: 'Another department', overridden: true, by: 'office@example.org', at: '2024-05-19T02:00:00.000Z', version: 1 };
    const withdrawn = { ...override, reviewer_id: 'fair', lifted: ['co-author' as const], overridden: false };
    const rows = table(reviewSheetColumns, reviewSheetRows({ ...source, overrides: [override, withdrawn] })).filter((r) => r.abstract_id === 'a');
    expect(rows.map((r) => [r.reviewer_email, r.conflict_holds, r.override_reason])).toEqual([
      ['drafter@registry.no', '', ''],
      ['fair@registry.no', 'yes', ''],
      ['gone@example.org', '', ''],
      ['haukeland@registry.no', 'no: overridden by the office', 'Another department (office@example.org, 2024-05-19 10:00:00 +08:00)'],
    ]);
  });

  it('orders abstracts by review category (the form’s order), then as submitted', () => {
    expect([...new Set(reviewSheetRows(source).map((r) => r.abstract.id))]).toEqual(['a', 'bb']);
  });

  it('shows a submitted review’s scores and comments, formula-safe, and only the state of a draft', () => {
    const rows = table(reviewSheetColumns, reviewSheetRows(source)).filter((r) => r.abstract_id === 'a');
    const [drafter, fair, gone, haukeland] = rows;
    expect(fair).toMatchObject({ review_state: 'submitted', weighted_score: '4.00', proposed_outcome: 'poster', comment_to_authors: "'=1+1", conflict_kind: 'co-author', conflict_reason: 'reviewer co-authored another abstract with an author' });
    expect(fair!['originality (Originality; 1-5, weight 1)']).toBe('4');
    expect(fair!['submitted_at (CST, UTC+8)']).toBe('2024-05-20 10:00:00 +08:00');
    expect(drafter).toMatchObject({ review_state: 'draft', weighted_score: '', proposed_outcome: '', comment_for_committee: '', 'originality (Originality; 1-5, weight 1)': '' });
    expect(gone).toMatchObject({ reviewer_name: 'Former Reviewer', review_state: 'declined', decline_reason: 'Travelling' });
    expect(haukeland).toMatchObject({ review_state: 'not assigned (conflict of interest)', conflict_kind: 'institution', 'assigned_at (CST, UTC+8)': '' });
  });
});

describe('the decisions', () => {
  const summary = (id: string, scores: StoredReview[], extra: Partial<AbstractSummary> = {}): AbstractSummary => ({
    abstract_id: id,
    owner_id: `owner-${id}`,
    category: 'control',
    title: `TITLE ${id}`,
    score: scoresOf(scores),
    scores_v: 1,
    decision: null,
    decision_v: 0,
    ...extra,
  });
  const submitted = (v: number, proposal: 'oral' | 'poster' | 'reject') => review('x', `r${v}${proposal}`, { state: 'submitted', ratings: all(v), proposal });

  it('ranks each category best first, the unreviewed last, and shows what was published when it was', () => {
    const low = abstract('low', 'control.care', [person(1)]);
    const high = abstract('high', 'control.screening', [person(1)], { presentation: { type: 'oral', accepted_at: '2024-07-01T02:00:00.000Z', number: 'O-007' }, review_outcome: { outcome: 'oral', number: 'O-007', published_at: '2024-07-01T02:00:00.000Z' } } as Partial<StoredAbstract>);
    const none = abstract('none', 'control.policy', [person(1)]);
    const first = abstract('reg', 'registration.coding', [person(1)]);
    const rows = decisionRows({
      abstracts: [{ abstract: none }, { abstract: low }, { abstract: high, owner_email: 'astrid1@example.org' }, { abstract: first }],
      summaries: [
        summary('low', [submitted(2, 'reject'), submitted(5, 'oral')]),
        summary('high', [submitted(5, 'oral')], { decision: { outcome: 'oral', decided_by: 'chair@example.org', decided_at: '2024-06-20T02:00:00.000Z' }, decision_v: 1 }),
      ],
    });
    expect(rows.map((r) => r.abstract.id)).toEqual(['reg', 'high', 'low', 'none']);
    const cells = table(decisionColumns, rows);
    expect(cells[1]).toMatchObject({
      submitter_email: 'astrid1@example.org',
      reviews_submitted: '1',
      mean_score: '5.00',
      pending_decision: 'Accept as oral',
      decided_by: 'chair@example.org',
      'decided_at (CST, UTC+8)': '2024-06-20 10:00:00 +08:00',
      published_outcome: 'Accept as oral',
      presentation_type: 'oral',
      presentation_number: 'O-007',
      'accepted_at (CST, UTC+8)': '2024-07-01 10:00:00 +08:00',
    });
    expect(cells[2]).toMatchObject({ reviews_submitted: '2', mean_score: '3.50', proposed_oral: '1', proposed_reject: '1', 'reviewers_disagree (a spread of 3 or more)': 'yes: originality, methods, relevance, clarity, overall', presentation_number: '' });
    expect(cells[3]).toMatchObject({ reviews_submitted: '0', mean_score: '', median_score: '', 'reviewers_disagree (a spread of 3 or more)': 'no', pending_decision: '' });
  });
});

describe("a reviewer's reading copy", () => {
  const rows: ReadingCopyRow[] = [{ abstract: abstract('a', 'control.screening', [person(1)], { upload_files: ['f1'] }), review: review('a', 'me', { state: 'draft', proposal: 'poster' }) }];
  const printed = (spec: PdfSpec) => JSON.stringify(spec);

  it('blind: no author and no institution, in the CSV or the PDF', () => {
    const csv = JSON.stringify([...csvRecords(readingCopyColumns(true), rows)]);
    const pdf = printed(readingCopySpec(rows, { name: 'Me', email: 'me@registry.no' }, new Date('2024-05-20T02:00:00Z'), true));
    for (const text of [csv, pdf]) {
      expect(text).toContain('TITLE a');
      expect(text).toContain('Methods: two.');
      expect(text).not.toMatch(/Quisling|Haukeland|astrid1/);
    }
    expect(pdf).toContain('The review is blind');
    expect(table(readingCopyColumns(true), rows)[0]).toMatchObject({ your_review: 'draft saved', your_proposal: 'poster', your_weighted_score: '', 'pdf_files (read them in the portal)': '1' });
  });

  it('not blind: the authors with their institutions', () => {
    expect(table(readingCopyColumns(false), rows)[0]!['authors (institute, country)']).toBe('Astrid Quisling1 (Haukeland University Hospital, Norway)');
    const pdf = readingCopySpec(rows, { name: 'Me', email: 'me@registry.no' }, new Date('2024-05-20T02:00:00Z'), false);
    expect(printed(pdf)).toContain('Astrid Quisling1 (Haukeland University Hospital, Norway)');
    expect(printed(pdf)).not.toContain('The review is blind');
    // A list first, then a page for each abstract with its text as paragraphs.
    expect(pdf.blocks.map((b) => b.kind)).toEqual(['paragraph', 'table', 'page', 'heading', 'fields', 'paragraph', 'paragraph']);
  });
});
