/**
 * /office/exports: orders, registrations by category, delegates, abstracts, the review sheet and the review decisions as CSV (UTF-8 with BOM, for Excel). Each
 * export is a job run in the background (core/office/jobs.ts); the list shows its state and, when
 * it is ready, a download through a short-lived link.
 */
import { Badge, Box, Button, Card, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { exportKinds, type ExportKind } from '#core/office/exports';
import type { JobState, JobView } from '#core/office/jobs';
import { formatInstant } from '#core/i18n/format';
import type { MessageId, Translate } from '#core/i18n/messages';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { ScrollTable } from '../../components/ui/scroll-table';
import { ApiError, isCancelled } from '../../lib/api-client';
import { exportsKey, officeApi, secondFactorKey } from './api';
import { OfficeFrame } from './office-frame';

/** What each export is called (the server's `label` is its English, core/office/exports.ts). */
const labels: Record<ExportKind, MessageId> = {
  orders: 'office.exports.kind.orders',
  fapiao: 'office.exports.kind.fapiao',
  registrations: 'office.exports.kind.registrations',
  delegates: 'office.exports.kind.delegates',
  abstracts: 'office.exports.kind.abstracts',
  review_sheet: 'office.exports.kind.review_sheet',
  decisions: 'office.exports.kind.decisions',
  abstract_book: 'office.exports.kind.abstract_book',
  badges: 'office.exports.kind.badges',
  checkins: 'office.exports.kind.checkins',
};

const descriptions: Record<ExportKind, MessageId> = {
  orders: 'office.exports.desc.orders',
  fapiao: 'office.exports.desc.fapiao',
  registrations: 'office.exports.desc.registrations',
  delegates: 'office.exports.desc.delegates',
  abstracts: 'office.exports.desc.abstracts',
  review_sheet: 'office.exports.desc.review_sheet',
  decisions: 'office.exports.desc.decisions',
  abstract_book: 'office.exports.desc.abstract_book',
  badges: 'office.exports.desc.badges',
  checkins: 'office.exports.desc.checkins',
};

const stateNames: Record<JobState, { label: MessageId; palette: string }> = {
  queued: { label: 'office.exports.state.queued', palette: 'gray' },
  running: { label: 'office.exports.state.running', palette: 'blue' },
  done: { label: 'office.exports.state.done', palette: 'green' },
  failed: { label: 'office.exports.state.failed', palette: 'red' },
  // A mail job's own states (never an export's or a check's).
  ready: { label: 'office.exports.state.queued', palette: 'gray' },
  sending: { label: 'office.exports.state.sending', palette: 'blue' },
  cancelled: { label: 'office.exports.state.cancelled', palette: 'gray' },
};

interface Outcome {
  status: 'success' | 'error';
  text: string;
}

const messageOf = (t: Translate, error: unknown) => (error instanceof ApiError ? error.message : t('office.exports.requestFailure'));

function useOfficeCall() {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    // The office session ended: the frame asks for the code again.
    if (error instanceof ApiError && (error.data as { second_factor?: string } | null)?.second_factor) void queryClient.invalidateQueries({ queryKey: secondFactorKey });
  };
}

