/** The documents issued to the delegate (receipts, credit notes, letters, certificates): the list and a link to each PDF. */
import { useQuery } from '@tanstack/react-query';
import { routes } from '#core/routes';
import type { DocumentSummary } from '#core/documents/model';
import { callApi } from '../../lib/api-client';

export type { DocumentSummary };

export const documentKeys = {
  mine: ['documents', 'mine'] as const,
  ofDelegate: (owner: string) => ['office', 'documents', owner] as const,
};

export const documentApi = {
  list: () => callApi<{ items: DocumentSummary[] }>(routes.listDocuments),
  link: (id: string) => callApi<{ url: string; file_name: string }>(routes.documentLink, { params: { id } }),
  officeList: (owner: string) => callApi<{ items: DocumentSummary[] }>(routes.listOfficeDocuments, { params: { owner } }),
  officeLink: (owner: string, id: string) => callApi<{ url: string; file_name: string }>(routes.officeDocumentLink, { params: { owner, id } }),
};

/** The caller's documents, newest first. */
export const useDocuments = () => useQuery({ queryKey: documentKeys.mine, queryFn: documentApi.list });

/** One delegate's documents, for the office. */
export const useDelegateDocuments = (owner: string) => useQuery({ queryKey: documentKeys.ofDelegate(owner), queryFn: () => documentApi.officeList(owner) });

/** A document's documents about one subject (an order), newest first. */
export const aboutSubject = (docs: readonly DocumentSummary[] | undefined, kind: string, id: string) =>
  (docs ?? []).filter((d) => d.subject.kind === kind && d.subject.id === id);

/** How a list names a document: its title and number ("Receipt IACR2024-0001"), or its version once there are several. */
export const documentLabel = (doc: DocumentSummary) => (doc.number ? `${doc.title} ${doc.number}` : doc.version > 1 ? `${doc.title} (version ${doc.version})` : doc.title);
