/**
 * STAND-IN until main's documents web part lands (same names as announced): a button that asks
 * the server for a five-minute link to the document's PDF and opens it.
 */
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { routes, type RouteDef } from '#core/routes';
import type { DocumentSummary } from '#core/documents/model';
import { callApi } from '../../lib/api-client';
import { toaster } from '../../components/ui/toaster';

/** The link routes (GET /documents/{id}, GET /office/documents/{owner}/{id}) come with main's documents foundation. */
const linkRoute = (name: 'documentLink' | 'officeDocumentLink') => (routes as unknown as Partial<Record<string, RouteDef>>)[name];

function useOpen(name: 'documentLink' | 'officeDocumentLink', params: Record<string, string>) {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    const route = linkRoute(name);
    if (!route) return void toaster.error({ title: 'Downloads are not available yet.' });
    setBusy(true);
    try {
      const { url } = await callApi<{ url: string; file_name: string }>(route, { params });
      window.location.assign(url);
    } catch (error) {
      toaster.error({ title: 'The document could not be downloaded.', description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return { busy, open };
}

export function DocumentDownload({ doc, label }: { doc: DocumentSummary; label?: string }) {
  const { busy, open } = useOpen('documentLink', { id: doc.id });
  return (
    <Button size="sm" variant="outline" colorPalette="brand" loading={busy} onClick={() => void open()}>
      {label ?? `Download ${doc.title} (PDF)`}
    </Button>
  );
}

export function OfficeDocumentDownload({ owner, doc, label }: { owner: string; doc: DocumentSummary; label?: string }) {
  const { busy, open } = useOpen('officeDocumentLink', { owner, id: doc.id });
  return (
    <Button size="sm" variant="outline" colorPalette="brand" loading={busy} onClick={() => void open()}>
      {label ?? `Download ${doc.title} (PDF)`}
    </Button>
  );
}