function RequestExports() {
  const t = useT();
  const queryClient = useQueryClient();
  const onOfficeError = useOfficeCall();
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const request = async (kind: ExportKind) => {
    setBusy(kind);
    setOutcome(null);
    try {
      const { message } = await officeApi.requestExport(kind);
      // The answer and the buttons come back together: the list below refreshes on its own.
      setOutcome({ status: 'success', text: message });
      void queryClient.invalidateQueries({ queryKey: exportsKey });
    } catch (error) {
      if (isCancelled(error)) return;
      onOfficeError(error);
      setOutcome({ status: 'error', text: messageOf(t, error) });
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
              <Card.Title as="h3">{t(labels[kind])}</Card.Title>
              <Card.Description>{t(descriptions[kind])}</Card.Description>
            </Card.Header>
            <Card.Footer>
              <Button onClick={() => void request(kind)} loading={busy === kind} disabled={busy !== null && busy !== kind}>
                {t('office.exports.exportButton', { label: t(labels[kind]).toLowerCase() })}
              </Button>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
      {outcome && (
        <FormAlert status={outcome.status} title={outcome.status === 'error' ? t('office.exports.notDone') : t('office.exports.requested')}>
          {outcome.text}
        </FormAlert>
      )}
    </Stack>
  );
}

const size = (bytes: number | null) => (bytes === null ? '' : bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

function Download(props: { job: JobView }) {
  const t = useT();
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
      setError(messageOf(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="1">
      <Button size="sm" variant="outline" onClick={() => void download()} loading={busy} aria-label={t('office.exports.downloadLabel', { file: props.job.file_name ?? props.job.label })}>
        {t('office.exports.download')}
      </Button>
      {error && (
        <Text role="alert" fontSize="sm" color="red.700">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** An abstract book's export: publish it to delegates (/program links it). */
function PublishBook(props: { job: JobView }) {
  const t = useT();
  const onOfficeError = useOfficeCall();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const publish = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: (await officeApi.publishBook(props.job.id)).message });
    } catch (e) {
      if (isCancelled(e)) return;
      onOfficeError(e);
      setOutcome({ ok: false, text: messageOf(t, e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="1">
      <Button size="sm" variant="outline" onClick={() => void publish()} loading={busy} aria-label={t('office.exports.publishBookLabel', { file: props.job.file_name ?? props.job.label })}>
        {t('office.exports.publishBook')}
      </Button>
      {outcome && (
        <Text role={outcome.ok ? 'status' : 'alert'} fontSize="sm" color={outcome.ok ? 'green.700' : 'red.700'}>
          {outcome.text}
        </Text>
      )}
    </Stack>
  );
}

function ExportList() {
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  const list = useQuery({
    queryKey: exportsKey,
    queryFn: officeApi.exports,
    // While an export is being made, look again every two seconds.
    refetchInterval: (query) => (query.state.data?.items.some((j) => j.state === 'queued' || j.state === 'running') ? 2000 : false),
  });
  if (list.isPending) return <Text color="gray.700">{t('office.exports.loading')}</Text>;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} title={t('office.exports.loadFailed')} />;
  if (list.data.items.length === 0) return <Text color="gray.700">{t('office.exports.none')}</Text>;
  return (
    <ScrollTable label={t('office.exports.list')} size="sm" aria-label={t('office.exports.list')}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('office.exports.col.export')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.exports.col.requested')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.exports.col.state')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('office.exports.col.rows')}</Table.ColumnHeader>
          <Table.ColumnHeader>
            <Box srOnly>{t('office.exports.col.download')}</Box>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {list.data.items.map((job) => (
          <Table.Row key={job.id}>
            <Table.Cell minW="10rem">
              <Text>{job.export ? t(labels[job.export]) : job.label}</Text>
              {job.file_name && (
                <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                  {job.file_name} {size(job.bytes)}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell minW="12rem">
              <Text>{formatInstant(lang, job.requested_at)}</Text>
              <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                {t('office.exports.by', { by: job.requested_by })}
              </Text>
            </Table.Cell>
            <Table.Cell>
              {job.withdrawn_at ? (
                <Badge colorPalette="gray">{t('office.exports.deleted')}</Badge>
              ) : (
                <Badge colorPalette={stateNames[job.state].palette}>{t(stateNames[job.state].label)}</Badge>
              )}
              {job.withdrawn_at && (
                <Text fontSize="sm" color="gray.700">
                  {t('office.exports.withdrawn')}
                </Text>
              )}
              {job.error && (
                <Text fontSize="sm" color="red.700">
                  {localise(job.error)}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell textAlign="end">{job.rows ?? ''}</Table.Cell>
            <Table.Cell>
              {job.state === 'done' && !job.withdrawn_at && (
                <Stack gap="2">
                  <Download job={job} />
                  {job.export === 'abstract_book' && <PublishBook job={job} />}
                </Stack>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

export default function ExportsPage() {
  const t = useT();
  return (
    <OfficeFrame title={t('office.exports.pageTitle')}>
      <Stack gap="8">
        <Stack gap="4">
          <Heading as="h2" size="xl">
            {t('office.exports.make')}
          </Heading>
          <Text>{t('office.exports.intro')}</Text>
          <RequestExports />
        </Stack>
        <Stack gap="4">
          <Heading as="h2" size="xl">
            {t('office.exports.made')}
          </Heading>
          <ExportList />
        </Stack>
      </Stack>
    </OfficeFrame>
  );
}
