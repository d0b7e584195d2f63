/**
 * SES's bounce and complaint notifications (the JSON SES publishes through the configuration
 * set's SNS destination), read as hostile input: JSON.parse (which keeps `__proto__` an own key)
 * and then zod, which copies only the fields named here, each bounded in size, into new objects.
 * Anything else SES adds is ignored, as SES asks of its readers.
 *
 * Event publishing names the type `eventType`; identity notifications (if ever turned on) name it
 * `notificationType`. Both are read.
 */
import * as z from 'zod/mini';
import { addressOf, type MailMark } from './delivery';

const text = (max: number) => z.string().check(z.maxLength(max));
/** Longer than any address (RFC 5321 allows 254), short enough that a forged list costs nothing. */
const address = text(512);
const recipients = <T extends z.ZodMiniType>(item: T) => z.array(item).check(z.maxLength(100));

const bounceSchema = z.object({
  bounceType: text(64),
  bounceSubType: z.optional(text(64)),
  bouncedRecipients: recipients(
    z.object({
      emailAddress: address,
      action: z.optional(text(64)),
      status: z.optional(text(64)),
      diagnosticCode: z.optional(text(2000)),
    }),
  ),
  timestamp: z.optional(text(64)),
  feedbackId: z.optional(text(256)),
});

const complaintSchema = z.object({
  complainedRecipients: recipients(z.object({ emailAddress: address })),
  complaintFeedbackType: z.optional(text(64)),
  complaintSubType: z.optional(z.nullable(text(64))),
  timestamp: z.optional(text(64)),
  feedbackId: z.optional(text(256)),
});

export const sesNotificationSchema = z.object({
  eventType: z.optional(text(64)),
  notificationType: z.optional(text(64)),
  mail: z.optional(
    z.object({
      messageId: z.optional(text(256)),
      timestamp: z.optional(text(64)),
      destination: z.optional(recipients(address)),
    }),
  ),
  bounce: z.optional(bounceSchema),
  complaint: z.optional(complaintSchema),
});
export type SesNotification = z.output<typeof sesNotificationSchema>;

/** An SNS message's text as SES's notification, or why it is not one. */
export function parseSesNotification(message: string): { ok: true; notification: SesNotification } | { ok: false; reason: string } {
  if (message.length > 256 * 1024) return { ok: false, reason: 'too large' }; // SNS's own limit
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const parsed = sesNotificationSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: `not an SES notification: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}` };
  return { ok: true, notification: parsed.data };
}

/** SES's time if it is an instant, else the time the notification was read. */
function instant(value: string | undefined, now: Date): string {
  const ms = value === undefined ? Number.NaN : Date.parse(value);
  return Number.isNaN(ms) ? now.toISOString() : new Date(ms).toISOString();
}

/**
 * The addresses a notification marks. A permanent bounce marks each bounced recipient; transient
 * and undetermined bounces (a full mailbox, a server that was down) mark nothing, since the next
 * mail may well arrive. A complaint marks each complaining recipient, unless its feedback says
 * "not-spam". Other types (deliveries, sends, ...) mark nothing.
 *
 * The portal sends every mail to one recipient. A bounce may name the final recipient after a
 * forward rather than the address we wrote to; marks go to addresses we wrote to (`destination`),
 * so a bounced recipient we never wrote to marks the mail's only destination instead.
 */
export function marksOf(n: SesNotification, now: Date): MailMark[] {
  const type = n.eventType ?? n.notificationType;
  const destination = (n.mail?.destination ?? []).map(addressOf);
  const messageId = n.mail?.messageId;
  const ours = (named: string[]) => {
    const known = named.map(addressOf).filter((a) => a.includes('@'));
    if (destination.length === 0) return [...new Set(known)];
    const matching = known.filter((a) => destination.includes(a));
    return [...new Set(matching.length > 0 ? matching : known.length > 0 && destination.length === 1 ? destination : [])];
  };
  if (type === 'Bounce' && n.bounce) {
    if (n.bounce.bounceType !== 'Permanent') return [];
    const at = instant(n.bounce.timestamp, now);
    const why = new Map(n.bounce.bouncedRecipients.map((r) => [addressOf(r.emailAddress), r.diagnosticCode ?? r.status ?? '']));
    return ours(n.bounce.bouncedRecipients.map((r) => r.emailAddress)).map((a) => ({
      address: a,
      kind: 'bounced' as const,
      at,
      diagnostic: [`Permanent/${n.bounce!.bounceSubType ?? 'General'}`, why.get(a) ?? why.values().next().value ?? ''].filter(Boolean).join(': ').slice(0, 1000),
      messageId,
    }));
  }
  if (type === 'Complaint' && n.complaint) {
    if (n.complaint.complaintFeedbackType === 'not-spam') return [];
    const at = instant(n.complaint.timestamp, now);
    return ours(n.complaint.complainedRecipients.map((r) => r.emailAddress)).map((a) => ({
      address: a,
      kind: 'complained' as const,
      at,
      diagnostic: `Complaint/${n.complaint!.complaintFeedbackType ?? 'unspecified'}`,
      messageId,
    }));
  }
  return [];
}
