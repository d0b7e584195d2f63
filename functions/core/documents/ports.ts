/**
 * TEMPORARY stand-in (visa branch) for the lead's documents store, with the names announced for
 * main; replaced by main's file at the merge.
 */
import type { DocumentSubject, IssuedDocument } from './model';

export interface DocumentStore {
  get(ownerId: string, id: string): Promise<IssuedDocument | undefined>;
  /** Newest first. */
  ofOwner(ownerId: string): Promise<IssuedDocument[]>;
  ofSubject(ownerId: string, subject: DocumentSubject): Promise<IssuedDocument[]>;
  markRendered(ownerId: string, id: string, at: string): Promise<void>;
}
