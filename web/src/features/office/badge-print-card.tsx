/**
 * The office prints one order's badges (A6, one per valid ticket) at the desk: the server makes
 * the PDF and records the print, or the reprint, in the order's audit trail; the page then offers
 * the PDF (opened by the organiser's click: a browser blocks a window it was not asked for).
 */
import { Button, Card, Link, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, isCancelled } from '../../lib/api-client';
import { useT } from '../../i18n/i18n';
import { ticketApi, type BadgePrint } from '../tickets/api';

export function BadgePrintCard({ orderId, valid }: { orderId: string; valid: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ message: string; data: BadgePrint } | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!valid) return null;
  const print = async () => {
    setBusy(true);
    setError(null);
    try {
      setDone(await ticketApi.printBadges(orderId));
      // The print is in the order's audit trail now.
      void queryClient.invalidateQueries({ queryKey: ['office', 'order', orderId] });
    } catch (e) {
      if (isCancelled(e)) return;
      setError(e instanceof ApiError ? e.message : t('tickets.office.printFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card.Root size="sm" variant="outline" data-testid="badge-print">
      <Card.Body gap="2">
        <Text fontSize="sm" color="gray.700">
          {t('tickets.office.printHelp')}
        </Text>
        <Button alignSelf="start" size="sm" colorPalette="brand" onClick={() => void print()} loading={busy} loadingText={t('tickets.office.printing')}>
          {t('tickets.office.print')}
        </Button>
        {done && (
          <Stack gap="1" role="status">
            <Text>{done.message}</Text>
            <Link href={done.data.url} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline" fontWeight="medium" alignSelf="start">
              {t('tickets.office.openPdf')}
            </Link>
          </Stack>
        )}
        {error && (
          <Text role="alert" fontSize="sm" color="red.700">
            {error}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
