/** Wiring of the documents: the table's document items, their PDFs in the bucket, the renderer. */
import type { DocumentDeps } from '#core/documents/ports';
import { documentFiles, documentStore } from '#storage/documents';
import { renderPdf } from './pdf/render';

export const documentDeps: DocumentDeps = { documents: documentStore, files: documentFiles, render: renderPdf };
