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
import { formatCstDeadline } from '#core/time';
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
import { stateLabels } from './queue-page';
import { NotOnTheTeam, ReviewFrame } from './review-frame';

interface ReviewValues {
  ratings: Record<string, string>;
  proposal: string;
  comment_to_authors: string;
  comment_to_committee: string;
}

const proposalOptions = [
  { value: 'oral', label: 'Accept as an oral presentation' },
  { value: 'poster', label: 'Accept as a poster' },
  { value: 'reject', label: 'Reject' },
];

const valuesOf = (review: ReviewedAbstract['review']): ReviewValues => ({
  ratings: Object.fromEntries(reviewSettings.criteria.map((c) => [c.id, review.ratings?.[c.id] ? String(review.ratings[c.id]) : ''])),
  proposal: review.proposal ?? '',
  comment_to_authors: review.comment_to_authors,
  comment_to_committee: review.comment_to_committee,
});

const failureOf = (error: unknown) => (isCancelled(error) ? null : error instanceof ApiError ? error.message : 'The review could not be saved: request failure. Your text is still here; try again.');

function AbstractText(props: { abstract: ReviewedAbstract['abstract']; recheck?: boolean }) {
  const a = props.abstract;
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          {props.recheck && (
            <FormAlert status="info" title="Revised by its authors">
              The committee asked for a revision and the authors sent it: read it again and change your review until {formatCstDeadline(reviewPhases.recheckUntil)}.
            </FormAlert>
          )}
          <Heading as="h2" size="lg">
            {a.title_of_abstract}
          </Heading>
          <Text color="gray.700">{a.abstract_category_name}</Text>
          <Text>
            <Text as="span" fontWeight="semibold">
              Keywords:{' '}
            </Text>
            {a.keywords}
          </Text>
          <Text whiteSpace="pre-wrap">{a.abstract_body}</Text>
          {a.blind && (
            <Text fontSize="sm" color="gray.700">
              The review is blind: the authors and their institutions are not shown.
            </Text>
          )}
          {a.files.length > 0 && (
            <Stack gap="1">
              <Text fontWeight="semibold">The abstract&apos;s PDF{a.files.length > 1 ? 's' : ''}</Text>
              {a.blind && (
                <Text fontSize="sm" color="orange.800">
                  A PDF may name the authors or their institutions: the authors made it, the portal cannot blind it.
                </Text>
              )}
              {a.files.map((f) => (
                <Text key={f.url}>
                  <SmartLink href={f.url} download={f.name}>
                    {f.name}
                  </SmartLink>{' '}
                  <Text as="span" color="gray.700" fontSize="sm">
                    ({Math.max(1, Math.round(f.size / 1024)).toLocaleString('en-US')} kB)
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
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        The other reviews
      </Heading>
      {props.others.length === 0 ? (
        <Text color="gray.700">No other reviewer has submitted yet.</Text>
      ) : (
        props.others.map((o) => (
          <Card.Root key={o.reviewer} size="sm">
            <Card.Body>
              <Text fontWeight="semibold">
                {o.reviewer}: {o.score?.toFixed(2)} · proposes {o.proposal}
              </Text>
              <Text fontSize="sm" color="gray.700">
                {reviewSettings.criteria.map((c) => `${c.label} ${o.ratings?.[c.id] ?? '-'}`).join(' · ')}
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
    if (submit && ratingsProblems(ratings).length) return setOutcome({ status: 'error', text: reviewMessages.ratings });
    if (submit && !values.proposal) return setOutcome({ status: 'error', text: reviewMessages.proposal });
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
      const text = failureOf(error);
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
      const text = failureOf(error);
      if (text) setOutcome({ status: 'error', text });
    }
  };

  if (outcome?.text === reviewMessages.declined) {
    return (
      <Stack gap="3">
        <FormAlert status="success">{outcome.text}</FormAlert>
        <Text>
          <SmartLink href={paths.review}>Back to your abstracts</SmartLink>
        </Text>
      </Stack>
    );
  }

  const state = stateLabels[review.state] ?? { label: review.state, palette: 'gray' };
  return (
    <FormProvider {...form}>
      <FormStack onSubmit={(e) => void form.handleSubmit((v) => send(v, true))(e)} noValidate aria-label="Your review">
        <Stack direction="row" gap="3" align="center" wrap="wrap">
          <Heading as="h2" size="lg">
            Your review
          </Heading>
          <Badge colorPalette={state.palette}>{state.label}</Badge>
        </Stack>
        {draft.restored && <FormAlert status="info">Your unsaved changes from earlier were restored.</FormAlert>}
        {!editable && <FormAlert status="info">{reviewMessages.closed}</FormAlert>}
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
          {reviewSettings.criteria.map((c) => (
            <ChoiceField<ReviewValues>
              key={c.id}
              name={`ratings.${c.id}`}
              label={`${c.label} (weight ${c.weight})`}
              direction="column"
              readOnly={!editable}
              options={c.scale.map((label, i) => ({ value: String(i + 1), label: `${i + 1} - ${label}` }))}
            />
          ))}
        </SimpleGrid>
        <ChoiceField<ReviewValues> name="proposal" label="Your proposal" direction="column" readOnly={!editable} options={proposalOptions} />
        <TextAreaField<ReviewValues> name="comment_to_authors" label="Comment to the authors (sent with the decision)" rows={5} readOnly={!editable} />
        <TextAreaField<ReviewValues> name="comment_to_committee" label="Comment for the committee only" rows={4} readOnly={!editable} />
        {outcome && <FormAlert status={outcome.status}>{outcome.text}</FormAlert>}
        {editable && (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button type="submit" colorPalette="brand">
              {review.state === 'submitted' ? 'Save the changes' : 'Submit the review'}
            </Button>
            {review.state !== 'submitted' && (
              <Button variant="outline" onClick={() => void form.handleSubmit((v) => send(v, false))()}>
                Save as draft
              </Button>
            )}
          </Stack>
        )}
        {editable && review.state !== 'submitted' && (
          <Box borderTopWidth="1px" borderColor="gray.200" pt="4">
            <Stack gap="3">
              <Text color="gray.700">Cannot review it (a conflict of interest, or out of your field)? Decline it with a reason: the committee assigns it to someone else.</Text>
              <Box>
                <Button
                  variant="outline"
                  colorPalette="red"
                  onClick={() => {
                    setReasonError(null);
                    setDeclining(true);
                  }}
                >
                  Decline this abstract
                </Button>
              </Box>
            </Stack>
          </Box>
        )}
        <ConfirmDialog
          open={declining}
          title="Decline this abstract?"
          confirmLabel="Decline it"
          onClose={() => setDeclining(false)}
          onConfirm={() => {
            if (!reason.trim()) {
              setReasonError(reviewMessages.declineReason);
              return;
            }
            return decline();
          }}
        >
          <Stack gap="2">
            <Text>It leaves your list, and you cannot review it afterwards.</Text>
            <label htmlFor="decline-reason">
              <Text fontWeight="medium">Why you decline</Text>
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
  const detail = useQuery({ queryKey: reviewedAbstractKey(id), queryFn: () => reviewApi.abstract(id), retry: false });
  return (
    <ReviewFrame title="Review an abstract">
      <Text>
        <SmartLink href={paths.review}>Back to your abstracts</SmartLink>
      </Text>
      {detail.isPending ? (
        <Text color="gray.700">Loading the abstract...</Text>
      ) : detail.isError ? (
        detail.error instanceof ApiError && detail.error.status === 403 ? (
          <NotOnTheTeam message={detail.error.message} />
        ) : (
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="The abstract could not be loaded." />
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
