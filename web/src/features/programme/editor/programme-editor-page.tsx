/**
 * /review/committee/programme: the programme committee builds the programme (issue 33, decision
 * 0064) behind the office's second factor: rooms, sessions by congress day with their talks and
 * poster boards, the draft's problems beside the sessions they concern and in a summary, the
 * accepted abstracts with no place, and the publication with its history.
 */
import { Button, Card, HStack, List, Stack, Text } from '@chakra-ui/react';
import { officeMessages } from '#core/office/access';
import { FormAlert } from '../../../components/form/form-alert';
import { QueryError } from '../../../components/query-error';
import { secondFactorQuery } from '../../../components/second-factor/api';
import { Enrol, Verify } from '../../../components/second-factor/second-factor';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useLocalise, useT } from '../../../i18n/i18n';
import { NotOnTheTeam, ReviewFrame } from '../../review/review-frame';
import type { DraftView } from './api';
import { Publishing } from './publishing';
import { Rooms } from './rooms';
import { Sessions } from './sessions';
import { useDraftQuery } from './use-draft';

export default function ProgrammeEditorPage() {
  const t = useT();
  const localise = useLocalise();
  const status = useQuery({ ...secondFactorQuery });
  let content;
  if (status.isPending) content = <Text color="gray.700">{t('review.editor.loading')}</Text>;
  else if (status.isError) {
    const error = status.error;
    content =
      error instanceof ApiError && error.status === 403 ? (
        <NotOnTheTeam message={localise(officeMessages.committeeOnly)} />
      ) : (
        <QueryError error={error} onRetry={() => void status.refetch()} />
      );
  } else if (!status.data.enrolled) content = <Enrol />;
  else if (!status.data.verified)
    content = (
      <Verify
        recoveryCodesLeft={status.data.recovery_codes_left}
        reason={t('review.committee.verifyLead')}
        openLabel={t('review.committee.open')}
      />
    );
  else content = <Editor />;
  return <ReviewFrame title={t('review.editor.title')}>{content}</ReviewFrame>;
}

function Editor() {
  const t = useT();
  const draft = useDraftQuery();
  if (draft.isPending) return <Text color="gray.700">{t('review.editor.loading')}</Text>;
  if (draft.isError)
    return (
      <QueryError
        error={draft.error}
        title={t('review.editor.loadFailed')}
        onRetry={() => void draft.refetch()}
      />
    );
  const view = draft.data;
  return (
    <Stack gap="8">
      <Text color="gray.700">{t('review.editor.lead')}</Text>
      <HStack gap="3" wrap="wrap">
        <Text fontSize="sm" color="gray.700">
          {t('review.editor.version', { version: String(view.programme.version) })}
        </Text>
        <Button size="sm" variant="outline" loading={draft.isFetching} onClick={() => void draft.refetch()}>
          {t('review.editor.reload')}
        </Button>
      </HStack>
      <Summary view={view} />
      <Rooms view={view} />
      <Sessions view={view} />
      <Publishing view={view} />
    </Stack>
  );
}

/** Every problem of the draft, and the accepted abstracts with no place (the problems name them too; this is the list to place them from). */
function Summary({ view }: { view: DraftView }) {
  const t = useT();
  const problems = view.problems.filter((p) => p.code !== 'unscheduled');
  return (
    <Card.Root as="section" aria-labelledby="editor-summary">
      <Card.Header>
        <Card.Title as="h2" id="editor-summary">
          {t('review.editor.summary.title')}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {view.problems.length === 0 ? (
            <FormAlert status="success">{t('review.editor.summary.none')}</FormAlert>
          ) : (
            <FormAlert
              status="warning"
              title={t('review.editor.summary.count', { count: view.problems.length })}
            >
              {t('review.editor.summary.explain')}
            </FormAlert>
          )}
          {problems.length > 0 && (
            <List.Root gap="1" ps="5" aria-label={t('review.editor.summary.list')}>
              {problems.map((p, i) => (
                <List.Item key={i}>{t(p.text.id, p.text.values)}</List.Item>
              ))}
            </List.Root>
          )}
          <Stack gap="2">
            <Text as="h3" fontWeight="semibold">
              {t('review.editor.unplaced.title', { count: view.unplaced.length })}
            </Text>
            {view.unplaced.length === 0 ? (
              <Text color="gray.700">{t('review.editor.unplaced.none')}</Text>
            ) : (
              <List.Root gap="1" ps="5" aria-label={t('review.editor.unplaced.list')}>
                {view.unplaced.map((u) => (
                  <List.Item key={u.id}>
                    {t('review.editor.unplaced.item', {
                      type: u.type,
                      number: u.number,
                      title: u.title,
                      presenters: u.presenters.join(', '),
                    })}
                  </List.Item>
                ))}
              </List.Root>
            )}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
