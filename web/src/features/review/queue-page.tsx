/** /review: the reviewer's assigned abstracts with their progress and the review's dates. */
import { Badge, Box, Button, Card, Field, Progress, SimpleGrid, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reviewSettings } from '#core/config/review';
import { formatCstDeadline, formatCstInstant } from '#core/time';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ScrollTable } from '../../components/ui/scroll-table';
import { paths } from '../../config/paths';
import { FormAlert } from '../../components/form/form-alert';
import { ApiError, isCancelled } from '../../lib/api-client';
import { reviewApi, reviewQueueKey, type ReviewQueue } from './api';
import { NotOnTheTeam, ReviewFrame } from './review-frame';

export const stateLabels: Record<string, { label: string; palette: string }> = {
  assigned: { label: 'To review', palette: 'gray' },
  draft: { label: 'Draft saved', palette: 'orange' },
  submitted: { label: 'Submitted', palette: 'green' },
};

const reviewPath = (id: string) => paths.reviewAbstract.replace(':id', encodeURIComponent(id));

/** The assigned abstracts as a file for reading offline: the link lives a few minutes, so it is asked for at the click and followed at once. */
function DownloadMine() {
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    setError(null);
    try {
      const { url } = await reviewApi.exportQueue(format);
      window.location.assign(url);
    } catch (e) {
      if (!isCancelled(e)) setError(e instanceof ApiError ? e.message : 'request failure. Try again.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="2">
      <Stack direction="row" flexWrap="wrap" gap="3">
        <Button variant="outline" size="sm" onClick={() => void download('csv')} loading={busy === 'csv'} disabled={busy !== null && busy !== 'csv'}>
          Download my abstracts (CSV)
        </Button>
        <Button variant="outline" size="sm" onClick={() => void download('pdf')} loading={busy === 'pdf'} disabled={busy !== null && busy !== 'pdf'}>
          Download my abstracts (PDF)
        </Button>
      </Stack>
      <Text fontSize="sm" color="gray.700">
        For reading offline: the text of each abstract assigned to you{reviewSettings.blind ? ', without authors or institutions (the review is blind)' : ''}. Reviews are saved here.
      </Text>
      {error && <FormAlert status="error">{error}</FormAlert>}
    </Stack>
  );
}

function Queue(props: { queue: ReviewQueue }) {
  const { queue } = props;
  const percent = queue.assigned ? Math.round((queue.done / queue.assigned) * 100) : 0;
  return (
    <Stack gap="5">
      <Text color="gray.700">
        {queue.open
          ? `Reviews can be saved and changed until ${formatCstDeadline(queue.review_closes)}.`
          : `The review runs from ${formatCstInstant(queue.review_opens)} to ${formatCstDeadline(queue.review_closes)}.`}
      </Text>
      {queue.assigned === 0 ? (
        <Text color="gray.700">No abstract is assigned to you yet. The committee assigns them after submission closes; they will be listed here.</Text>
      ) : (
        <>
          <Progress.Root value={percent} max={100} size="md" colorPalette="brand" translations={{ value: () => `${queue.done} of ${queue.assigned} reviews submitted` }}>
            <Progress.Label mb="2">Your progress</Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
            <Progress.ValueText mt="1" color="gray.700">
              {queue.done} of {queue.assigned} reviews submitted
            </Progress.ValueText>
          </Progress.Root>
          <DownloadMine />
          <ScrollTable label="Abstracts to review" size="sm" aria-label="Abstracts to review">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Abstract</Table.ColumnHeader>
                <Table.ColumnHeader>State</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {queue.items.map((item) => {
                const state = stateLabels[item.state] ?? { label: item.state, palette: 'gray' };
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
      if (!isCancelled(error)) setResult({ status: 'error', text: error instanceof ApiError ? error.message : 'request failure. Try again.' });
    }
  };
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Your conflicts of interest</Card.Title>
        <Card.Description>
          Abstracts by you, your co-authors, your institution or your mail domain are never assigned to you. Name here anyone else you should not review (a supervisor, a close collaborator) and
          any other institution, one per line.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4" as="form" aria-label="Your conflicts of interest" onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root>
              <Field.Label>People (e-mail or first and last name)</Field.Label>
              <Textarea value={people} onChange={(e) => setPeople(e.target.value)} rows={4} />
            </Field.Root>
            <Field.Root>
              <Field.Label>Institutions</Field.Label>
              <Textarea value={institutions} onChange={(e) => setInstitutions(e.target.value)} rows={4} />
            </Field.Root>
          </SimpleGrid>
          {result && <FormAlert status={result.status}>{result.text}</FormAlert>}
          <Box>
            <Button type="submit" variant="outline">
              Save my conflicts of interest
            </Button>
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export default function QueuePage() {
  const queue = useQuery({ queryKey: reviewQueueKey, queryFn: reviewApi.queue, retry: false });
  return (
    <ReviewFrame title="My reviews">
      {queue.isPending ? (
        <Text color="gray.700">Loading your abstracts...</Text>
      ) : queue.isError ? (
        queue.error instanceof ApiError && queue.error.status === 403 ? (
          <NotOnTheTeam message={queue.error.message} />
        ) : (
          <QueryError error={queue.error} onRetry={() => void queue.refetch()} title="Your abstracts could not be loaded." />
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
