/** /review: the reviewer's assigned abstracts with their progress and the review's dates. */
import { Badge, Box, Button, Card, Field, Progress, SimpleGrid, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reviewSettings } from '#core/config/review';
import { formatDeadline, formatInstant } from '#core/i18n/format';
import type { MessageId } from '#core/i18n/messages';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ScrollTable } from '../../components/ui/scroll-table';
import { paths } from '../../config/paths';
import { FormAlert } from '../../components/form/form-alert';
import { ApiError, isCancelled } from '../../lib/api-client';
import { useLang, useT } from '../../i18n/i18n';
import { reviewApi, reviewQueueKey, type ReviewQueue } from './api';
import { NotOnTheTeam, ReviewFrame } from './review-frame';

const stateLabels: Record<string, { label: MessageId; palette: string }> = {
  assigned: { label: 'review.state.assigned', palette: 'gray' },
  draft: { label: 'review.state.draft', palette: 'orange' },
  submitted: { label: 'review.state.submitted', palette: 'green' },
};

/** A review's state as a badge's words and colour (an unknown state as it is). */
export const stateBadge = (t: (id: MessageId) => string, state: string) => {
  const known = stateLabels[state];
  return known ? { label: t(known.label), palette: known.palette } : { label: state, palette: 'gray' };
};

const reviewPath = (id: string) => paths.reviewAbstract.replace(':id', encodeURIComponent(id));

/** The assigned abstracts as a file for reading offline: the link lives a few minutes, so it is asked for at the click and followed at once. */
function DownloadMine() {
  const t = useT();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    setError(null);
    try {
      const { url } = await reviewApi.exportQueue(format);
      window.location.assign(url);
    } catch (e) {
      if (!isCancelled(e)) setError(e instanceof ApiError ? e.message : t('review.queue.requestFailure'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="2">
      <Stack direction="row" flexWrap="wrap" gap="3">
        <Button variant="outline" size="sm" onClick={() => void download('csv')} loading={busy === 'csv'} disabled={busy !== null && busy !== 'csv'}>
          {t('review.queue.downloadCsv')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => void download('pdf')} loading={busy === 'pdf'} disabled={busy !== null && busy !== 'pdf'}>
          {t('review.queue.downloadPdf')}
        </Button>
      </Stack>
      <Text fontSize="sm" color="gray.700">
        {t('review.queue.downloadNote', { blind: reviewSettings.blind ? 'yes' : 'no' })}
      </Text>
      {error && <FormAlert status="error">{error}</FormAlert>}
    </Stack>
  );
}

function Queue(props: { queue: ReviewQueue }) {
  const { queue } = props;
  const t = useT();
  const lang = useLang();
  const progress = t('review.queue.progressValue', { done: queue.done, assigned: queue.assigned });
  const percent = queue.assigned ? Math.round((queue.done / queue.assigned) * 100) : 0;
  return (
    <Stack gap="5">
      <Text color="gray.700">
        {queue.open
          ? t('review.queue.openUntil', { deadline: formatDeadline(lang, queue.review_closes) })
          : t('review.queue.runs', { opens: formatInstant(lang, queue.review_opens), closes: formatDeadline(lang, queue.review_closes) })}
      </Text>
      {queue.assigned === 0 ? (
        <Text color="gray.700">{t('review.queue.none')}</Text>
      ) : (
        <>
          <Progress.Root value={percent} max={100} size="md" colorPalette="brand" translations={{ value: () => progress }}>
            <Progress.Label mb="2">{t('review.queue.progress')}</Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
            <Progress.ValueText mt="1" color="gray.700">
              {progress}
            </Progress.ValueText>
          </Progress.Root>
          <DownloadMine />
          <ScrollTable label={t('review.queue.table')} size="sm" aria-label={t('review.queue.table')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('review.queue.colAbstract')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('review.queue.colState')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {queue.items.map((item) => {
                const state = stateBadge(t, item.state);
                return (
                  <Table.Row key={item.abstract_id}>
                    <Table.Cell minW="16rem">
                      <SmartLink href={reviewPath(item.abstract_id)}>{item.title_of_abstract}</SmartLink>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={state.palette}>{state.label}</Badge>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </ScrollTable>
        </>
      )}
    </Stack>
  );
}

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

/** What the rules cannot know: the people and institutions the reviewer declares a conflict with. */
function Declarations(props: { declared: ReviewQueue['declared'] }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [people, setPeople] = useState(props.declared.people.join('\n'));
  const [institutions, setInstitutions] = useState(props.declared.institutions.join('\n'));
  const [result, setResult] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const save = async () => {
    setResult(null);
    try {
      const { message } = await reviewApi.declare({ people: lines(people), institutions: lines(institutions) });
      setResult({ status: 'success', text: message });
      void queryClient.invalidateQueries({ queryKey: reviewQueueKey });
    } catch (error) {
      if (!isCancelled(error)) setResult({ status: 'error', text: error instanceof ApiError ? error.message : t('review.queue.requestFailure') });
    }
  };
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t('review.conflicts.title')}</Card.Title>
        <Card.Description>{t('review.conflicts.description')}</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4" as="form" aria-label={t('review.conflicts.title')} onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root>
              <Field.Label>{t('review.conflicts.people')}</Field.Label>
              <Textarea value={people} onChange={(e) => setPeople(e.target.value)} rows={4} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('review.conflicts.institutions')}</Field.Label>
              <Textarea value={institutions} onChange={(e) => setInstitutions(e.target.value)} rows={4} />
            </Field.Root>
          </SimpleGrid>
          {result && <FormAlert status={result.status}>{result.text}</FormAlert>}
          <Box>
            <Button type="submit" variant="outline">
              {t('review.conflicts.save')}
            </Button>
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export default function QueuePage() {
  const t = useT();
  const queue = useQuery({ queryKey: reviewQueueKey, queryFn: reviewApi.queue, retry: false });
  return (
    <ReviewFrame title={t('review.queue.title')}>
      {queue.isPending ? (
        <Text color="gray.700">{t('review.queue.loading')}</Text>
      ) : queue.isError ? (
        queue.error instanceof ApiError && queue.error.status === 403 ? (
          <NotOnTheTeam message={queue.error.message} />
        ) : (
          <QueryError error={queue.error} onRetry={() => void queue.refetch()} title={t('review.queue.loadFailed')} />
        )
      ) : (
        <Stack gap="8">
          <Queue queue={queue.data} />
          <Declarations declared={queue.data.declared} />
        </Stack>
      )}
    </ReviewFrame>
  );
}
