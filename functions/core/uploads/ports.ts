/** What the upload rules need from the outside: the object store (S3) and the file records (DynamoDB). */
import type { AuditEntry } from '../audit/audit';
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
  /** A poster or slides: the accepted abstract they present (core/review/publishing.ts `presentationTie`). */
  presentation_of?: string;
}

/** An upload that was signed but is not confirmed yet: it holds one of the delegate's places for unconfirmed uploads. */
export interface PendingUpload {
  id: string;
  owner_id: string;
  purpose: UploadPurpose;
  name: string;
  key: string;
  /** As declared when signing (the object may be missing, or of another size). */
  size: number;
  created_at: string;
  /** After this instant it can no longer be confirmed; it is removed when a place is needed. */
  confirm_by: string;
  /** A poster or slides: the accepted abstract they present. */
  presentation_of?: string;
}

export interface PendingStore {
  /** Claims one of `max` places and records the upload, in one transaction. */
  add(upload: PendingUpload, max: number): Promise<'added' | 'full'>;
  get(ownerId: string, id: string): Promise<PendingUpload | undefined>;
  list(ownerId: string): Promise<PendingUpload[]>;
  /** Deletes the record and frees its place; the record, or undefined if there was none. */
  remove(ownerId: string, id: string): Promise<PendingUpload | undefined>;
}

export interface PresignedPut {
  url: string;
  /** Headers the browser must send with the PUT (they are signed). */
  headers: Record<string, string>;
}

export interface ObjectStore {
  /**
   * A PUT URL whose signature covers this exact length and type and the tag that marks the object
   * pending (S3's lifecycle rule deletes objects still tagged so after a day).
   */
  presignPut(key: string, options: { contentType: string; size: number; expiresSeconds: number }): Promise<PresignedPut>;
  /** Removes the pending tag of a confirmed object (the lifecycle rule then leaves it alone). */
  clearPendingTag(key: string): Promise<void>;
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
  /**
   * Claims one of `max` places, records the file and ends its pending upload, in one transaction:
   * 'not-pending' when the pending upload is gone (removed or discarded meanwhile).
   */
  add(file: StoredFile, max: number, audit?: AuditEntry): Promise<'added' | 'full' | 'exists' | 'not-pending'>;
  /** Deletes the record and frees its place in one transaction (with `audit`); the record, or undefined if there was none. */
  remove(ownerId: string, fileId: string, audit?: AuditEntry): Promise<StoredFile | undefined>;
}
