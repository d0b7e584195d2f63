/**
 * An order's "Certificate of attendance" line in the order list: why it is not available yet
 * (the congress not over, the order not paid, attendance not recorded: the server's words), or
 * its download. The first download asks the server to issue it (once per order), then follows a
 * fresh link to the PDF; afterwards the issued document's own download button is shown.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { documentApi } from '../documents/api';
import { DocumentDownload } from '../documents/document-download';
import { ApiError, isCancelled } from '../../lib/api-client';
import { orderApi, orderKeys, type OrderListItem } from './api';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { conference } from '#core/config/conference';
import { formatDeadline } from '#core/i18n/format';
import { congressEnds } from '#core/documents/congress-end';


/** The order's issued certificate, among the documents the list gives with each order. */
export const certificateOf = (item: OrderListItem) => item.documents.find((d) => d.kind === 'certificate' && !d.replaced_by);

function Available({ item }: { item: OrderListItem }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const issued = certificateOf(item);
  if (issued) return <DocumentDownload doc={issued} />;
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const doc = await orderApi.certificate(item.id);
      const { url } = await documentApi.link(doc.id);
      void queryClient.invalidateQueries({ queryKey: orderKeys.list });
      window.location.assign(url);
    } catch (e) {
      if (isCancelled(e)) return;
      setError(e instanceof ApiError ? e.message : t('registration.certificate.failed'));
      void queryClient.invalidateQueries({ queryKey: orderKeys.list });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="1" align="flex-start">
      <Button size="sm" variant="outline" onClick={() => void download()} loading={busy} loadingText={t('registration.certificate.preparing')}>
        {t('registration.certificate.download')}
      </Button>
      {error && (
        <Text role="alert" fontSize="sm" color="red.700">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export function CertificateLine({ item }: { item: OrderListItem }) {
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  // The server's reason in the page's language (its English carries a date or an address, so it is not looked up by its words).
  const reason =
    item.certificate.refusal === 'before-end'
      ? t('registration.certificate.beforeEnd', { deadline: formatDeadline(lang, congressEnds) })
      : item.certificate.refusal === 'not-attended'
        ? t('registration.certificate.notAttended', { email: conference.contacts.registration })
        : localise(item.certificate.message ?? '');
  // Only a paid order can have one (core/documents/certificate.ts `offered`).
  if (!item.certificate.offered) return null;
  return (
    <Stack gap="1" mt="2" data-testid="certificate" aria-label={t('registration.certificate.groupLabel', { orderNo: item.order_no })} role="group">
      <Text fontSize="sm" fontWeight="semibold">
        {t('registration.certificate.label')}
      </Text>
      {item.certificate.available ? (
        <Available item={item} />
      ) : (
        <Text fontSize="sm" color="gray.700">
          {reason}
        </Text>
      )}
    </Stack>
  );
}
