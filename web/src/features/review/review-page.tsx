/**
 * /review/abstracts/:id: one assigned abstract as the reviewer reads it (blind: no authors or
 * institutions), the review form (a rating per criterion with the label of each value, a proposal,
 * a comment to the authors and one for the committee only), kept as a draft in this browser until
 * saved; a draft on the server, a submission, or a decline with a reason. Once submitted, the
 * others' reviews of the abstract are shown (when the committee's setting allows).
 */
import { Badge, Box, Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { reviewSettings } from '#core/config/review';
import { reviewPhases } from '#core/config/conference';
import { formatDeadline } from '#core/i18n/format';
import { ratingsProblems } from '#core/review/scoring';
import { reviewMessages } from '#core/review/reviewing';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { ChoiceField, TextAreaField } from '../../components/form/fields';
import { useDraft } from '../../components/form/use-draft';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { paths } from '../../config/paths';
import { ApiError, isCancelled } from '../../lib/api-client';
import { reviewApi, reviewedAbstractKey, reviewQueueKey, type ReviewedAbstract } from './api';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import type { Translate } from '#core/i18n/messages';
import { categoryNameOf } from '../abstracts/option-labels';
import { criterionLabel, proposalIds, scaleLabel } from './labels';
import { stateBadge } from './queue-page';
import { NotOnTheTeam, ReviewFrame } from './review-frame';

interface ReviewValues {
  ratings: Record<string, string>;
  proposal: string;
  comment_to_authors: string;
  comment_to_committee: string;
}

const proposalOptions = (t: Translate) => reviewSettings.proposals.map((value) => ({ value, label: t(proposalIds[value]) }));

const valuesOf = (review: ReviewedAbstract['review']): ReviewValues => ({
  ratings: Object.fromEntries(reviewSettings.criteria.map((c) => [c.id, review.ratings?.[c.id] ? String(review.ratings[c.id]) : ''])),
  proposal: review.proposal ?? '',
  comment_to_authors: review.comment_to_authors,
  comment_to_committee: review.comment_to_committee,
});

const failureOf = (t: Translate, error: unknown) => (isCancelled(error) ? null : error instanceof ApiError ? error.message : t('review.form.requestFailure'));

/** "Reviewer 2" as the server names another reviewer, in the page's language. */
const reviewerName = (t: Translate, name: string) => {
  const n = /^Reviewer (\d+)$/.exec(name)?.[1];
  return n ? t('review.others.reviewer', { n }) : name;
};

function AbstractText(props: { abstract: ReviewedAbstract['abstract']; recheck?: boolean }) {
  const a = props.abstract;
  const t = useT();
  const lang = useLang();
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          {props.recheck && (
            <FormAlert status="info" title={t('review.abstract.revisedTitle')}>
              {t('review.abstract.revisedText', { deadline: formatDeadline(lang, reviewPhases.recheckUntil) })}
            </FormAlert>
          )}
          <Heading as="h2" size="lg">
            {a.title_of_abstract}
          </Heading>
          <Text color="gray.700">{categoryNameOf(t, a.abstract_category, a.abstract_category_name)}</Text>
          <Text>
            <Text as="span" fontWeight="semibold">
              {t('review.abstract.keywords')}
            </Text>
            {a.keywords}
          </Text>
          <Text whiteSpace="pre-wrap">{a.abstract_body}</Text>
          {a.blind && (
            <Text fontSize="sm" color="gray.700">
              {t('review.abstract.blind')}
            </Text>
          )}
          {a.files.length > 0 && (
            <Stack gap="1">
              <Text fontWeight="semibold">{t('review.abstract.pdfs', { count: a.files.length })}</Text>
              {a.blind && (
                <Text fontSize="sm" color="orange.800">
                  {t('review.abstract.pdfWarning')}
                </Text>
              )}
              {a.files.map((f) => (
                <Text key={f.url}>
                  <SmartLink href={f.url} download={f.name}>
                    {f.name}
                  </SmartLink>{' '}
                  <Text as="span" color="gray.700" fontSize="sm">
                    {`(${Math.max(1, Math.round(f.size / 1024)).toLocaleString('en-US')} kB)`}
                  </Text>
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Others(props: { others: NonNullable<ReviewedAbstract['others']> }) {
  const t = useT();
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        {t('review.others.title')}
      </Heading>
      {props.others.length === 0 ? (
        <Text color="gray.700">{t('review.others.none')}</Text>
      ) : (
        props.others.map((o) => (
          <Card.Root key={o.reviewer} size="sm">
            <Card.Body>
              <Text fontWeight="semibold">
                {t('review.others.line', { reviewer: reviewerName(t, o.reviewer), score: o.score?.toFixed(2) ?? '', proposal: o.proposal ?? '' })}
              </Text>
              <Text fontSize="sm" color="gray.700">
                {reviewSettings.criteria.map((c) => `${criterionLabel(t, c)} ${o.ratings?.[c.id] ?? '-'}`).join(' · ')}
              </Text>
              {o.comment_to_authors && <Text mt="2">{o.comment_to_authors}</Text>}
            </Card.Body>
          </Card.Root>
        ))
      )}
    </Stack>
  );
}

function ReviewForm(props: { id: string; data: ReviewedAbstract }) {
  const queryClient = useQueryClient();
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  const { review } = props.data;
  const form = useForm<ReviewValues>({ defaultValues: valuesOf(review) });
  const draft = useDraft(form, `review:${props.id}`, String(review.version));
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const editable = props.data.editable;

  useEffect(() => {
    const saved = valuesOf(review);
    const restored = draft.restore(saved);
    form.reset({ ...saved, ...restored, ratings: { ...saved.ratings, ...(restored.ratings ?? {}) } });
    // Only when the saved version changes (a save here, or a reload).
  }, [review.version]);

  const send = async (values: ReviewValues, submit: boolean) => {
    setOutcome(null);
    const ratings = Object.fromEntries(Object.entries(values.ratings).filter(([, v]) => v !== '').map(([k, v]) => [k, Number(v)]));
    if (submit && ratingsProblems(ratings).length) return setOutcome({ status: 'error', text: localise(reviewMessages.ratings) });
    if (submit && !values.proposal) return setOutcome({ status: 'error', text: localise(reviewMessages.proposal) });
    try {
      const { message, data } = await reviewApi.save(props.id, {
        ratings,
        proposal: (values.proposal || undefined) as 'oral' | 'poster' | 'reject' | undefined,
        comment_to_authors: values.comment_to_authors,
        comment_to_committee: values.comment_to_committee,
        submit,
        version: review.version,
      });
      draft.clear();
      queryClient.setQueryData(reviewedAbstractKey(props.id), { ...props.data, review: data });
      void queryClient.invalidateQueries({ queryKey: reviewedAbstractKey(props.id) });
      void queryClient.invalidateQueries({ queryKey: reviewQueueKey });
      setOutcome({ status: 'success', text: message });
    } catch (error) {
      const text = failureOf(t, error);
      if (text) setOutcome({ status: 'error', text });
    }
  };

  const decline = async () => {
    try {
      const { message } = await reviewApi.decline(props.id, { reason, version: review.version });
      draft.clear();
      void queryClient.invalidateQueries({ queryKey: reviewQueueKey });
      queryClient.removeQueries({ queryKey: reviewedAbstractKey(props.id) });
      setDeclining(false);
      setOutcome({ status: 'success', text: message });
    } catch (error) {
      setDeclining(false);
      const text = failureOf(t, error);
      if (text) setOutcome({ status: 'error', text });
    }
  };

  if (outcome?.text === localise(reviewMessages.declined)) {
    return (
      <Stack gap="3">
        <FormAlert status="success">{outcome.text}</FormAlert>
        <Text>
          <SmartLink href={paths.review}>{t('review.page.back')}</SmartLink>
        </Text>
      </Stack>
    );
  }

  const state = stateBadge(t, review.state);
  return (
    <FormProvider {...form}>
      <FormStack onSubmit={(e) => void form.handleSubmit((v) => send(v, true))(e)} noValidate aria-label={t('review.form.title')}>
        <Stack direction="row" gap="3" align="center" wrap="wrap">
          <Heading as="h2" size="lg">
            {t('review.form.title')}
          </Heading>
          <Badge colorPalette={state.palette}>{state.label}</Badge>
        </Stack>
        {draft.restored && <FormAlert status="info">{t('review.form.restored')}</FormAlert>}
        {!editable && <FormAlert status="info">{t('review.form.closed', { date: formatDeadline(lang, reviewPhases.reviewCloses) })}</FormAlert>}
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
          {reviewSettings.criteria.map((c) => (
            <ChoiceField<ReviewValues>
              key={c.id}
              name={`ratings.${c.id}`}
              label={t('review.form.criterion', { label: criterionLabel(t, c), weight: c.weight })}
              direction="column"
              readOnly={!editable}
              options={c.scale.map((_, i) => ({ value: String(i + 1), label: `${i + 1} - ${scaleLabel(t, c, i + 1)}` }))}
            />
          ))}
        </SimpleGrid>
        <ChoiceField<ReviewValues> name="proposal" label={t('review.form.proposal')} direction="column" readOnly={!editable} options={proposalOptions(t)} />
        <TextAreaField<ReviewValues> name="comment_to_authors" label={t('review.form.commentAuthors')} rows={5} readOnly={!editable} />
        <TextAreaField<ReviewValues> name="comment_to_committee" label={t('review.form.commentCommittee')} rows={4} readOnly={!editable} />
        {outcome && <FormAlert status={outcome.status}>{outcome.text}</FormAlert>}
        {editable && (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button type="submit" colorPalette="brand">
              {review.state === 'submitted' ? t('review.form.saveChanges') : t('review.form.submit')}
            </Button>
            {review.state !== 'submitted' && (
              <Button variant="outline" onClick={() => void form.handleSubmit((v) => send(v, false))()}>
                {t('review.form.saveDraft')}
              </Button>
            )}
          </Stack>
        )}
        {editable && review.state !== 'submitted' && (
          <Box borderTopWidth="1px" borderColor="gray.200" pt="4">
            <Stack gap="3">
              <Text color="gray.700">{t('review.form.declineNote')}</Text>
              <Box>
                <Button
                  variant="outline"
                  colorPalette="red"
                  onClick={() => {
                    setReasonError(null);
                    setDeclining(true);
                  }}
                >
                  {t('review.form.decline')}
                </Button>
              </Box>
            </Stack>
          </Box>
        )}
        <ConfirmDialog
          open={declining}
          title={t('review.form.declineTitle')}
          confirmLabel={t('review.form.declineConfirm')}
          onClose={() => setDeclining(false)}
          onConfirm={() => {
            if (!reason.trim()) {
              setReasonError(localise(reviewMessages.declineReason));
              return;
            }
            return decline();
          }}
        >
          <Stack gap="2">
            <Text>{t('review.form.declineLeaves')}</Text>
            <label htmlFor="decline-reason">
              <Text fontWeight="medium">{t('review.form.declineWhy')}</Text>
            </label>
            <textarea
              id="decline-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'decline-reason-error' : undefined}
              style={{ border: '1px solid #a0aec0', borderRadius: 6, padding: 8, width: '100%' }}
            />
            {reasonError && (
              <Text id="decline-reason-error" color="red.700" fontSize="sm" role="alert">
                {reasonError}
              </Text>
            )}
          </Stack>
        </ConfirmDialog>
      </FormStack>
    </FormProvider>
  );
}

export default function ReviewPage() {
  const { id = '' } = useParams();
  const t = useT();
  const detail = useQuery({ queryKey: reviewedAbstractKey(id), queryFn: () => reviewApi.abstract(id), retry: false });
  return (
    <ReviewFrame title={t('review.page.title')}>
      <Text>
        <SmartLink href={paths.review}>{t('review.page.back')}</SmartLink>
      </Text>
      {detail.isPending ? (
        <Text color="gray.700">{t('review.page.loading')}</Text>
      ) : detail.isError ? (
        detail.error instanceof ApiError && detail.error.status === 403 ? (
          <NotOnTheTeam message={detail.error.message} />
        ) : (
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} title={t('review.page.loadFailed')} />
        )
      ) : (
        <Stack gap="8">
          <AbstractText abstract={detail.data.abstract} recheck={detail.data.recheck} />
          <ReviewForm id={id} data={detail.data} />
          {detail.data.others && <Others others={detail.data.others} />}
        </Stack>
      )}
    </ReviewFrame>
  );
}
