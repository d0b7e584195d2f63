/** Wiring of the documents: the table's document items, their PDFs in the bucket, the renderer. */
import type { DocumentDeps } from '#core/documents/ports';
import { documentFiles, documentStore } from '#storage/documents';

export const documentDeps: DocumentDeps = {
  documents: documentStore,
  files: documentFiles,
  // pdfkit, fontkit and the fonts load only when a PDF is rendered (a document's first download), not at every cold start.
  render: async (spec) => (await import('#lib/pdf/render')).renderPdf(spec),
};
