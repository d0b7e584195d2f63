/**
 * A document's download: asks for a link at the click (it lives five minutes) and follows it; the
 * bucket answers with the PDF as an attachment, so the page stays where it is. The first download
 * of a document renders its PDF, which can take a second: the button says so while it waits.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ApiError, isCancelled } from '../../lib/api-client';
import { documentApi, type DocumentSummary } from './api';
import { useLang, useT } from '../../i18n/i18n';

interface Props {
  doc: DocumentSummary;
  /** The office's download of that delegate's document (organiser route). */
  owner?: string;
  /** Told about a failed call first (the office's second-factor handling). */
  onError?: (error: unknown) => void;
  size?: 'xs' | 'sm' | 'md';
}

export function DocumentDownload({ doc, owner, onError, size = 'sm' }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = useT();
  // Its title in the page's language (a Chinese page: the Chinese title the PDF prints, when it has one).
  const title = (useLang() === 'zh-Hans' && doc.title_zh) || doc.title;
  // As documentLabel (./api.ts) says it: its title and number, or its version once there are several.
  const label = doc.number ? `${title} ${doc.number}` : doc.version > 1 ? t('documents.download.version', { title, version: doc.version }) : title;
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url } = owner ? await documentApi.officeLink(owner, doc.id) : await documentApi.link(doc.id);
      window.location.assign(url);
    } catch (e) {
      if (isCancelled(e)) return;
      onError?.(e);
      setError(e instanceof ApiError ? e.message : t('documents.download.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="1" align="flex-start">
      <Button size={size} variant="outline" onClick={() => void download()} loading={busy} loadingText={t('documents.download.preparing')}>
        {t('documents.download.label', { label })}
      </Button>
      {doc.replaced_by && (
        <Text fontSize="xs" color="fg.muted">
          {t('documents.download.replaced')}
        </Text>
      )}
      {error && (
        <Text role="alert" fontSize="sm" color="red.700">
          {error}
        </Text>
      )}
    </Stack>
  );
}
