/** /review: the reviewer's assigned abstracts with their progress and the review's dates. */
import { Badge, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { formatCstDeadline, formatCstInstant } from '#core/time';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ScrollTable } from '../../components/ui/scroll-table';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { reviewApi, reviewQueueKey, type ReviewQueue } from './api';
import { NotOnTheTeam, ReviewFrame } from './review-frame';

export const stateLabels: Record<string, { label: string; palette: string }> = {
  assigned: { label: 'To review', palette: 'gray' },
  draft: { label: 'Draft saved', palette: 'orange' },
  submitted: { label: 'Submitted', palette: 'green' },
};

const reviewPath = (id: string) => paths.reviewAbstract.replace(':id', encodeURIComponent(id));

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
        <Queue queue={queue.data} />
      )}
    </ReviewFrame>
  );
}
