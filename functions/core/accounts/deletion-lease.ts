/**
 * A deletion under way holds its account (docs/decisions/0041-account-deletion-and-money-in-flight.md):
 * the profile carries the run's lease (`deletion_run`, `deletion_until`) from the moment the
 * deletion has checked that no money is in flight until its last step. While the lease holds,
 * nothing new that involves money starts for the account: no order, no card checkout, no bank
 * transfer "Done", no refund asked by the delegate or the office. Each of those writes is
 * conditioned on the profile holding no live lease (the same transaction), and the deletion reads
 * the account again after taking it, so whichever comes first wins and the other is refused with
 * its message. What the card provider or the bank reports (money that already moved) is always
 * recorded. A lease outlives a deletion that was interrupted by only `DELETION_LEASE_MINUTES`.
 */

/** Longer than any one deletion request can run (the function's timeout is under 30 s). */
export const DELETION_LEASE_MINUTES = 5;

export interface DeletionLease {
  /** The run that holds it (a deletion asked twice at once: the second is refused). */
  run: string;
  /** It holds until then (an interrupted run's lease lapses). */
  until: string;
}

export const leaseFrom = (run: string, now: Date): DeletionLease => ({ run, until: new Date(now.getTime() + DELETION_LEASE_MINUTES * 60_000).toISOString() });

/** Whether a profile's lease still holds at `now`. */
export const leaseHolds = (profile: { deletion_until?: string; deleted_at?: string }, now: Date) =>
  !profile.deleted_at && typeof profile.deletion_until === 'string' && profile.deletion_until > now.toISOString();

export const deletionLeaseMessages = {
  /** To the delegate: a checkout, a transfer "Done", a cancellation with refund, a new order. */
  delegate: `Your account is being deleted, so nothing can be paid, refunded or ordered for it now. If you did not finish deleting it, please try again in ${DELETION_LEASE_MINUTES} minutes.`,
  /** To the registration office: a refund or cancellation of one of the account's orders. */
  office: `The delegate is deleting their account right now, so no refund can start for it. Please try again in a few minutes: a paid order is then kept (anonymised) and can still be refunded.`,
} as const;

/** The `data.reason` of a refusal because of a deletion under way. */
export const ACCOUNT_DELETING = 'account_deleting';
