/**
 * An order's receipts and credit notes on the delegate's order list: "Receipt IACR2024-0001 (PDF)",
 * "Credit note IACR2024-0002 (PDF)", newest first; a receipt a corrected one replaced says so.
 */
import { Stack, Text } from '@chakra-ui/react';
import type { DocumentSummary } from '#core/documents/model';
import { DocumentDownload } from '../documents/document-download';

export const documentLabel = (doc: Pick<DocumentSummary, 'kind' | 'number' | 'title'>) =>
  `${doc.kind === 'credit-note' ? 'Credit note' : doc.kind === 'receipt' ? 'Receipt' : doc.title}${doc.number ? ` ${doc.number}` : ''} (PDF)`;

export function OrderDocuments({ docs }: { docs: readonly DocumentSummary[] }) {
  if (docs.length === 0) return null;
  return (
    <Stack gap="1" align="start" data-testid="order-documents">
      {docs.map((doc) => (
        <Stack key={doc.id} gap="0" align="start">
          <DocumentDownload doc={doc} label={documentLabel(doc)} />
          {doc.replaced_by && (
            <Text fontSize="xs" color="gray.700">
              Replaced by a corrected receipt
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
