/** The abstract review's calls, built from the route table. */
import { routes } from '#core/routes';
import type { committeeAbstract, ranking, slotTable } from '#core/review/deciding';
import type { reviewQueue, reviewedAbstract } from '#core/review/reviewing';
import type { listAssignmentRuns } from '#core/review/assignment-job';
import type { listPublications, previewDecisionMail, publicationOutbox } from '#core/review/publishing';
import type { JobView } from '#core/office/jobs';
import type { AssignmentMoveForm, DecisionForm, ReviewForm } from '#core/review/schemas';
import { callApi, callApiForMessage } from '../../lib/api-client';

export type ReviewQueue = Awaited<ReturnType<typeof reviewQueue>>;
export type ReviewedAbstract = Awaited<ReturnType<typeof reviewedAbstract>>;
export type AssignmentRuns = Awaited<ReturnType<typeof listAssignmentRuns>>;
export const assignmentRunsKey = ['review', 'assignment-runs'] as const;
export type SavedReview = ReviewedAbstract['review'];

export type Ranking = Awaited<ReturnType<typeof ranking>>;
export type CommitteeAbstract = Awaited<ReturnType<typeof committeeAbstract>>;
export type SlotTable = Awaited<ReturnType<typeof slotTable>>;

export type Publications = Awaited<ReturnType<typeof listPublications>>;
export type DecisionMailPreview = Awaited<ReturnType<typeof previewDecisionMail>>;
export type Outbox = Awaited<ReturnType<typeof publicationOutbox>>;
export const publicationsKey = ['review', 'publications'] as const;
export const decisionMailsKey = ['office', 'decision-mails'] as const;
export const outboxKey = (id: string, page: number) => ['office', 'decision-mails', id, page] as const;

export const reviewQueueKey = ['review', 'queue'] as const;
export const rankingKey = (category: string, cursor: string | undefined) => ['review', 'ranking', category, cursor ?? ''] as const;
export const committeeAbstractKey = (id: string) => ['review', 'committee-abstract', id] as const;
export const slotsKey = ['review', 'slots'] as const;
export const reviewedAbstractKey = (id: string) => ['review', 'abstract', id] as const;

export const reviewApi = {
  queue: () => callApi<ReviewQueue>(routes.getReviewQueue),
  /** A link (a few minutes) to the reviewer's assigned abstracts as CSV or PDF. */
  exportQueue: (format: 'csv' | 'pdf') => callApi<{ url: string; file_name: string; abstracts: number }>(routes.exportReviewQueue, { query: { format } }),
  abstract: (id: string) => callApi<ReviewedAbstract>(routes.getReviewedAbstract, { params: { id } }),
  save: (id: string, body: ReviewForm) => callApiForMessage<SavedReview>(routes.saveReview, { params: { id }, body }),
  decline: (id: string, body: { reason: string; version: number }) => callApiForMessage<null>(routes.declineReview, { params: { id }, body }),
  declare: (body: { people: string[]; institutions: string[] }) => callApiForMessage<{ people: string[]; institutions: string[] }>(routes.declareReviewConflicts, { body }),
  runAssignment: () => callApiForMessage<{ job: JobView }>(routes.runReviewAssignment, { body: {} }),
  assignmentRuns: (job?: string) => callApi<AssignmentRuns>(routes.listReviewAssignmentRuns, { query: { job } }),
  ranking: (category: string, cursor?: string) => callApi<Ranking>(routes.getReviewRanking, { query: { category, cursor, limit: 25 } }),
  committeeAbstract: (id: string) => callApi<CommitteeAbstract>(routes.getCommitteeAbstract, { params: { id } }),
  moveAssignment: (id: string, body: AssignmentMoveForm) => callApiForMessage<{ removed: string | null; added: string | null }>(routes.moveReviewAssignment, { params: { id }, body }),
  decide: (id: string, body: DecisionForm) => callApiForMessage<{ version: number }>(routes.decideAbstract, { params: { id }, body }),
  slots: () => callApi<SlotTable>(routes.getReviewSlots),
  publish: (category: string | undefined) => callApiForMessage<{ job: JobView }>(routes.publishDecisions, { body: { category: category ?? 'all' } }),
  publications: () => callApi<Publications>(routes.listCommitteePublications),
  previewMail: (id: string) => callApi<DecisionMailPreview>(routes.previewDecisionMail, { params: { id } }),
  /** The office's outbox of the decisions' mails. */
  decisionMails: () => callApi<Publications>(routes.listDecisionMails),
  outbox: (id: string, page: number) => callApi<Outbox>(routes.getDecisionMails, { params: { id }, query: { page } }),
  resend: (id: string, at: { batch: number; position: number }) => callApiForMessage<null>(routes.resendDecisionMail, { params: { id }, body: at }),
  saveSlots: (body: { quotas: Record<string, { oral: number; poster: number }>; version: number }) => callApiForMessage<SlotTable>(routes.saveReviewSlots, { body }),
};
