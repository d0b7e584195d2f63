/**
 * An order's receipts and credit notes on the delegate's order list: "Download Receipt
 * IACR2024-0001 (PDF)", "Download Credit note IACR2024-0002 (PDF)", newest first (a receipt a
 * corrected one replaced says so).
 */
import { Spinner, Stack, Text } from '@chakra-ui/react';
import type { DocumentSummary } from '#core/documents/model';
import { DocumentDownload } from '../documents/document-download';
import { useT } from '../../i18n/i18n';

export function OrderDocuments({ docs, beingIssued = false }: { docs: readonly DocumentSummary[]; beingIssued?: boolean }) {
  const t = useT();
  if (docs.length === 0 && !beingIssued) return null;
  return (
    <Stack gap="1" align="start" data-testid="order-documents">
      {docs.map((doc) => (
        <DocumentDownload key={doc.id} doc={doc} />
      ))}
      {beingIssued && (
        <Text fontSize="sm" color="gray.700" role="status" display="flex" alignItems="center" gap="2">
          <Spinner size="xs" aria-hidden /> {t('registration.documents.beingIssued')}
        </Text>
      )}
    </Stack>
  );
}
