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
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { secondFactorQuery } from '../../components/second-factor/api';
import { Enrol, Verify } from '../../components/second-factor/second-factor';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ApiError, isCancelled } from '../../lib/api-client';
import { assignmentRunsKey, reviewApi } from './api';
import { formatInstant } from '#core/i18n/format';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { categoryLabel } from './labels';
import { Deciding, Slots } from './deciding';
import { Publication } from './publication';
import { NotOnTheTeam, ReviewFrame } from './review-frame';

const runBusy = (state: string) => state === 'queued' || state === 'running';

function Assignment() {
  const queryClient = useQueryClient();
  const t = useT();
  const lang = useLang();
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
      if (!isCancelled(error)) setFailure(error instanceof ApiError ? error.message : t('review.committee.runFailure'));
    } finally {
      setConfirming(false);
    }
  };
  const result = latest?.assignment;
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t('review.committee.assignTitle')}</Card.Title>
        <Card.Description>{t('review.committee.assignText', { count: reviewSettings.reviewersPerAbstract })}</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {failure && <FormAlert status="error">{failure}</FormAlert>}
          {latest && runBusy(latest.state) ? (
            <FormAlert status="info">
              {asked?.message ?? t('review.committee.running')}
              {t('review.committee.started', { at: formatInstant(lang, latest.requested_at) })}
            </FormAlert>
          ) : latest?.state === 'failed' ? (
            <FormAlert status="error">{t('review.committee.failed', { error: String(latest.error) })}</FormAlert>
          ) : (
            result && (
              <FormAlert
                status="success"
                title={
                  // The run's message is kept in English with its job; the page says it again from its numbers in another language.
                  lang === 'en'
                    ? result.message
                    : t('review.committee.assigned', { added: result.added, addedText: String(result.added), short: result.short_count, shortText: String(result.short_count), per: reviewSettings.reviewersPerAbstract })
                }
              >
                {t('review.committee.runOf', { at: formatInstant(lang, latest.finished_at ?? latest.requested_at), abstracts: String(result.abstracts), reviewers: String(result.reviewers) })}
                {result.short.length > 0 && (
                  <List.Root mt="2" ps="5">
                    {result.short.slice(0, 20).map((s) => (
                      <List.Item key={s.abstract_id}>
                        {t('review.committee.short', { category: categoryLabel(t, s.category), id: s.abstract_id, assigned: String(s.assigned), missing: String(s.missing) })}
                      </List.Item>
                    ))}
                    {result.short_count > 20 && <List.Item>{t('review.committee.more', { count: String(result.short_count - 20) })}</List.Item>}
                  </List.Root>
                )}
              </FormAlert>
            )
          )}
          <HStack>
            <Button colorPalette="brand" onClick={() => setConfirming(true)} disabled={Boolean(latest && runBusy(latest.state))}>
              {t('review.committee.run')}
            </Button>
          </HStack>
        </Stack>
        <ConfirmDialog open={confirming} title={t('review.committee.confirmTitle')} confirmLabel={t('review.committee.confirm')} confirmPalette="brand" onClose={() => setConfirming(false)} onConfirm={run}>
          <Text>{t('review.committee.confirmText')}</Text>
        </ConfirmDialog>
      </Card.Body>
    </Card.Root>
  );
}

export default function CommitteePage() {
  const queryClient = useQueryClient();
  const t = useT();
  const localise = useLocalise();
  const status = useQuery({ ...secondFactorQuery });
  let content;
  if (status.isPending) content = <Text color="gray.700">{t('review.committee.loading')}</Text>;
  else if (status.isError) {
    const error = status.error;
    // The second factor's door is the office's and the committee's: a reviewer who is neither is told what this page is.
    content = error instanceof ApiError && error.status === 403 ? <NotOnTheTeam message={localise(officeMessages.committeeOnly)} /> : <QueryError error={error} onRetry={() => void status.refetch()} />;
  } else if (!status.data.enrolled) content = <Enrol />;
  else if (!status.data.verified) content = <Verify recoveryCodesLeft={status.data.recovery_codes_left} reason={t('review.committee.verifyLead')} openLabel={t('review.committee.open')} />;
  else
    content = (
      <Stack gap="10">
        <Assignment />
        <Deciding />
        <Slots />
        <Publication onPublished={() => void queryClient.invalidateQueries({ queryKey: ['review'] })} />
      </Stack>
    );
  return <ReviewFrame title={t('review.committee.title')}>{content}</ReviewFrame>;
}
