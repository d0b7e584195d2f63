/**
 * The committee publishes the decisions (core/review/publishing.ts): of one category or of every
 * category, after a confirmation; the publications so far with their progress (numbers given, mails
 * sent), read again every few seconds while one is running.
 */
import { Button, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { JobView } from '#core/office/jobs';
import { formatInstant } from '#core/i18n/format';
import type { MessageId, Translate } from '#core/i18n/messages';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ScrollTable } from '../../components/ui/scroll-table';
import { ApiError, isCancelled } from '../../lib/api-client';
import { publicationsKey, reviewApi } from './api';
import { useLang, useT } from '../../i18n/i18n';
import { CategorySelect } from './category-select';
import { categoryLabel } from './labels';

const stateLabels: Record<string, MessageId> = {
  queued: 'review.publication.state.queued',
  running: 'review.publication.state.running',
  sending: 'review.publication.state.sending',
  done: 'review.publication.state.done',
  failed: 'review.publication.state.failed',
};
const busy = (j: JobView) => j.state === 'queued' || j.state === 'running' || j.state === 'sending';

/** "2 oral · 5 poster · 3 not accepted · 1 revise" (in the page's language with its `t`, else in English). */
export function publishedSummary(j: JobView, t?: Translate) {
  const p = j.published;
  if (!p) return '-';
  if (t) return t('review.publication.summary', { oral: String(p.oral), poster: String(p.poster), rejected: String(p.reject + p.duplicate), revise: String(p.revise) });
  return `${p.oral} oral · ${p.poster} poster · ${p.reject + p.duplicate} not accepted · ${p.revise} to revise`;
}

export function mailsSummary(j: JobView, t?: Translate) {
  if (!j.counts || j.total === null) return '-';
  if (t) {
    const { sent, withheld, failed } = j.counts;
    return t('review.publication.mails', { sent: String(sent), total: String(j.total), hasWithheld: withheld ? 'yes' : 'no', withheld: String(withheld), hasFailed: failed ? 'yes' : 'no', failed: String(failed) });
  }
  return `${j.counts.sent} of ${j.total} sent${j.counts.withheld ? `, ${j.counts.withheld} withheld` : ''}${j.counts.failed ? `, ${j.counts.failed} failed` : ''}`;
}

export function Publication(props: { onPublished: () => void }) {
  const queryClient = useQueryClient();
  const t = useT();
  const lang = useLang();
  const [scope, setScope] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const list = useQuery({
    queryKey: publicationsKey,
    queryFn: reviewApi.publications,
    refetchInterval: (q) => (q.state.data?.items.some(busy) ? 2000 : false),
  });
  const publish = async () => {
    setOutcome(null);
    try {
      const { message } = await reviewApi.publish(scope || undefined);
      setOutcome({ status: 'success', text: message });
      await queryClient.invalidateQueries({ queryKey: publicationsKey });
      props.onPublished();
    } catch (error) {
      if (!isCancelled(error)) setOutcome({ status: 'error', text: error instanceof ApiError ? error.message : t('review.publication.requestFailure') });
    } finally {
      setConfirming(false);
    }
  };
  const scopeLabel = scope ? categoryLabel(t, scope) : t('review.publication.everyInSentence');
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t('review.publication.title')}</Card.Title>
        <Card.Description>{t('review.publication.description')}</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <HStack gap="4" align="end" wrap="wrap">
            <CategorySelect label={t('review.publication.what')} value={scope} onChange={setScope} every={t('review.publication.every')} maxW="24rem" />
            <Button colorPalette="brand" onClick={() => setConfirming(true)}>
              {t('review.publication.publish')}
            </Button>
          </HStack>
          {outcome && <FormAlert status={outcome.status}>{outcome.text}</FormAlert>}
          {list.isPending ? (
            <Text color="gray.700">{t('review.publication.loading')}</Text>
          ) : list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} title={t('review.publication.loadFailed')} />
          ) : list.data.items.length === 0 ? (
            <Text color="gray.700">{t('review.publication.none')}</Text>
          ) : (
            <ScrollTable label={t('review.publication.table')} size="sm" aria-label={t('review.publication.table')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('review.publication.colRequested')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('review.publication.colOf')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('review.publication.colState')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('review.publication.colPublished')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('review.publication.colMails')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.data.items.map((j) => (
                  <Table.Row key={j.id}>
                    <Table.Cell minW="10rem">
                      {t('review.publication.requestedBy', { at: formatInstant(lang, j.requested_at), who: String(j.requested_by) })}
                    </Table.Cell>
                    <Table.Cell>{j.category ? categoryLabel(t, j.category) : t('review.publication.every')}</Table.Cell>
                    <Table.Cell>{stateLabels[j.state] ? t(stateLabels[j.state]!) : j.state}</Table.Cell>
                    <Table.Cell minW="12rem">{publishedSummary(j, t)}</Table.Cell>
                    <Table.Cell minW="8rem">{mailsSummary(j, t)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </ScrollTable>
          )}
        </Stack>
        <ConfirmDialog open={confirming} title={t('review.publication.confirmTitle')} confirmLabel={t('review.publication.confirm')} confirmPalette="brand" onClose={() => setConfirming(false)} onConfirm={publish}>
          <Text>{t('review.publication.confirmText', { scope: scopeLabel })}</Text>
        </ConfirmDialog>
      </Card.Body>
    </Card.Root>
  );
}
