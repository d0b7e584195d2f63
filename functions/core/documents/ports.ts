/** What the documents need from the outside: where issued documents are kept, and their PDFs. */
import type { DocumentSubject, IssuedDocument, PdfSpec } from './model';

export interface DocumentStore {
  get(ownerId: string, id: string): Promise<IssuedDocument | undefined>;
  /** The owner's documents, newest first. */
  ofOwner(ownerId: string): Promise<IssuedDocument[]>;
  /** The owner's documents about one subject (an order), newest first. */
  ofSubject(ownerId: string, subject: DocumentSubject): Promise<IssuedDocument[]>;
  /** Notes that the PDF is in the bucket (a second rendering writes the same bytes). */
  markRendered(ownerId: string, id: string, at: Date): Promise<void>;
}

/** The PDFs in the bucket (documents/ prefix). */
export interface DocumentFiles {
  put(key: string, bytes: Uint8Array, fileName: string): Promise<void>;
  /** A presigned GET that lives a few minutes, with the file name for the browser's download. */
  link(key: string, fileName: string): Promise<string>;
}

export interface DocumentDeps {
  documents: DocumentStore;
  files: DocumentFiles;
  render: (spec: PdfSpec) => Promise<{ bytes: Uint8Array }>;
}
