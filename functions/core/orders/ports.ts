/** What the order rules need from storage, and the order as stored. */
import type { Fapiao } from './fapiao';
import type { OrderForm } from './schemas';
import type { OrderStatus } from './states';
import type { VisaReview } from './visa-review';
import type { AccountNamesRead } from '../accounts/ports';
import type { PersonName } from '../accounts/name-key';
import type { OrderPlacedEvent } from '../payments/money-events';

/** Whether the order's delegate attended the congress, as the office marked it (core/office/attendance.ts). */
export interface Attendance {
  attended: boolean;
  marked_at: string;
  /** The organiser's address (or id) who marked it. */
  marked_by: string;
}

export interface StoredOrder extends OrderForm {
  id: string;
  owner_id: string;
  /** The account's address: mails about the order go there (the form's primary_email is a contact). */
  owner_email: string;
  /** Sequence number across all orders: order_no and the transfer reference are made from it. */
  sequence: number;
  order_no: string;
  reference: string;
  /** Unguessable handle of the order in links (`/registration/submission?checksum=`). */
  checksum: string;
  payment_status: OrderStatus;
  /** US cents, computed by the server only. */
  amount_required: number;
  currency: 'USD';
  /** How it was (or is being) paid. */
  payment_method: 'card' | 'transfer' | null;
  created_at: string;
  updated_at: string;
  paid_at?: string | null;
  cancelled_at?: string | null;
  /** The office's reason when it cancelled with another refund than the policy's (or none). */
  cancel_note?: string | null;
  /** Set when a refund failed and the order went back to Paid: the office acts on it. */
  refund_failed_at?: string | null;
  /** Absent until the office marks it (the certificate of attendance needs it). */
  attendance?: Attendance | null;
  /** A fapiao asked for by the delegate, and whether the office marked it issued (core/orders/fapiao.ts). */
  fapiao?: Fapiao | null;
  /** The office's review of the passport data for the visa letter (core/orders/visa-review.ts); absent: never reviewed. */
  visa_review?: VisaReview;
  /** The account was deleted: the order is kept for accounting with its personal fields emptied (core/accounts/own-data.ts). */
  anonymised_at?: string;
}

export interface OrderStore {
  /** The next order sequence number (one atomic counter for all orders). */
  nextSequence(): Promise<number>;
  /**
   * Claims one of `max` places of the owner and stores the order, in one transaction, only while
   * no deletion of the owner's account is under way (`account-deleting`: core/accounts/deletion-lease.ts),
   * with its order-placed event (the outbox) and, when given, the account's names after it
   * (conditioned on the names as read: `names-changed` when they are not, nothing written).
   */
  create(order: StoredOrder, max: number, also: OrderCreation): Promise<'created' | 'full' | 'account-deleting' | 'names-changed'>;
  list(ownerId: string): Promise<StoredOrder[]>;
  get(ownerId: string, id: string): Promise<StoredOrder | undefined>;
  /**
   * Replaces the order's form and amount, only over the version `base` (its updated_at) and only
   * while it is still in `status`: 'changed' when another write came first.
   */
  update(order: StoredOrder, base: string, status: OrderStatus): Promise<'updated' | 'changed'>;
  /** The order a transfer reference names (the office's look-up). */
  findByReference(reference: string): Promise<StoredOrder | undefined>;
  /** Deletes the order if it is still at the version read and in `status`, and frees its place; false if it was not (any more). */
  remove(order: StoredOrder, status: OrderStatus): Promise<boolean>;
}

/** What an order's creation writes with it. */
export interface OrderCreation {
  placed: OrderPlacedEvent;
  names?: { read: AccountNamesRead; after: PersonName[] };
}
