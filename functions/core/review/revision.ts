/**
 * The "revise" loop (issue 31, indico#6752): an abstract published as "revise" may be changed by
 * its author once, until 19 July 2024 24:00 CST (its text only: its category, and so its reviewers,
 * and its PDFs stay); its reviewers then re-check it, changing their reviews until 26 July 24:00
 * CST; the committee decides again (accept or reject: not "revise" twice) and publishes.
 */
import type { StoredAbstract } from '../abstracts/ports';
import { reviewPhases } from '../config/conference';
import { formatCstDeadline, isBefore } from '../time';
import { instantValue, text } from '../i18n/messages';

type WithOutcome = Pick<StoredAbstract, 'review_outcome'>;

/** The author may still send their one revision. */
export const revisionOpen = (a: WithOutcome, now: Date) => a.review_outcome?.outcome === 'revise' && !a.review_outcome.resubmitted_at && isBefore(now, reviewPhases.revisionUntil);

/** The abstract's reviewers may change their reviews again: it was revised, and the re-check has not closed. */
export const recheckOpen = (a: WithOutcome, now: Date) => a.review_outcome?.outcome === 'revise' && Boolean(a.review_outcome.resubmitted_at) && isBefore(now, reviewPhases.recheckUntil);

/** The revision's messages with dates in the reader's language; their English is `revisionMessages`' word for word. */
export const revisionTexts = {
  revised: text('api.abstracts.revised', { until: instantValue(reviewPhases.recheckUntil, 'deadline') }),
  reviseTooLate: text('api.review.reviseTooLate', { until: instantValue(reviewPhases.revisionUntil, 'deadline') }),
};

export const revisionMessages = {
  categoryStays: 'In a revision the category stays (its reviewers read it again): change the text only.',
  peopleStay: 'In a revision the authors and presenters stay as they were reviewed (the reviewers free of conflicts with them read it again): change the text only.',
  filesStay: 'In a revision the PDF files stay as they were reviewed: change the text only.',
  revised: `Your revision is saved and sent to the reviewers. The committee decides after they have read it again (by ${formatCstDeadline(reviewPhases.recheckUntil)}).`,
  reviseTooLate: `A revision can no longer be asked for: authors could revise until ${formatCstDeadline(reviewPhases.revisionUntil)}. Accept or reject the abstract.`,
  recheckClosed: `The re-check of revised abstracts closed on ${formatCstDeadline(reviewPhases.recheckUntil)}.`,
} as const;
