/**
 * /review/committee: the programme committee's page, behind the office's second factor (set up
 * and confirmed here as in the office): it runs the assignment (reviewers for every abstract short
 * of them, keeping what is assigned), ranks each category and keeps the pending decisions within
 * the category's slots (deciding.tsx) and publishes them (publication.tsx).
 */
import { Button, Card, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reviewSettings } from '#core/config/review';
import { officeMessages } from '#core/office/access';
import { reviewCategoryLabel } from '#core/review/team';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { secondFactorQuery } from '../../components/second-factor/api';
import { Enrol, Verify } from '../../components/second-factor/second-factor';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ApiError, isCancelled } from '../../lib/api-client';
import { assignmentRunsKey, reviewApi } from './api';
import { formatCstInstant } from '#core/time';
import { Deciding, Slots } from './deciding';
import { Publication } from './publication';
import { NotOnTheTeam, ReviewFrame } from './review-frame';

const runBusy = (state: string) => state === 'queued' || state === 'running';

function Assignment() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState<{ message: string; job: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The run asked for here is followed by its id; otherwise the latest.
  const runs = useQuery({
    queryKey: [...assignmentRunsKey, asked?.job ?? ''],
    queryFn: () => reviewApi.assignmentRuns(asked?.job),
    refetchInterval: (q) => (q.state.data && [q.state.data.job ?? q.state.data.items[0]].some((j) => j && runBusy(j.state)) ? 1500 : false),
  });
  const latest = (asked ? runs.data?.job : undefined) ?? runs.data?.items[0];
  const run = async () => {
    setFailure(null);
    try {
      const { message, data } = await reviewApi.runAssignment();
      setAsked({ message, job: data.job.id });
      await queryClient.invalidateQueries({ queryKey: assignmentRunsKey });
    } catch (error) {
      if (!isCancelled(error)) setFailure(error instanceof ApiError ? error.message : 'The assignment could not be run: request failure. Try again.');
    } finally {
      setConfirming(false);
    }
  };
  const result = latest?.assignment;
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Assign the reviewers</Card.Title>
        <Card.Description>
          Each abstract gets {reviewSettings.reviewersPerAbstract} reviewers of its category, none with a conflict of interest, the work spread as evenly as the pool allows. Run it again after new
          abstracts or declines: what is assigned stays.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {failure && <FormAlert status="error">{failure}</FormAlert>}
          {latest && runBusy(latest.state) ? (
            <FormAlert status="info">{asked?.message ?? 'The assignment is running in the background.'} Started {formatCstInstant(latest.requested_at)}.</FormAlert>
          ) : latest?.state === 'failed' ? (
            <FormAlert status="error">The last run did not complete: {latest.error}</FormAlert>
          ) : (
            result && (
              <FormAlert status="success" title={result.message}>
                Run of {formatCstInstant(latest.finished_at ?? latest.requested_at)}: {result.abstracts} abstracts, {result.reviewers} reviewers.
                {result.short.length > 0 && (
                  <List.Root mt="2" ps="5">
                    {result.short.slice(0, 20).map((s) => (
                      <List.Item key={s.abstract_id}>
                        {reviewCategoryLabel(s.category)}: abstract {s.abstract_id} has {s.assigned}, lacks {s.missing}
                      </List.Item>
                    ))}
                    {result.short_count > 20 && <List.Item>and {result.short_count - 20} more</List.Item>}
                  </List.Root>
                )}
              </FormAlert>
            )
          )}
          <HStack>
            <Button colorPalette="brand" onClick={() => setConfirming(true)} disabled={Boolean(latest && runBusy(latest.state))}>
              Run the assignment
            </Button>
          </HStack>
        </Stack>
        <ConfirmDialog open={confirming} title="Assign reviewers now?" confirmLabel="Assign" confirmPalette="brand" onClose={() => setConfirming(false)} onConfirm={run}>
          <Text>Reviewers are assigned to every abstract short of them. Each assignment is in the audit log and shows in the reviewer&apos;s list at once.</Text>
        </ConfirmDialog>
      </Card.Body>
    </Card.Root>
  );
}

export default function CommitteePage() {
  const queryClient = useQueryClient();
  const status = useQuery({ ...secondFactorQuery });
  let content;
  if (status.isPending) content = <Text color="gray.700">Loading...</Text>;
  else if (status.isError) {
    const error = status.error;
    // The second factor's door is the office's and the committee's: a reviewer who is neither is told what this page is.
    content = error instanceof ApiError && error.status === 403 ? <NotOnTheTeam message={officeMessages.committeeOnly} /> : <QueryError error={error} onRetry={() => void status.refetch()} />;
  } else if (!status.data.enrolled) content = <Enrol />;
  else if (!status.data.verified) content = <Verify recoveryCodesLeft={status.data.recovery_codes_left} />;
  else
    content = (
      <Stack gap="10">
        <Assignment />
        <Deciding />
        <Slots />
        <Publication onPublished={() => void queryClient.invalidateQueries({ queryKey: ['review'] })} />
      </Stack>
    );
  return <ReviewFrame title="Programme committee">{content}</ReviewFrame>;
}
