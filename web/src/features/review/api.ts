/** The abstract review's calls, built from the route table. */
import { routes } from '#core/routes';
import type { committeeAbstract, ranking, slotTable } from '#core/review/deciding';
import type { reviewQueue, reviewedAbstract, runAssignment } from '#core/review/reviewing';
import type { AssignmentMoveForm, DecisionForm, ReviewForm } from '#core/review/schemas';
import { callApi, callApiForMessage } from '../../lib/api-client';

export type ReviewQueue = Awaited<ReturnType<typeof reviewQueue>>;
export type ReviewedAbstract = Awaited<ReturnType<typeof reviewedAbstract>>;
export type AssignmentResult = Awaited<ReturnType<typeof runAssignment>>['data'];
export type SavedReview = ReviewedAbstract['review'];

export type Ranking = Awaited<ReturnType<typeof ranking>>;
export type CommitteeAbstract = Awaited<ReturnType<typeof committeeAbstract>>;
export type SlotTable = Awaited<ReturnType<typeof slotTable>>;

export const reviewQueueKey = ['review', 'queue'] as const;
export const rankingKey = (category: string, cursor: string | undefined) => ['review', 'ranking', category, cursor ?? ''] as const;
export const committeeAbstractKey = (id: string) => ['review', 'committee-abstract', id] as const;
export const slotsKey = ['review', 'slots'] as const;
export const reviewedAbstractKey = (id: string) => ['review', 'abstract', id] as const;

export const reviewApi = {
  queue: () => callApi<ReviewQueue>(routes.getReviewQueue),
  abstract: (id: string) => callApi<ReviewedAbstract>(routes.getReviewedAbstract, { params: { id } }),
  save: (id: string, body: ReviewForm) => callApiForMessage<SavedReview>(routes.saveReview, { params: { id }, body }),
  decline: (id: string, body: { reason: string; version: number }) => callApiForMessage<null>(routes.declineReview, { params: { id }, body }),
  declare: (body: { people: string[]; institutions: string[] }) => callApiForMessage<{ people: string[]; institutions: string[] }>(routes.declareReviewConflicts, { body }),
  runAssignment: () => callApiForMessage<AssignmentResult>(routes.runReviewAssignment, { body: {} }),
  ranking: (category: string, cursor?: string) => callApi<Ranking>(routes.getReviewRanking, { query: { category, cursor, limit: 25 } }),
  committeeAbstract: (id: string) => callApi<CommitteeAbstract>(routes.getCommitteeAbstract, { params: { id } }),
  moveAssignment: (id: string, body: AssignmentMoveForm) => callApiForMessage<{ removed: string | null; added: string | null }>(routes.moveReviewAssignment, { params: { id }, body }),
  decide: (id: string, body: DecisionForm) => callApiForMessage<{ version: number }>(routes.decideAbstract, { params: { id }, body }),
  slots: () => callApi<SlotTable>(routes.getReviewSlots),
  saveSlots: (body: { quotas: Record<string, { oral: number; poster: number }>; version: number }) => callApiForMessage<SlotTable>(routes.saveReviewSlots, { body }),
};
