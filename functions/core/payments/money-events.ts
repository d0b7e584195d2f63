/**
 * Money events: what follows a ledger write (the mails about it, an order's receipt or credit
 * note, its visa letter), or an order placed (its mail), is kept IN the write's own transaction
 * as an event (the outbox), and followed off the payment path by the money-events worker
 * (docs/decisions/0050-money-events-off-the-payment-path.md):
 *
 * - the payment path (webhook, success page, the office's confirmations) writes only the ledger,
 *   the subject and their audit entries and events, then hands the events' references to the
 *   queue; a reference lost on the way is reported by the reconciliation and handed on again by
 *   its repair (`npm run reconcile -- --repair`: events still pending);
 * - the worker follows each event once: the documents first (issuing is idempotent: a once-marker
 *   per payment or refund), then the mail, claimed on the event before it is sent (a redelivered
 *   event is never mailed twice), then the event is done;
 * - an order's events are followed one at a time in the order they were handed on (one message
 *   group): receipt and credit-note numbers are taken by one consumer, without contention.
 */
import type { Actor } from '../audit/audit';
import type { Subject } from './model';
import type { PaymentMail } from './ports';

interface EventBase {
  id: string;
  owner_id: string;
  actor: Actor;
  state: 'pending' | 'done';
  created_at: string;
  /** When its mail was claimed (sent, or tried: a failed mail is logged, not repeated). */
  mailed_at?: string;
  done_at?: string;
}

/** A ledger write's event as the outbox keeps it: its mail with the instant as text. */
export interface PaymentEvent extends EventBase {
  kind: PaymentMail['kind'];
  mail: Omit<PaymentMail, 'at'> & { at: string };
}

/**
 * An order placed: what it owes and how to pay it go to the delegate by mail, off the request
 * (written in the order's own transaction; the worker words the mail as the order then reads).
 */
export interface OrderPlacedEvent extends EventBase {
  kind: 'order-placed';
  order_id: string;
}

export type StoredMoneyEvent = PaymentEvent | OrderPlacedEvent;

/** How the queue and the worker name an event. */
export interface MoneyEventRef {
  owner_id: string;
  id: string;
}

/**
 * An event's id, the same for the same event however often it is written or handed on: its kind
 * and the ledger record it is about at the version the write gives it (a write is conditioned on
 * the versions it read, so one version of a record is written once).
 */
export function moneyEventId(mail: Pick<PaymentMail, 'kind' | 'payment' | 'refund'>): string {
  const record = mail.refund ?? mail.payment;
  return `${mail.kind}.${record.id}.${record.version}`;
}

/**
 * The message group an event is followed in: an order's events in one group for the whole
 * congress (its documents are numbered in that order, by one consumer at a time); other subjects
 * (the registration by category: mails only) per owner, in parallel.
 */
export const moneyEventGroup = (subject: Subject) => (subject.kind === 'order' ? 'documents' : `owner-${subject.owner_id}`);

/** An order placed: its event (one per order) and the group it is followed in (its owner's: no documents). */
export function orderPlacedEvent(order: { id: string; owner_id: string }, actor: Actor, now: Date): OrderPlacedEvent {
  return { id: `order-placed.${order.id}`, owner_id: order.owner_id, kind: 'order-placed', order_id: order.id, actor, state: 'pending', created_at: now.toISOString() };
}
export const orderPlacedGroup = (ownerId: string) => `owner-${ownerId}`;

/** The message group a stored event is followed in (either kind). */
export const groupOfEvent = (event: StoredMoneyEvent) => (event.kind === 'order-placed' ? orderPlacedGroup(event.owner_id) : moneyEventGroup(event.mail.payable.subject));

export function storedMoneyEvent(mail: PaymentMail, actor: Actor, now: Date): PaymentEvent {
  return {
    id: moneyEventId(mail),
    owner_id: mail.payable.subject.owner_id,
    kind: mail.kind,
    mail: { ...mail, at: mail.at.toISOString() },
    actor,
    state: 'pending',
    created_at: now.toISOString(),
  };
}

export const mailOf = (event: PaymentEvent): PaymentMail => ({ ...event.mail, at: new Date(event.mail.at) });

export interface MoneyEventStore {
  get(ref: MoneyEventRef): Promise<StoredMoneyEvent | undefined>;
  /** Claims the event's mail: true once (for the first to claim it), false after. */
  claimMail(ref: MoneyEventRef, at: Date): Promise<boolean>;
  done(ref: MoneyEventRef, at: Date): Promise<void>;
  /** Events still pending that were written before `before`, oldest first (the repair). */
  pending(before: Date, limit: number): Promise<MoneyEventRef[]>;
}

export interface FollowMoneyDeps {
  events: MoneyEventStore;
  /** Issues what the subject's ledger now calls for (receipts, credit notes); throws when it cannot (the event comes again). */
  documents(subject: Subject, actor: Actor, at: Date): Promise<void>;
  /** Sends the event's mail (each subject's module words it); a failure is logged there, never thrown. */
  mail(mail: PaymentMail): Promise<void>;
  /** Sends an order's "please complete the payment" mail while it is still unpaid; a failure is logged, never thrown. */
  orderPlaced(event: OrderPlacedEvent): Promise<void>;
}

export type Followed = 'followed' | 'done-before' | 'unknown';

/** Follows one event: documents, then the mail (once), then done. Safe to run again for the same event. */
export async function followMoneyEvent(deps: FollowMoneyDeps, ref: MoneyEventRef, now: Date): Promise<Followed> {
  const event = await deps.events.get(ref);
  if (!event) return 'unknown';
  if (event.state === 'done') return 'done-before';
  if (event.kind === 'order-placed') {
    if (!event.mailed_at && (await deps.events.claimMail(ref, now))) await deps.orderPlaced(event);
  } else {
    const mail = mailOf(event);
    await deps.documents(mail.payable.subject, event.actor, mail.at);
    if (!event.mailed_at && (await deps.events.claimMail(ref, now))) await deps.mail(mail);
  }
  await deps.events.done(ref, now);
  return 'followed';
}
