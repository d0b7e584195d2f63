/**
 * The review's words from the config (functions/core/config/review.ts) and the review categories
 * in the page's language: a criterion is `review.criterion.<id>`, each value of its scale
 * `review.criterion.<id>.<1-5>`; a category is the abstract form's group
 * (`abstracts.category.<value>`). What the catalogs do not know yet (the committee adds a
 * criterion) shows in English.
 */
import type { RatingCriterion } from '#core/config/review';
import type { MessageId, Translate } from '#core/i18n/messages';
import { reviewCategoryLabel } from '#core/review/team';
import { categoryOptionLabel } from '../abstracts/option-labels';

function byId(t: Translate, id: string, english: string): string {
  const text = t(id as MessageId);
  return text === id ? english : text;
}

export const criterionLabel = (t: Translate, c: Pick<RatingCriterion, 'id' | 'label'>) => byId(t, `review.criterion.${c.id}`, c.label);

/** The label of value `value` (1 to 5) of a criterion's scale. */
export const scaleLabel = (t: Translate, c: Pick<RatingCriterion, 'id' | 'scale'>, value: number) => byId(t, `review.criterion.${c.id}.${value}`, c.scale[value - 1] ?? String(value));

export const categoryLabel = (t: Translate, value: string) => categoryOptionLabel(t, value, reviewCategoryLabel(value));

/** A reviewer's proposal, as the form offers it. */
export const proposalIds = {
  oral: 'review.proposal.oral',
  poster: 'review.proposal.poster',
  reject: 'review.proposal.reject',
} as const satisfies Record<string, MessageId>;

/** Why a reviewer is in conflict with an abstract (functions/core/review/conflicts.ts), by its code. */
export const conflictReasonLabel = (t: Translate, reason: { code: string; text: string }) => byId(t, `review.office.conflicts.reason.${reason.code}`, reason.text);
