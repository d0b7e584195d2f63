/** The review's forms, once: the handlers parse with them and the web forms validate with them. */
import * as z from 'zod/mini';
import { reviewSettings } from '../config/review';
import { conflictOverrideMessages } from './conflict-overrides';
import { decisionMessages, outcomes } from './deciding';
import { manualAssignmentMessages } from './manual-assignment';
import { reviewMessages } from './reviewing';
import { declarationMessages, reviewCategoryValues, reviewTeamMessages } from './team';

const emailMessage = 'Please enter the e-mail address of the account.';

export const reviewRolesBody = z.object({
  email: z.pipe(
    z
      .string({ message: emailMessage })
      .check(z.trim(), z.minLength(3, emailMessage), z.maxLength(254, emailMessage)),
    z.email({ message: emailMessage }),
  ),
  reviewer_categories: z._default(
    z
      .array(
        z
          .string({ message: reviewTeamMessages.unknownCategory })
          .check(z.refine((v) => reviewCategoryValues.includes(v), reviewTeamMessages.unknownCategory)),
      )
      .check(z.maxLength(reviewCategoryValues.length * 2)),
    [],
  ),
  committee: z._default(z.boolean({ message: 'Please say whether the person is on the committee.' }), false),
});
export type ReviewRolesForm = z.input<typeof reviewRolesBody>;

const comment = z._default(z.string().check(z.trim(), z.maxLength(3000, reviewMessages.commentTooLong)), '');
const version = z.number({ message: reviewMessages.changedMeanwhile }).check(z.int(), z.minimum(0));

/** A review as the reviewer saves it: ratings may be missing in a draft, never off the scale. */
export const reviewBody = z.object({
  ratings: z._default(z.record(z.string().check(z.maxLength(40)), z.number({ message: reviewMessages.ratings })), {}),
  proposal: z.optional(z.enum(reviewSettings.proposals, { message: reviewMessages.proposal })),
  comment_to_authors: comment,
  comment_to_committee: comment,
  submit: z._default(z.boolean(), false),
  version,
});
export type ReviewForm = z.input<typeof reviewBody>;

export const declineBody = z.object({
  reason: z.string({ message: reviewMessages.declineReason }).check(z.trim(), z.minLength(1, reviewMessages.declineReason), z.maxLength(1000, reviewMessages.commentTooLong)),
  version,
});

export const decisionBody = z.object({
  outcome: z.nullable(z.enum(outcomes, { message: decisionMessages.outcome })),
  duplicate_of: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  note: z.optional(z.string().check(z.trim(), z.maxLength(1000, reviewMessages.commentTooLong))),
  version,
});
export type DecisionForm = z.input<typeof decisionBody>;

const slotCount = z.number({ message: 'Please give a whole number from 0 to 500.' }).check(z.int('Please give a whole number from 0 to 500.'), z.minimum(0, 'Please give a whole number from 0 to 500.'), z.maximum(500, 'Please give a whole number from 0 to 500.'));
export const slotsBody = z.object({
  quotas: z.partialRecord(z.enum(reviewCategoryValues as [string, ...string[]], { message: decisionMessages.unknownCategory }), z.object({ oral: slotCount, poster: slotCount })),
  version,
});

export const rankingQuery = z.object({
  category: z.enum(reviewCategoryValues as [string, ...string[]], { message: decisionMessages.unknownCategory }),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: z.pipe(z.optional(z.string().check(z.maxLength(4))), z.transform((v) => Math.min(100, Math.max(1, Number(v ?? 25) || 25)))),
});

const declaredLines = z.array(z.string().check(z.maxLength(200, declarationMessages.tooLong))).check(z.maxLength(50, declarationMessages.tooLong));
export const declarationsBody = z.object({ people: z._default(declaredLines, []), institutions: z._default(declaredLines, []) });
export type DeclarationsForm = z.input<typeof declarationsBody>;

export const reviewedAbstractParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export const publicationParams = z.object({ id: z.string().check(z.maxLength(64)) });
export const outboxQuery = z.object({ page: z.pipe(z.optional(z.string().check(z.maxLength(6))), z.transform((v) => Math.max(0, Math.floor(Number(v ?? 0)) || 0))) });
const place = (max: number) => z.number({ message: 'Please name the mail to send again.' }).check(z.int('Please name the mail to send again.'), z.minimum(0, 'Please name the mail to send again.'), z.maximum(max, 'Please name the mail to send again.'));
export const resendBody = z.object({ batch: place(100_000), position: place(1000) });
/** What the committee publishes: one category, or 'all' (every category: said in so many words, never by leaving it out). */
export const publishBody = z.object({
  category: z.pipe(
    z.enum(['all', ...reviewCategoryValues] as [string, ...string[]], { message: 'Please choose what to publish: a review category, or all of them.' }),
    z.transform((v) => (v === 'all' ? undefined : v)),
  ),
});
const someId = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));
const pageLimit = z.pipe(z.optional(z.string().check(z.maxLength(4))), z.transform((v) => Math.min(100, Math.max(1, Number(v ?? 25) || 25))));

/** GET /office/review_conflicts: a category's conflicts, a page at a time. */
export const conflictsQuery = z.object({
  category: z.enum(reviewCategoryValues as [string, ...string[]], { message: decisionMessages.unknownCategory }),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: pageLimit,
});

/** PUT /office/review_conflicts: an override of a computed conflict (or its withdrawal), with the reason. */
export const conflictOverrideBody = z.object({
  abstract_id: someId,
  reviewer_id: someId,
  overridden: z.boolean({ message: 'Please say whether the conflict is overridden or restored.' }),
  reason: z.string({ message: conflictOverrideMessages.reason }).check(z.trim(), z.minLength(1, conflictOverrideMessages.reason), z.maxLength(1000, reviewMessages.commentTooLong)),
  version,
});
export type ConflictOverrideForm = z.input<typeof conflictOverrideBody>;

/** An optional reviewer of the committee's form: '' (nothing chosen) is none. */
const chosenReviewer = z.optional(z.pipe(z.string().check(z.trim(), z.maxLength(64)), z.transform((v) => v || undefined)));

/** PUT /review/committee/assignments/{id}: one assignment moved, added or removed. */
export const assignmentMoveBody = z
  .object({ remove_reviewer_id: chosenReviewer, add_reviewer_id: chosenReviewer })
  .check(
    z.refine((v) => Boolean(v.remove_reviewer_id || v.add_reviewer_id), { message: manualAssignmentMessages.nothing, path: ['add_reviewer_id'] }),
    z.refine((v) => !v.add_reviewer_id || v.add_reviewer_id !== v.remove_reviewer_id, { message: manualAssignmentMessages.same, path: ['add_reviewer_id'] }),
  );
export type AssignmentMoveForm = z.input<typeof assignmentMoveBody>;
/** A list of office jobs, and one of them followed by its id. */
export const followedJobQuery = z.object({ job: z.optional(z.string().check(z.maxLength(64))) });
