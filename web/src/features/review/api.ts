/** The abstract review's calls, built from the route table. */
import { routes } from '#core/routes';
import type { reviewQueue, reviewedAbstract, runAssignment } from '#core/review/reviewing';
import type { ReviewForm } from '#core/review/schemas';
import { callApi, callApiForMessage } from '../../lib/api-client';

export type ReviewQueue = Awaited<ReturnType<typeof reviewQueue>>;
export type ReviewedAbstract = Awaited<ReturnType<typeof reviewedAbstract>>;
export type AssignmentResult = Awaited<ReturnType<typeof runAssignment>>['data'];
export type SavedReview = ReviewedAbstract['review'];

export const reviewQueueKey = ['review', 'queue'] as const;
export const reviewedAbstractKey = (id: string) => ['review', 'abstract', id] as const;

export const reviewApi = {
  queue: () => callApi<ReviewQueue>(routes.getReviewQueue),
  abstract: (id: string) => callApi<ReviewedAbstract>(routes.getReviewedAbstract, { params: { id } }),
  save: (id: string, body: ReviewForm) => callApiForMessage<SavedReview>(routes.saveReview, { params: { id }, body }),
  decline: (id: string, body: { reason: string; version: number }) => callApiForMessage<null>(routes.declineReview, { params: { id }, body }),
  runAssignment: () => callApiForMessage<AssignmentResult>(routes.runReviewAssignment, { body: {} }),
};
