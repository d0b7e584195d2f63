/**
 * An order's receipts and credit notes on the delegate's order list: "Download Receipt
 * IACR2024-0001 (PDF)", "Download Credit note IACR2024-0002 (PDF)", newest first (a receipt a
 * corrected one replaced says so).
 */
import { Stack } from '@chakra-ui/react';
import type { DocumentSummary } from '#core/documents/model';
import { DocumentDownload } from '../documents/document-download';

export function OrderDocuments({ docs }: { docs: readonly DocumentSummary[] }) {
  if (docs.length === 0) return null;
  return (
    <Stack gap="1" align="start" data-testid="order-documents">
      {docs.map((doc) => (
        <DocumentDownload key={doc.id} doc={doc} />
      ))}
    </Stack>
  );
}
