/**
 * The documents the portal issues to delegates (receipts, credit notes, visa invitation letters,
 * certificates of attendance): what each one says is fixed when it is issued (`IssuedDocument.spec`,
 * a snapshot), so the PDF rendered from it later, or again, says the same. A document is never
 * edited: a correction is a new document that names the one it replaces.
 */
import type { Lang } from '../i18n/lang';

export const documentKinds = ['receipt', 'credit-note', 'visa-letter', 'certificate'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** A piece of a document's body, laid out top to bottom (functions/lib/pdf/render.ts). */
export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** Label and value pairs, one per line (payer, passport data, ...). */
  | { kind: 'fields'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  /** A table whose last column is right-aligned (amounts); `total` is printed under it in bold. */
  | { kind: 'table'; columns: readonly string[]; rows: ReadonlyArray<readonly string[]>; total?: readonly [label: string, value: string] }
  /** A word set apart in a frame ("PAID", "CREDIT NOTE"). */
  | { kind: 'stamp'; text: string }
  /** The organising committee's signature image with the signatory's name and role under it. */
  | { kind: 'signature'; name: string; role: string }
  | { kind: 'space' }
  /** What follows starts on a new page (one abstract a page in a reviewer's reading copy). */
  | { kind: 'page' };

export interface PdfSpec {
  /** Printed large at the top ("Receipt", "Invitation letter"), and the PDF's title. */
  title: string;
  /** Lines under the title, right-aligned: number, date, ... */
  meta: ReadonlyArray<readonly [label: string, value: string]>;
  blocks: readonly PdfBlock[];
  /** Small print at the bottom of every page (the organiser's legal details). */
  footer: string;
  /** The document's creation date in the PDF's metadata (its issue instant): rendering twice gives the same file. */
  issued_at: string;
  /**
   * The same document in Chinese, block for block (decision 0062): the PDF prints each text in
   * Chinese, then in English where the two differ. A text without Chinese is its English here, so it
   * prints once; a document issued before has none and prints in English only, as issued.
   */
  zh?: PdfSpecText;
}

/** What a document says in one language: everything of its spec but the instant. */
export type PdfSpecText = Pick<PdfSpec, 'title' | 'meta' | 'blocks' | 'footer'>;

/** A document in Chinese and English from one builder run in each language: the English as the spec, the Chinese beside it. */
export function bilingualSpec(build: (lang: Lang) => PdfSpec): PdfSpec {
  const { title, meta, blocks, footer } = build('zh-Hans');
  return { ...build('en'), zh: { title, meta, blocks, footer } };
}

/** What the document is about: an order, a registration by category, an account (a certificate). */
export interface DocumentSubject {
  kind: string;
  id: string;
}

export interface IssuedDocument {
  id: string;
  kind: DocumentKind;
  owner_id: string;
  subject: DocumentSubject;
  /** Receipts and credit notes carry a number of their sequence (R-2024-00001); letters and certificates none. */
  number: string | null;
  /** 1 for the first document of its kind about its subject, then 2, 3 ... (a regenerated letter, a corrected receipt). */
  version: number;
  issued_at: string;
  /** The file name a download gets ("IACR2024-receipt-R-2024-00001.pdf"). */
  file_name: string;
  spec: PdfSpec;
  /** The document this one replaces (a corrected receipt, a regenerated letter). */
  replaces: string | null;
  /** The document this one refers to without replacing it (a credit note's receipt). */
  refers_to: string | null;
  /** Where its PDF is kept once rendered (documents/ of the uploads bucket). */
  object_key: string;
  /** Set once the PDF is in the bucket. */
  rendered_at: string | null;
  /** Set on the document a later one replaced. */
  replaced_by: string | null;
}

/** A document as its owner's list shows it (no spec, no storage key). */
export interface DocumentSummary {
  id: string;
  kind: DocumentKind;
  subject: DocumentSubject;
  number: string | null;
  version: number;
  issued_at: string;
  title: string;
  /** Its Chinese title as printed beside the English (texts.json "title_zh"), or null: a Chinese page names it so. */
  title_zh: string | null;
  file_name: string;
  replaces: string | null;
  refers_to: string | null;
  replaced_by: string | null;
}

export const summaryOf = (doc: IssuedDocument): DocumentSummary => ({
  id: doc.id,
  kind: doc.kind,
  subject: doc.subject,
  number: doc.number,
  version: doc.version,
  issued_at: doc.issued_at,
  title: doc.spec.title,
  title_zh: doc.spec.zh?.title || null,
  file_name: doc.file_name,
  replaces: doc.replaces,
  refers_to: doc.refers_to,
  replaced_by: doc.replaced_by,
});

/** The bucket key of a document's PDF: outside users/ (a delegate's uploads), kept when an account is deleted. */
export const documentObjectKey = (ownerId: string, id: string) => `documents/${ownerId}/${id}.pdf`;
