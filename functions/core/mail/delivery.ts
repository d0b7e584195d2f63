/**
 * Mail that survives bounces. An address whose mail bounced for good, or whose owner reported
 * our mail as spam, is marked; a marked address gets no further notifications (they would only
 * bounce again, or annoy, and SES judges the sender by its bounce and complaint rates), while
 * essential mail - what the delegate asked for right now, such as an activation or reset link - is
 * still tried. The rules live here (plain TypeScript); SES's notifications are read in
 * ses-events.ts, the marks are stored behind `MailMarkStore` (functions/storage/mail-marks.ts).
 */
import type { Logger, Mail, Mailer } from '../accounts/ports';

/**
 * essential: the delegate asked for it now and cannot go on without it (activation, password
 * reset); notification: a confirmation or news of a change the portal also shows (abstract
 * saved, order placed, payment received, refunds, the office's notices). See docs/decisions/0012-mail-that-survives-bounces.md.
 */
export type MailImportance = 'essential' | 'notification';

export type MarkKind = 'bounced' | 'complained';

export interface MailMark {
  /** Trimmed, lower case: the form every look-up uses. */
  address: string;
  kind: MarkKind;
  /** When SES saw the bounce or the complaint (ISO instant). */
  at: string;
  /** What the receiving side said (bounce type and diagnostic, or the feedback type), for the log and the office. */
  diagnostic: string;
  /** SES's id of the mail that bounced or was complained about. */
  messageId?: string;
}

export interface MailMarkStore {
  get(address: string): Promise<MailMark | undefined>;
  /**
   * Records the mark unless a newer one is stored (SNS keeps no order: an old notification may
   * arrive last). Answers whether it was stored.
   */
  mark(mark: MailMark, recordedAt: Date): Promise<boolean>;
  /** Removes a bounce mark made before `before` (complaints stay); answers whether one was removed. */
  clearBounceBefore(address: string, before: Date): Promise<boolean>;
}

/** `Ada <ADA@Example.org> ` -> `ada@example.org`: the form marks are stored and looked up in. */
export function addressOf(raw: string): string {
  const bracketed = /<([^<>]*)>\s*$/.exec(raw);
  return (bracketed ? bracketed[1]! : raw).trim().toLowerCase();
}

/** Whether a mail of this importance goes to an address with this mark (or none). */
export function mayDeliver(importance: MailImportance, mark: MailMark | undefined): boolean {
  return importance === 'essential' || mark === undefined;
}

/**
 * Whether following a link mailed at `linkIssuedAt` shows that mail reaches the address again:
 * only a bounce can be cleared this way, and only by a link sent after it (the delegate got a
 * mail the bounce could not have been about). A complaint is the owner's word, not a delivery
 * fault, and stays.
 */
export function linkClearsMark(mark: Pick<MailMark, 'kind' | 'at'>, linkIssuedAt: Date): boolean {
  return mark.kind === 'bounced' && Date.parse(mark.at) < linkIssuedAt.getTime();
}

/** What the delegate's own page shows about their address (the user info's `mail_delivery`). */
export function deliveryNotice(mark: MailMark | undefined) {
  return mark ? { problem: mark.kind, at: mark.at } : null;
}
export type DeliveryNotice = ReturnType<typeof deliveryNotice>;

/**
 * A mailer that keeps notifications away from marked addresses: it answers 'withheld' (and logs
 * it) instead of sending. Essential mail is sent without looking. If the mark cannot be read the
 * mail is sent: a storage hiccup must not swallow a payment confirmation.
 */
export function markAwareMailer(deps: { marks: Pick<MailMarkStore, 'get'>; transport: (mail: Mail) => Promise<void>; log: Logger }): Mailer {
  return {
    async send(mail) {
      if (mail.importance !== 'essential') {
        const mark = await deps.marks.get(addressOf(mail.to)).catch((error: unknown) => {
          deps.log.error('mail mark not readable; sending', { error: (error as Error).message });
          return undefined;
        });
        if (!mayDeliver(mail.importance, mark)) {
          // No address in the log: the subject and the mark say enough to find it.
          deps.log.info('mail.withheld', { subject: mail.subject, mark_kind: mark!.kind, mark_at: mark!.at });
          return 'withheld';
        }
      }
      await deps.transport(mail);
      return 'sent';
    },
  };
}
