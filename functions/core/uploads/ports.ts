/** What the upload rules need from the outside: the object store (S3) and the file records (DynamoDB). */
import type { UploadPurpose } from './rules';

export interface StoredFile {
  id: string;
  owner_id: string;
  purpose: UploadPurpose;
  /** The name the delegate gave the file (made safe), shown in lists and mails. */
  name: string;
  key: string;
  size: number;
  content_type: string;
  uploaded_at: string;
  /** Abstract files: the abstract that holds the file; null while the abstract form is not saved. */
  abstract_id?: string | null;
}

export interface PresignedPut {
  url: string;
  /** Headers the browser must send with the PUT (they are signed). */
  headers: Record<string, string>;
}

export interface ObjectStore {
  /** A PUT URL whose signature covers this exact length and type. */
  presignPut(key: string, options: { contentType: string; size: number; expiresSeconds: number }): Promise<PresignedPut>;
  /** A GET URL that downloads the object under `fileName`. */
  presignGet(key: string, options: { fileName: string; expiresSeconds: number }): Promise<string>;
  /**
   * Bytes `start`..`end` inclusive (fewer at the end of the object) and the object's whole size,
   * in one request; undefined when there is no such object. An empty object answers no bytes, size 0.
   */
  readRange(key: string, start: number, end: number): Promise<{ bytes: Uint8Array; size: number } | undefined>;
  delete(key: string): Promise<void>;
}

export interface FileStore {
  get(ownerId: string, fileId: string): Promise<StoredFile | undefined>;
  list(ownerId: string, purpose: UploadPurpose): Promise<StoredFile[]>;
  /** How many files of `purpose` the owner holds (the counter the claims keep). */
  count(ownerId: string, purpose: UploadPurpose): Promise<number>;
  /** Claims one of `max` places and records the file in one transaction. */
  add(file: StoredFile, max: number): Promise<'added' | 'full' | 'exists'>;
  /** Deletes the record and frees its place in one transaction; the record, or undefined if there was none. */
  remove(ownerId: string, fileId: string): Promise<StoredFile | undefined>;
}
