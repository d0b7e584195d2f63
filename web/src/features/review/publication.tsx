/**
 * The committee publishes the decisions (core/review/publishing.ts): of one category or of every
 * category, after a confirmation; the publications so far with their progress (numbers given, mails
 * sent), read again every few seconds while one is running.
 */
import { Button, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { JobView } from '#core/office/jobs';
import { reviewCategoryLabel } from '#core/review/team';
import { formatCstInstant } from '#core/time';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ScrollTable } from '../../components/ui/scroll-table';
import { ApiError, isCancelled } from '../../lib/api-client';
import { publicationsKey, reviewApi } from './api';
import { CategorySelect } from './category-select';

const stateLabels: Record<string, string> = {
  queued: 'Waiting to start',
  running: 'Publishing',
  sending: 'Sending the mails',
  done: 'Done',
  failed: 'Failed',
};
const busy = (j: JobView) => j.state === 'queued' || j.state === 'running' || j.state === 'sending';

/** "2 oral · 5 poster · 3 not accepted · 1 revise" */
export function publishedSummary(j: JobView) {
  const p = j.published;
  if (!p) return '-';
  return `${p.oral} oral · ${p.poster} poster · ${p.reject + p.duplicate} not accepted · ${p.revise} to revise`;
}

export function mailsSummary(j: JobView) {
  if (!j.counts || j.total === null) return '-';
  return `${j.counts.sent} of ${j.total} sent${j.counts.withheld ? `, ${j.counts.withheld} withheld` : ''}${j.counts.failed ? `, ${j.counts.failed} failed` : ''}`;
}

export function Publication(props: { onPublished: () => void }) {
  const queryClient = useQueryClient();
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
      if (!isCancelled(error)) setOutcome({ status: 'error', text: error instanceof ApiError ? error.message : 'The decisions could not be published: request failure. Try again.' });
    } finally {
      setConfirming(false);
    }
  };
  const scopeLabel = scope ? reviewCategoryLabel(scope) : 'every category';
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Publish the decisions</Card.Title>
        <Card.Description>
          Publishing gives each accepted abstract its number (O-001 for orals, P-001 for posters), shows the outcome to its authors in their list of abstracts and mails the submitter and every
          author. A published decision is final, except a request to revise: the committee decides again after the re-check. Open an abstract above to preview its mail.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <HStack gap="4" align="end" wrap="wrap">
            <CategorySelect label="What to publish" value={scope} onChange={setScope} every="Every category" maxW="24rem" />
            <Button colorPalette="brand" onClick={() => setConfirming(true)}>
              Publish the decisions
            </Button>
          </HStack>
          {outcome && <FormAlert status={outcome.status}>{outcome.text}</FormAlert>}
          {list.isPending ? (
            <Text color="gray.700">Loading the publications...</Text>
          ) : list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} title="The publications could not be loaded." />
          ) : list.data.items.length === 0 ? (
            <Text color="gray.700">Nothing has been published yet.</Text>
          ) : (
            <ScrollTable label="Publications" size="sm" aria-label="Publications">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Requested</Table.ColumnHeader>
                  <Table.ColumnHeader>Of</Table.ColumnHeader>
                  <Table.ColumnHeader>State</Table.ColumnHeader>
                  <Table.ColumnHeader>Published</Table.ColumnHeader>
                  <Table.ColumnHeader>Mails</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.data.items.map((j) => (
                  <Table.Row key={j.id}>
                    <Table.Cell minW="10rem">
                      {formatCstInstant(j.requested_at)} by {j.requested_by}
                    </Table.Cell>
                    <Table.Cell>{j.category ? reviewCategoryLabel(j.category) : 'Every category'}</Table.Cell>
                    <Table.Cell>{stateLabels[j.state] ?? j.state}</Table.Cell>
                    <Table.Cell minW="12rem">{publishedSummary(j)}</Table.Cell>
                    <Table.Cell minW="8rem">{mailsSummary(j)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </ScrollTable>
          )}
        </Stack>
        <ConfirmDialog open={confirming} title="Publish the decisions now?" confirmLabel="Publish" confirmPalette="brand" onClose={() => setConfirming(false)} onConfirm={publish}>
          <Text>
            Every pending decision of {scopeLabel} is published: accepted abstracts get their numbers, and the authors are mailed at once. This cannot be undone.
          </Text>
        </ConfirmDialog>
      </Card.Body>
    </Card.Root>
  );
}
