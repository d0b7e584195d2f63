import type { AuditEntry } from '../audit/audit';
import type { AbstractData } from './schemas';

/** An abstract as stored: the form's fields, its owner, and the ids of its PDFs. */
export type StoredAbstract = AbstractData & {
  id: string;
  owner_id: string;
  created_at: string;
  updated_at: string;
  /**
   * Set when the programme committee accepts the abstract, with the form it is presented in
   * (the review is a later issue; the certificate of attendance already prints it).
   */
  presentation?: AcceptedPresentation | null;
  /** The committee's published decision (core/review/publishing.ts); nothing of the review before it. */
  review_outcome?: ReviewOutcome;
};

export interface ReviewOutcome {
  outcome: 'oral' | 'poster' | 'reject' | 'revise' | 'duplicate';
  number?: string;
  duplicate_of?: string;
  published_at: string;
  /** The revised version was submitted (the "revise" loop: once). */
  resubmitted_at?: string;
}

export interface AcceptedPresentation {
  type: 'oral' | 'poster';
  accepted_at: string;
  /** Given at publication: O-001, P-001 (core/review/publishing.ts). */
  number?: string;
}

export interface AbstractStore {
  list(ownerId: string): Promise<StoredAbstract[]>;
  get(ownerId: string, id: string): Promise<StoredAbstract | undefined>;
  /**
   * Claims one of `max` places, stores the abstract and makes it the holder of its files, in one
   * transaction: 'full' when no place is left, 'files-taken' when a file is gone or another
   * abstract's by now. The `audit` entries are written in the same transaction (so for the others).
   */
  create(abstract: StoredAbstract, max: number, audit?: AuditEntry[]): Promise<'created' | 'full' | 'files-taken'>;
  /**
   * Replaces the version `previous` (read at its updated_at) of an existing abstract and takes its
   * files, in one transaction: 'missing' if it was deleted meanwhile, 'changed' if another save came first.
   */
  update(abstract: StoredAbstract, previous: StoredAbstract, audit?: AuditEntry[]): Promise<'updated' | 'missing' | 'changed' | 'files-taken'>;
  /** Deletes it and frees its place in one transaction; the abstract, or undefined if there was none. */
  remove(ownerId: string, id: string, audit?: AuditEntry): Promise<StoredAbstract | undefined>;
}
