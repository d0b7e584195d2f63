/**
 * /office/decision-mails: the decision outbox. Each publication of the committee's decisions with
 * its counts; one opened shows, a page at a time, every author's mail: sent, bounced (the address
 * bounced after it was sent), withheld (it had bounced before), failed; and sends one again.
 */
import { Badge, Button, HStack, NativeSelect, Field, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OutboxState } from '#core/review/publishing';
import { reviewCategoryLabel } from '#core/review/team';
import { formatCstInstant } from '#core/time';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { ScrollTable } from '../../components/ui/scroll-table';
import { ApiError, isCancelled } from '../../lib/api-client';
import { decisionMailsKey, outboxKey, reviewApi } from '../review/api';
import { mailsSummary, publishedSummary } from '../review/publication';
import { OfficeFrame } from './office-frame';

const stateBadge: Record<OutboxState, { label: string; palette: string }> = {
  pending: { label: 'Waiting', palette: 'gray' },
  sent: { label: 'Sent', palette: 'green' },
  bounced: { label: 'Bounced', palette: 'red' },
  withheld: { label: 'Withheld (bounced before)', palette: 'orange' },
  opted_out: { label: 'Opted out', palette: 'gray' },
  failed: { label: 'Failed', palette: 'red' },
};

function Outbox(props: { id: string }) {
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
      if (!isCancelled(error)) setOutcome({ status: 'error', text: error instanceof ApiError ? error.message : 'The mail could not be sent again: request failure. Try again.' });
    }
  };
  if (outbox.isPending) return <Text color="gray.700">Loading the mails...</Text>;
  if (outbox.isError) return <QueryError error={outbox.error} onRetry={() => void outbox.refetch()} title="The mails could not be loaded." />;
  const o = outbox.data;
  return (
    <Stack gap="3">
      <Text>
        {o.total} mails: {o.counts.sent} sent, {o.counts.withheld} withheld, {o.counts.failed} failed. Bounces are shown as the mail service reports them.
      </Text>
      {outcome && <FormAlert status={outcome.status}>{outcome.text}</FormAlert>}
      {o.items.length === 0 ? (
        <Text color="gray.700">This publication had nobody to write to.</Text>
      ) : (
        <ScrollTable label="Mails of the publication" size="sm" aria-label="Mails of the publication">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Abstract</Table.ColumnHeader>
              <Table.ColumnHeader>To</Table.ColumnHeader>
              <Table.ColumnHeader>State</Table.ColumnHeader>
              <Table.ColumnHeader>Action</Table.ColumnHeader>
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
                  <Badge colorPalette={stateBadge[m.state].palette}>{stateBadge[m.state].label}</Badge>
                  {m.error && (
                    <Text fontSize="xs" color="gray.700">
                      {m.error}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {m.state !== 'pending' && (
                    <Button size="xs" variant="outline" onClick={() => void resend({ batch: m.batch, position: m.position })} aria-label={`Send again to ${m.email}`}>
                      Send again
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
            Previous page
          </Button>
          <Text>
            Page {page + 1} of {o.pages}
          </Text>
          <Button size="sm" variant="outline" disabled={page + 1 >= o.pages} onClick={() => setPage(page + 1)}>
            Next page
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

function DecisionMails() {
  const list = useQuery({ queryKey: decisionMailsKey, queryFn: reviewApi.decisionMails });
  const [chosen, setChosen] = useState<string | null>(null);
  if (list.isPending) return <Text color="gray.700">Loading the publications...</Text>;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} title="The publications could not be loaded." />;
  if (list.data.items.length === 0) return <Text color="gray.700">The committee has not published any decision yet: its mails to the authors will be listed here.</Text>;
  const id = chosen ?? list.data.items[0]!.id;
  return (
    <Stack gap="5">
      <Field.Root maxW="36rem">
        <Field.Label>Publication</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={id} onChange={(e) => setChosen(e.currentTarget.value)}>
            {list.data.items.map((j) => (
              <option key={j.id} value={j.id}>
                {formatCstInstant(j.requested_at)}, {j.category ? reviewCategoryLabel(j.category) : 'every category'}: {publishedSummary(j)}; {mailsSummary(j)}
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
  return (
    <OfficeFrame title="Decision mails">
      <DecisionMails />
    </OfficeFrame>
  );
}
