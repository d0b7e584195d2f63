/**
 * One SES notification in, its marks stored: what the mail-events worker does with each message
 * SNS delivers. A message that is not an SES notification is logged and dropped (retrying it
 * would not make it one); a storage failure throws, so that Lambda tries the event again.
 */
import type { Logger } from '../accounts/ports';
import type { MailMarkStore } from './delivery';
import { marksOf, parseSesNotification } from './ses-events';

export interface MailEventDeps {
  marks: Pick<MailMarkStore, 'mark'>;
  log: Logger;
}

export async function recordMailEvent(deps: MailEventDeps, message: string, now: Date) {
  const parsed = parseSesNotification(message);
  if (!parsed.ok) {
    deps.log.error('mail event dropped', { reason: parsed.reason });
    return { marked: 0, dropped: true };
  }
  let marked = 0;
  for (const mark of marksOf(parsed.notification, now)) {
    const stored = await deps.marks.mark(mark, now);
    if (stored) marked += 1;
    // The action name as the office's audit would write it; the address stays out of the log.
    deps.log.info(stored ? `mail.${mark.kind}` : `mail.${mark.kind}.older`, { at: mark.at, diagnostic: mark.diagnostic, message_id: mark.messageId });
  }
  return { marked, dropped: false };
}
