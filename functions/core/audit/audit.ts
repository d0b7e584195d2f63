/**
 * The audit log: one entry per state change, with who did it (a delegate, an organiser, Stripe,
 * the system, the command line), when, to what, and the values before and after. Entries are
 * written in the same transaction as the change they record (storage puts them beside the
 * change's own writes) and no route edits or deletes one.
 */
export type ActorKind = 'delegate' | 'organiser' | 'reviewer' | 'committee' | 'stripe' | 'system' | 'command-line';

export interface Actor {
  kind: ActorKind;
  /** The account id (delegate, organiser) or a name (the command line's operator, 'stripe'). */
  id: string;
  /** For people: the address they used, as it was then. */
  email?: string;
}

export interface AuditEntry {
  /** Dotted: `role.granted`, `second_factor.enrolled`, `transfer.confirmed`, `order.paid`. */
  action: string;
  actor: Actor;
  at: string;
  object: { type: string; id: string };
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** Why, when a person gave a reason (a refund of another amount). */
  reason?: string;
}

export function auditEntry(fields: Omit<AuditEntry, 'at'> & { at: Date }): AuditEntry {
  return { ...fields, at: fields.at.toISOString() };
}

export const systemActor: Actor = { kind: 'system', id: 'system' };

/** A delegate acting on their own account, abstracts or files. */
export const delegateActor = (id: string, email?: string): Actor => ({ kind: 'delegate', id, ...(email ? { email } : {}) });

/**
 * The fields that differ between two versions of a record, as `before` and `after` (only those
 * fields; `omit` names fields never written into the log, e.g. a password hash).
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, omit: readonly string[] = []) {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !omit.includes(k));
  const changed = names.filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
  return {
    before: Object.fromEntries(changed.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(changed.map((k) => [k, after[k] ?? null])),
  };
}
