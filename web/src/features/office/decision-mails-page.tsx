/**
 * /office/decision-mails: the decision outbox. Each publication of the committee's decisions with
 * its counts; one opened shows, a page at a time, every author's mail: sent, bounced (the address
 * bounced after it was sent), withheld (it had bounced before), failed; and sends one again.
 * Texts: office-mail.json (office.mail.decisions.*); each author's mail is in their language (decision 0059).
 */
import { Badge, Button, HStack, NativeSelect, Field, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OutboxState } from '#core/review/publishing';
import { reviewCategoryLabel } from '#core/review/team';
import { formatInstant } from '#core/i18n/format';
import type { MessageId } from '#core/i18n/messages';
import { useLang, useT } from '../../i18n/i18n';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { ScrollTable } from '../../components/ui/scroll-table';
import { ApiError, isCancelled } from '../../lib/api-client';
import { decisionMailsKey, outboxKey, reviewApi } from '../review/api';
import { mailsSummary, publishedSummary } from '../review/publication';
import { OfficeFrame } from './office-frame';

const stateBadge: Record<OutboxState, { label: MessageId; palette: string }> = {
  pending: { label: 'office.mail.decisions.state.pending', palette: 'gray' },
  sent: { label: 'office.mail.decisions.state.sent', palette: 'green' },
  bounced: { label: 'office.mail.decisions.state.bounced', palette: 'red' },
  withheld: { label: 'office.mail.decisions.state.withheld', palette: 'orange' },
  opted_out: { label: 'office.mail.decisions.state.optedOut', palette: 'gray' },
  failed: { label: 'office.mail.decisions.state.failed', palette: 'red' },
};

function Outbox(props: { id: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const outbox = useQuery({ queryKey: outboxKey(props.id, page), queryFn: () => reviewApi.outbox(props.id, page) });
  const resend = async (at: { batch: number; position: number }) => {
    setOutcome(null);
    try {
      const { message } = await reviewApi.resend(props.id, at);
      setOutcome({ status: 'success', text: message });
      await queryClient.invalidateQueries({ queryKey: decisionMailsKey });
    } catch (error) {
      if (!isCancelled(error)) setOutcome({ status: 'error', text: error instanceof ApiError ? error.message : t('office.mail.decisions.resendFailed') });
    }
  };
  if (outbox.isPending) return <Text color="gray.700">{t('office.mail.loadingMails')}</Text>;
  if (outbox.isError) return <QueryError error={outbox.error} onRetry={() => void outbox.refetch()} title={t('office.mail.mailsFailed')} />;
  const o = outbox.data;
  return (
    <Stack gap="3">
      <Text>
        {t('office.mail.decisions.counts', { total: String(o.total), sent: String(o.counts.sent), withheld: String(o.counts.withheld), failed: String(o.counts.failed) })}
      </Text>
      {outcome && <FormAlert status={outcome.status}>{outcome.text}</FormAlert>}
      {o.items.length === 0 ? (
        <Text color="gray.700">{t('office.mail.decisions.nobody')}</Text>
      ) : (
        <ScrollTable label={t('office.mail.decisions.tableLabel')} size="sm" aria-label={t('office.mail.decisions.tableLabel')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('office.mail.decisions.col.abstract')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.mail.decisions.col.to')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.mail.decisions.col.state')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.mail.decisions.col.action')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {o.items.map((m) => (
              <Table.Row key={`${m.batch}-${m.position}`}>
                <Table.Cell fontFamily="mono" fontSize="xs">
                  {m.abstract_id}
                </Table.Cell>
                <Table.Cell>{m.email}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={stateBadge[m.state].palette}>{t(stateBadge[m.state].label)}</Badge>
                  {m.error && (
                    <Text fontSize="xs" color="gray.700">
                      {m.error}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {m.state !== 'pending' && (
                    <Button size="xs" variant="outline" onClick={() => void resend({ batch: m.batch, position: m.position })} aria-label={t('office.mail.decisions.sendAgainTo', { email: m.email })}>
                      {t('office.mail.decisions.sendAgain')}
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
      {o.pages > 1 && (
        <HStack>
          <Button size="sm" variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('office.mail.decisions.previous')}
          </Button>
          <Text>{t('office.mail.decisions.page', { page: String(page + 1), pages: String(o.pages) })}</Text>
          <Button size="sm" variant="outline" disabled={page + 1 >= o.pages} onClick={() => setPage(page + 1)}>
            {t('office.mail.decisions.next')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

function DecisionMails() {
  const t = useT();
  const lang = useLang();
  const list = useQuery({ queryKey: decisionMailsKey, queryFn: reviewApi.decisionMails });
  const [chosen, setChosen] = useState<string | null>(null);
  if (list.isPending) return <Text color="gray.700">{t('office.mail.decisions.loading')}</Text>;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} title={t('office.mail.decisions.failed')} />;
  if (list.data.items.length === 0) return <Text color="gray.700">{t('office.mail.decisions.none')}</Text>;
  const id = chosen ?? list.data.items[0]!.id;
  return (
    <Stack gap="5">
      <Field.Root maxW="36rem">
        <Field.Label>{t('office.mail.decisions.publication')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={id} onChange={(e) => setChosen(e.currentTarget.value)}>
            {list.data.items.map((j) => (
              <option key={j.id} value={j.id}>
                {formatInstant(lang, j.requested_at)}, {j.category ? reviewCategoryLabel(j.category) : t('office.mail.decisions.everyCategory')}: {publishedSummary(j)}; {mailsSummary(j)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Outbox key={id} id={id} />
    </Stack>
  );
}

export default function DecisionMailsPage() {
  const t = useT();
  return (
    <OfficeFrame title={t('office.mail.decisions.title')}>
      <DecisionMails />
    </OfficeFrame>
  );
}
