/**
 * /office/exports: orders, registrations by category, delegates, abstracts, the review sheet and the review decisions as CSV (UTF-8 with BOM, for Excel). Each
 * export is a job run in the background (core/office/jobs.ts); the list shows its state and, when
 * it is ready, a download through a short-lived link.
 */
import { Badge, Box, Button, Card, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { exportKinds, exportLabels, type ExportKind } from '#core/office/exports';
import type { JobState, JobView } from '#core/office/jobs';
import { formatCstInstant } from '#core/time';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { ScrollTable } from '../../components/ui/scroll-table';
import { ApiError, isCancelled } from '../../lib/api-client';
import { exportsKey, officeApi, secondFactorKey } from './api';
import { OfficeFrame } from './office-frame';

const descriptions: Record<ExportKind, string> = {
  orders: 'Every order with every field the delegate entered, the amounts, and the dates and methods of its payments and refunds.',
  registrations:
    'Every registration by category (the older flow): number, names, e-mail, type, review state, the fee and the dinners with their pay state, the amounts paid, and its payments and refunds.',
  delegates: 'Every account: names, organisation, country, whether it is activated, and whether the delegate takes announcements.',
  abstracts: 'Every abstract with its authors, presenters, category, keywords and text.',
  review_sheet:
    'Every review: abstract, reviewer, state (with the reason of a decline), each criterion’s score, the weighted score, the proposed outcome and both comments. Beside them, each reviewer of the category in conflict of interest with an abstract, and why.',
  decisions:
    'Every abstract with its submitter, the number of reviews, the mean and median scores, whether the reviewers disagree, the proposals, the pending decision with who decided it, and what was published.',
};

const stateNames: Record<JobState, { label: string; palette: string }> = {
  queued: { label: 'Waiting', palette: 'gray' },
  running: { label: 'Being made', palette: 'blue' },
  done: { label: 'Ready', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
  // A mail job's own states (never an export's or a check's).
  ready: { label: 'Waiting', palette: 'gray' },
  sending: { label: 'Running', palette: 'blue' },
  cancelled: { label: 'Cancelled', palette: 'gray' },
};

interface Outcome {
  status: 'success' | 'error';
  text: string;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'request failure.');

function useOfficeCall() {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    // The office session ended: the frame asks for the code again.
    if (error instanceof ApiError && (error.data as { second_factor?: string } | null)?.second_factor) void queryClient.invalidateQueries({ queryKey: secondFactorKey });
  };
}

function RequestExports() {
  const queryClient = useQueryClient();
  const onOfficeError = useOfficeCall();
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const request = async (kind: ExportKind) => {
    setBusy(kind);
    setOutcome(null);
    try {
      const { message } = await officeApi.requestExport(kind);
      setOutcome({ status: 'success', text: message });
      await queryClient.invalidateQueries({ queryKey: exportsKey });
    } catch (error) {
      if (isCancelled(error)) return;
      onOfficeError(error);
      setOutcome({ status: 'error', text: messageOf(error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        {exportKinds.map((kind) => (
          <Card.Root key={kind}>
            <Card.Header>
              <Card.Title as="h3">{exportLabels[kind]}</Card.Title>
              <Card.Description>{descriptions[kind]}</Card.Description>
            </Card.Header>
            <Card.Footer>
              <Button onClick={() => void request(kind)} loading={busy === kind} disabled={busy !== null && busy !== kind}>
                Export {exportLabels[kind].toLowerCase()}
              </Button>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
      {outcome && (
        <FormAlert status={outcome.status} title={outcome.status === 'error' ? 'Not done' : 'Requested'}>
          {outcome.text}
        </FormAlert>
      )}
    </Stack>
  );
}

const size = (bytes: number | null) => (bytes === null ? '' : bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

function Download(props: { job: JobView }) {
  const onOfficeError = useOfficeCall();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      // The link lives five minutes: asked for at the click, followed at once.
      const { url } = await officeApi.exportLink(props.job.id);
      window.location.assign(url);
    } catch (e) {
      if (isCancelled(e)) return;
      onOfficeError(e);
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="1">
      <Button size="sm" variant="outline" onClick={() => void download()} loading={busy} aria-label={`Download ${props.job.file_name ?? props.job.label}`}>
        Download
      </Button>
      {error && (
        <Text role="alert" fontSize="sm" color="red.700">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function ExportList() {
  const list = useQuery({
    queryKey: exportsKey,
    queryFn: officeApi.exports,
    // While an export is being made, look again every two seconds.
    refetchInterval: (query) => (query.state.data?.items.some((j) => j.state === 'queued' || j.state === 'running') ? 2000 : false),
  });
  if (list.isPending) return <Text color="gray.700">Loading the exports...</Text>;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} title="The exports could not be loaded." />;
  if (list.data.items.length === 0) return <Text color="gray.700">No export has been made yet.</Text>;
  return (
    <ScrollTable label="Exports" size="sm" aria-label="Exports">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Export</Table.ColumnHeader>
          <Table.ColumnHeader>Requested</Table.ColumnHeader>
          <Table.ColumnHeader>State</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Rows</Table.ColumnHeader>
          <Table.ColumnHeader>
            <Box srOnly>Download</Box>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {list.data.items.map((job) => (
          <Table.Row key={job.id}>
            <Table.Cell minW="10rem">
              <Text>{job.label}</Text>
              {job.file_name && (
                <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                  {job.file_name} {size(job.bytes)}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell minW="12rem">
              <Text>{formatCstInstant(job.requested_at)}</Text>
              <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                by {job.requested_by}
              </Text>
            </Table.Cell>
            <Table.Cell>
              {job.withdrawn_at ? <Badge colorPalette="gray">Deleted</Badge> : <Badge colorPalette={stateNames[job.state].palette}>{stateNames[job.state].label}</Badge>}
              {job.withdrawn_at && (
                <Text fontSize="sm" color="gray.700">
                  A delegate deleted their account after it was made: make a new one.
                </Text>
              )}
              {job.error && (
                <Text fontSize="sm" color="red.700">
                  {job.error}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell textAlign="end">{job.rows ?? ''}</Table.Cell>
            <Table.Cell>{job.state === 'done' && !job.withdrawn_at && <Download job={job} />}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

export default function ExportsPage() {
  return (
    <OfficeFrame title="Exports">
      <Stack gap="8">
        <Stack gap="4">
          <Heading as="h2" size="xl">
            Make an export
          </Heading>
          <Text>
            Each export is a CSV file in UTF-8 that Excel opens with Chinese names intact. It is made in the background, so a large congress takes a moment; the list below
            shows when it is ready.
          </Text>
          <RequestExports />
        </Stack>
        <Stack gap="4">
          <Heading as="h2" size="xl">
            Exports made
          </Heading>
          <ExportList />
        </Stack>
      </Stack>
    </OfficeFrame>
  );
}
