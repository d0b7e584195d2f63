/**
 * STAND-IN until the lead's documents foundation lands on main (same names and shapes as
 * announced): what the documents module needs from storage.
 */
import type { DocumentSubject, IssuedDocument } from './model';

export interface DocumentStore {
  get(ownerId: string, id: string): Promise<IssuedDocument | undefined>;
  /** The owner's documents, newest first. */
  ofOwner(ownerId: string): Promise<IssuedDocument[]>;
  /** The owner's documents about one subject, newest first. */
  ofSubject(ownerId: string, subject: DocumentSubject): Promise<IssuedDocument[]>;
  markRendered(ownerId: string, id: string, at: Date): Promise<void>;
}
