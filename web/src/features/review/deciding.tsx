/**
 * The committee's deciding: a review category ranked by weighted score (a page at a time), with
 * its oral slots and poster boards and what is decided; an abstract opened in full (its authors,
 * every review and the comments for the committee) with its pending decision; the slots of every
 * category. Nothing is sent to authors from here: decisions are published together, later.
 */
import { Badge, Box, Button, Card, Field, HStack, Heading, Input, NativeSelect, SimpleGrid, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { outcomes, type Outcome } from '#core/review/deciding';
import { assignmentMoveBody, type AssignmentMoveForm } from '#core/review/schemas';
import { reviewCategories } from '#core/review/team';
import { formatInstant } from '#core/i18n/format';
import type { MessageId, Translate } from '#core/i18n/messages';
import { SelectField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { applyServerErrors } from '../../components/form/server-errors';
import { SubmitButton } from '../../components/form/submit-button';
import { QueryError } from '../../components/query-error';
import { ScrollTable } from '../../components/ui/scroll-table';
import { ApiError, isCancelled } from '../../lib/api-client';
import { committeeAbstractKey, rankingKey, reviewApi, slotsKey, type CommitteeAbstract, type Ranking } from './api';
import { useLang, useT } from '../../i18n/i18n';
import { CategorySelect } from './category-select';
import { categoryLabel } from './labels';

const failureOf = (t: Translate, error: unknown) => (isCancelled(error) ? null : error instanceof ApiError ? error.message : t('review.decide.requestFailure'));

/** A decision's outcome in the page's language. */
export const outcomeIds: Record<Outcome, MessageId> = {
  oral: 'review.outcome.oral',
  poster: 'review.outcome.poster',
  reject: 'review.outcome.reject',
  revise: 'review.outcome.revise',
  duplicate: 'review.outcome.duplicate',
};
const score = (n: number | null) => (n === null ? '-' : n.toFixed(2));

function DecisionForm(props: { id: string; data: CommitteeAbstract; onSaved: () => void }) {
  const t = useT();
  const [outcome, setOutcome] = useState<Outcome | ''>(props.data.decision?.outcome ?? '');
  const [duplicateOf, setDuplicateOf] = useState(props.data.decision?.duplicate_of ?? '');
  const [note, setNote] = useState(props.data.decision?.note ?? '');
  const [result, setResult] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const save = async () => {
    setResult(null);
    try {
      const { message } = await reviewApi.decide(props.id, { outcome: outcome || null, duplicate_of: outcome === 'duplicate' ? duplicateOf.trim() : undefined, note: note.trim() || undefined, version: props.data.version });
      setResult({ status: 'success', text: message });
      props.onSaved();
    } catch (error) {
      const text = failureOf(t, error);
      if (text) setResult({ status: 'error', text });
    }
  };
  return (
    <Stack gap="3" as="form" aria-label={t('review.decide.pending')} onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <Field.Root>
        <Field.Label>{t('review.decide.pending')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={outcome} onChange={(e) => setOutcome(e.currentTarget.value as Outcome | '')}>
            <option value="">{t('review.decide.notDecided')}</option>
            {outcomes.map((o) => (
              <option key={o} value={o}>
                {t(outcomeIds[o])}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {outcome === 'duplicate' && (
        <Field.Root>
          <Field.Label>{t('review.decide.duplicateOf')}</Field.Label>
          <Input value={duplicateOf} onChange={(e) => setDuplicateOf(e.target.value)} />
        </Field.Root>
      )}
      <Field.Root>
        <Field.Label>{t('review.decide.note')}</Field.Label>
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} />
      </Field.Root>
      {result && <FormAlert status={result.status}>{result.text}</FormAlert>}
      <Box>
        <Button type="submit" colorPalette="brand">
          {t('review.decide.save')}
        </Button>
      </Box>
    </Stack>
  );
}

/** The mail the abstract's authors get with its decision, as the worker will send it (its number given at publication). */
function MailPreview(props: { id: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const preview = useQuery({ queryKey: ['review', 'mail-preview', props.id], queryFn: () => reviewApi.previewMail(props.id), enabled: open });
  return (
    <Stack gap="2">
      <Box>
        <Button variant="outline" size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? t('review.decide.previewHide') : t('review.decide.previewShow')}
        </Button>
      </Box>
      {open &&
        (preview.isPending ? (
          <Text color="gray.700">{t('review.decide.previewLoading')}</Text>
        ) : preview.isError ? (
          <QueryError error={preview.error} onRetry={() => void preview.refetch()} title={t('review.decide.previewFailed')} />
        ) : (
          <Box borderWidth="1px" borderRadius="md" p="3" role="region" aria-label={t('review.decide.previewRegion')}>
            <Text fontSize="sm">{t('review.decide.previewTo', { to: preview.data.to.join(', ') })}</Text>
            <Text fontWeight="semibold">
              {t('review.decide.previewSubject')}
              {preview.data.subject}
            </Text>
            {preview.data.numbered_at_publication && <Text fontSize="sm" color="gray.700">{t('review.decide.previewNumber')}</Text>}
            <Text whiteSpace="pre-wrap" mt="2" fontSize="sm">
              {preview.data.text}
            </Text>
          </Box>
        ))}
    </Stack>
  );
}

/** One assignment moved to another reviewer, added or removed (a submitted review stays). */
function ReviewersForm(props: { id: string; data: CommitteeAbstract; onSaved: () => void }) {
  const t = useT();
  const form = useForm<AssignmentMoveForm>({ resolver: zodResolver(assignmentMoveBody, undefined, { raw: true }) as Resolver<AssignmentMoveForm>, defaultValues: { remove_reviewer_id: '', add_reviewer_id: '' } });
  const [result, setResult] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const removable = props.data.reviews.filter((r) => r.state === 'assigned' || r.state === 'draft').map((r) => ({ value: r.reviewer_id, label: r.reviewer }));
  const eligible = props.data.eligible_reviewers.map((r) => ({ value: r.user_id, label: r.label }));
  const submit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const { message } = await reviewApi.moveAssignment(props.id, values);
      form.reset({ remove_reviewer_id: '', add_reviewer_id: '' });
      setResult({ status: 'success', text: message });
      props.onSaved();
    } catch (error) {
      const text = applyServerErrors(error, form.setError, ['remove_reviewer_id', 'add_reviewer_id']);
      if (text !== null) setResult({ status: 'error', text });
    }
  });
  return (
    <FormProvider {...form}>
      <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label={t('review.decide.reviewersTitle')} gap="3">
        <Heading as="h4" size="sm">
          {t('review.decide.reviewersTitle')}
        </Heading>
        <Text color="gray.700" fontSize="sm">
          {t('review.decide.reviewersText')}
        </Text>
        <SelectField<AssignmentMoveForm> name="remove_reviewer_id" label={t('review.decide.takeFrom')} options={removable} placeholder={t('review.decide.takeFromNobody')} />
        <SelectField<AssignmentMoveForm>
          name="add_reviewer_id"
          label={t('review.decide.giveTo')}
          options={eligible}
          placeholder={eligible.length ? t('review.decide.giveToNobody') : t('review.decide.giveToNone')}
        />
        {result && <FormAlert status={result.status}>{result.text}</FormAlert>}
        <Box>
          <SubmitButton>{t('review.decide.saveReviewers')}</SubmitButton>
        </Box>
      </FormStack>
    </FormProvider>
  );
}

function AbstractDetail(props: { id: string; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const t = useT();
  const lang = useLang();
  const detail = useQuery({ queryKey: committeeAbstractKey(props.id), queryFn: () => reviewApi.committeeAbstract(props.id) });
  if (detail.isPending) return <Text color="gray.700">{t('review.decide.loading')}</Text>;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} title={t('review.decide.loadFailed')} />;
  const d = detail.data;
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h3">{d.abstract.title_of_abstract}</Card.Title>
        <Card.Description>{d.abstract.authors.map((a) => `${a.name} (${a.institute}, ${a.country})`).join('; ')}</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Text whiteSpace="pre-wrap">{d.abstract.abstract_body}</Text>
          <Heading as="h4" size="sm">
            {t('review.decide.reviews')}
          </Heading>
          {d.reviews.map((r) => (
            <Box key={r.reviewer_id} borderLeftWidth="3px" borderColor="gray.300" ps="3">
              <Text fontWeight="semibold">
                {r.state === 'submitted'
                  ? t('review.decide.reviewSubmitted', { reviewer: r.reviewer, score: score(r.score), proposal: String(r.proposal) })
                  : r.state === 'declined'
                    ? t('review.decide.reviewDeclined', { reviewer: r.reviewer, reason: String(r.decline_reason) })
                    : t('review.decide.reviewOpen', { reviewer: r.reviewer })}
              </Text>
              {r.comment_to_authors && <Text>{t('review.decide.toAuthors', { comment: r.comment_to_authors })}</Text>}
              {r.comment_to_committee && <Text>{t('review.decide.forCommittee', { comment: r.comment_to_committee })}</Text>}
            </Box>
          ))}
          {d.published && (
            <FormAlert
              status="info"
              title={
                d.published.number
                  ? t('review.decide.publishedNumbered', { at: formatInstant(lang, d.published.published_at), outcome: t(outcomeIds[d.published.outcome]), number: d.published.number })
                  : t('review.decide.published', { at: formatInstant(lang, d.published.published_at), outcome: t(outcomeIds[d.published.outcome]) })
              }
            >
              {d.published.outcome === 'revise' ? t('review.decide.publishedRevise') : t('review.decide.publishedFinal')}
            </FormAlert>
          )}
          {!d.published && <ReviewersForm id={props.id} data={d} onSaved={() => void queryClient.invalidateQueries({ queryKey: committeeAbstractKey(props.id) })} />}
          {(!d.published || d.published.outcome === 'revise') && (
            <DecisionForm
              id={props.id}
              data={d}
              onSaved={() => {
                void queryClient.invalidateQueries({ queryKey: committeeAbstractKey(props.id) });
                props.onSaved();
              }}
            />
          )}
          <MailPreview id={props.id} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function RankingTable(props: { ranking: Ranking; open: string | null; onOpen: (id: string) => void }) {
  const { ranking } = props;
  const t = useT();
  if (ranking.items.length === 0) return <Text color="gray.700">{t('review.decide.noneAssigned')}</Text>;
  const label = t('review.decide.ranking', { category: categoryLabel(t, ranking.category) });
  return (
    <ScrollTable label={label} size="sm" aria-label={label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('review.decide.colAbstract')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('review.decide.colReviews')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('review.decide.colMean')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('review.decide.colMedian')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('review.decide.colProposed')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('review.decide.colPending')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {ranking.items.map((item) => (
          <Table.Row key={item.abstract_id}>
            <Table.Cell minW="14rem">
              <Button variant="plain" p="0" h="auto" whiteSpace="normal" textAlign="start" color="brand.fg" textDecoration="underline" onClick={() => props.onOpen(item.abstract_id)} aria-expanded={props.open === item.abstract_id}>
                {item.title}
              </Button>
              {item.score.disagreement.length > 0 && (
                <Box>
                  <Badge colorPalette="orange" mt="1">
                    {t('review.decide.disagree')}
                  </Badge>
                </Box>
              )}
            </Table.Cell>
            <Table.Cell textAlign="end">{item.score.reviews}</Table.Cell>
            <Table.Cell textAlign="end">{score(item.score.mean)}</Table.Cell>
            <Table.Cell textAlign="end">{score(item.score.median)}</Table.Cell>
            <Table.Cell minW="9rem">
              {t('review.decide.proposals', { oral: item.score.proposals.oral, poster: item.score.proposals.poster, reject: item.score.proposals.reject })}
            </Table.Cell>
            <Table.Cell minW="8rem">
              {item.decision ? t(outcomeIds[item.decision.outcome]) : <Text color="gray.700">{t('review.decide.notDecided')}</Text>}
              {item.published && (
                <Box>
                  <Badge colorPalette="green" mt="1">
                    {item.published.number ? t('review.decide.publishedBadgeNumbered', { number: item.published.number }) : t('review.decide.publishedBadge')}
                  </Badge>
                </Box>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

export function Deciding() {
  const queryClient = useQueryClient();
  const t = useT();
  const [category, setCategory] = useState(reviewCategories[0]!.value);
  const [cursors, setCursors] = useState<string[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const cursor = cursors.at(-1);
  const page = useQuery({ queryKey: rankingKey(category, cursor), queryFn: () => reviewApi.ranking(category, cursor) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['review', 'ranking'] });
    void queryClient.invalidateQueries({ queryKey: slotsKey });
  };
  return (
    <Stack gap="4">
      <Heading as="h2" size="xl">
        {t('review.decide.title')}
      </Heading>
      <CategorySelect
        label={t('review.decide.category')}
        value={category}
        onChange={(value) => {
          setCategory(value);
          setCursors([]);
          setOpen(null);
        }}
      />
      {page.isPending ? (
        <Text color="gray.700">{t('review.decide.rankingLoading')}</Text>
      ) : page.isError ? (
        <QueryError error={page.error} onRetry={() => void page.refetch()} title={t('review.decide.rankingFailed')} />
      ) : (
        <>
          <HStack gap="6" wrap="wrap" aria-label={t('review.decide.slots')} role="group">
            <Text>
              {t('review.decide.oralSlots')}
              <strong>{page.data.slots.oral.decided}</strong>
              {t('review.decide.ofDecided', { quota: page.data.slots.oral.quota })}
            </Text>
            <Text>
              {t('review.decide.posterBoards')}
              <strong>{page.data.slots.poster.decided}</strong>
              {t('review.decide.ofDecided', { quota: page.data.slots.poster.quota })}
            </Text>
            <Text color="gray.700">{t('review.decide.counts', { reject: page.data.counts.reject, revise: page.data.counts.revise, duplicate: page.data.counts.duplicate })}</Text>
          </HStack>
          <RankingTable ranking={page.data} open={open} onOpen={(id) => setOpen(open === id ? null : id)} />
          <HStack>
            {cursors.length > 0 && (
              <Button variant="outline" size="sm" onClick={() => setCursors(cursors.slice(0, -1))}>
                {t('review.decide.previous')}
              </Button>
            )}
            {page.data.cursor && (
              <Button variant="outline" size="sm" onClick={() => setCursors([...cursors, page.data.cursor!])}>
                {t('review.decide.next')}
              </Button>
            )}
          </HStack>
          {open && <AbstractDetail key={open} id={open} onSaved={refresh} />}
        </>
      )}
    </Stack>
  );
}

export function Slots() {
  const queryClient = useQueryClient();
  const t = useT();
  const slots = useQuery({ queryKey: slotsKey, queryFn: reviewApi.slots });
  const [edits, setEdits] = useState<Record<string, { oral: string; poster: string }>>({});
  const [result, setResult] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  if (slots.isPending) return <Text color="gray.700">{t('review.slots.loading')}</Text>;
  if (slots.isError) return <QueryError error={slots.error} onRetry={() => void slots.refetch()} title={t('review.slots.loadFailed')} />;
  const value = (category: string, type: 'oral' | 'poster') => edits[category]?.[type] ?? String(slots.data.categories.find((c) => c.category === category)![type].quota);
  const save = async () => {
    setResult(null);
    try {
      const quotas = Object.fromEntries(slots.data.categories.map((c) => [c.category, { oral: Number(value(c.category, 'oral')), poster: Number(value(c.category, 'poster')) }]));
      const { message, data } = await reviewApi.saveSlots({ quotas, version: slots.data.version });
      queryClient.setQueryData(slotsKey, data);
      setEdits({});
      void queryClient.invalidateQueries({ queryKey: ['review', 'ranking'] });
      setResult({ status: 'success', text: message });
    } catch (error) {
      const text = failureOf(t, error);
      if (text) setResult({ status: 'error', text });
    }
  };
  return (
    <Stack gap="4" as="form" aria-label={t('review.slots.title')} onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <Heading as="h2" size="xl">
        {t('review.slots.title')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {slots.data.categories.map((c) => (
          <Box key={c.category} borderWidth="1px" borderColor="gray.200" rounded="md" p="3" role="group" aria-label={categoryLabel(t, c.category)}>
            <Text fontWeight="semibold" mb="2">
              {categoryLabel(t, c.category)}
            </Text>
            <HStack gap="3" align="flex-end">
              {(['oral', 'poster'] as const).map((type) => (
                <Field.Root key={type}>
                  <Field.Label>{type === 'oral' ? t('review.slots.oral', { decided: c.oral.decided }) : t('review.slots.poster', { decided: c.poster.decided })}</Field.Label>
                  <Input type="number" inputMode="numeric" min={0} max={500} value={value(c.category, type)} onChange={(e) => setEdits({ ...edits, [c.category]: { oral: value(c.category, 'oral'), poster: value(c.category, 'poster'), [type]: e.target.value } })} />
                </Field.Root>
              ))}
            </HStack>
          </Box>
        ))}
      </SimpleGrid>
      {result && <FormAlert status={result.status}>{result.text}</FormAlert>}
      <Box>
        <Button type="submit" colorPalette="brand">
          {t('review.slots.save')}
        </Button>
      </Box>
    </Stack>
  );
}
