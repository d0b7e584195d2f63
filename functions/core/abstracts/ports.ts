import type { AbstractData } from './schemas';

/** An abstract as stored: the form's fields, its owner, and the ids of its PDFs. */
export type StoredAbstract = AbstractData & {
  id: string;
  owner_id: string;
  created_at: string;
  updated_at: string;
};

export interface AbstractStore {
  list(ownerId: string): Promise<StoredAbstract[]>;
  get(ownerId: string, id: string): Promise<StoredAbstract | undefined>;
  /** Claims one of `max` places and stores the abstract in one transaction; 'full' when none is left. */
  create(abstract: StoredAbstract, max: number): Promise<'created' | 'full'>;
  /** Replaces an existing abstract; 'missing' if it was deleted meanwhile. */
  update(abstract: StoredAbstract): Promise<'updated' | 'missing'>;
  /** Deletes it and frees its place in one transaction; the abstract, or undefined if there was none. */
  remove(ownerId: string, id: string): Promise<StoredAbstract | undefined>;
}
