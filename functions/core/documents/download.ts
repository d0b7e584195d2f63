/**
 * A document's download: a short-lived link to its PDF. The PDF is rendered from the document's
 * spec (fixed when it was issued) on its first download and kept in the bucket; every later
 * download links to the same file. Only the owner (and, through the office's route, an organiser)
 * gets a link; anyone else is told it does not exist.
 */
import { notFound } from '../errors';
import { summaryOf, type IssuedDocument } from './model';
import type { DocumentDeps } from './ports';

export const documentMessages = {
  notFound: 'Document not found.',
} as const;

const DOCUMENT_ID = /^[A-Za-z0-9-]{1,64}$/;

async function rendered(deps: DocumentDeps, doc: IssuedDocument, now: Date) {
  if (doc.rendered_at) return;
  const pdf = await deps.render(doc.spec);
  await deps.files.put(doc.object_key, pdf.bytes, doc.file_name);
  await deps.documents.markRendered(doc.owner_id, doc.id, now);
}

/** `{ url, file_name }` for the owner's document `id` (404 for any other). */
export async function documentLink(deps: DocumentDeps, ownerId: string, id: string, now: Date) {
  const doc = DOCUMENT_ID.test(id) ? await deps.documents.get(ownerId, id) : undefined;
  if (!doc) throw notFound(documentMessages.notFound);
  await rendered(deps, doc, now);
  return { url: await deps.files.link(doc.object_key, doc.file_name), file_name: doc.file_name };
}

/** The owner's documents as lists show them, newest first. */
export async function documentList(deps: Pick<DocumentDeps, 'documents'>, ownerId: string) {
  return (await deps.documents.ofOwner(ownerId)).map(summaryOf);
}
