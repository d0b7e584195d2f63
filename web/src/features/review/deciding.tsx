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
import { outcomeLabels, outcomes, type Outcome } from '#core/review/deciding';
import { assignmentMoveBody, type AssignmentMoveForm } from '#core/review/schemas';
import { reviewCategories } from '#core/review/team';
import { formatCstInstant } from '#core/time';
import { SelectField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { applyServerErrors } from '../../components/form/server-errors';
import { SubmitButton } from '../../components/form/submit-button';
import { QueryError } from '../../components/query-error';
import { ScrollTable } from '../../components/ui/scroll-table';
import { ApiError, isCancelled } from '../../lib/api-client';
import { committeeAbstractKey, rankingKey, reviewApi, slotsKey, type CommitteeAbstract, type Ranking } from './api';
import { CategorySelect } from './category-select';

const failureOf = (error: unknown) => (isCancelled(error) ? null : error instanceof ApiError ? error.message : 'request failure. Try again.');
const score = (n: number | null) => (n === null ? '-' : n.toFixed(2));

function DecisionForm(props: { id: string; data: CommitteeAbstract; onSaved: () => void }) {
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
      const text = failureOf(error);
      if (text) setResult({ status: 'error', text });
    }
  };
  return (
    <Stack gap="3" as="form" aria-label="Pending decision" onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <Field.Root>
        <Field.Label>Pending decision</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={outcome} onChange={(e) => setOutcome(e.currentTarget.value as Outcome | '')}>
            <option value="">Not decided</option>
            {outcomes.map((o) => (
              <option key={o} value={o}>
                {outcomeLabels[o]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {outcome === 'duplicate' && (
        <Field.Root>
          <Field.Label>The abstract it duplicates (its id)</Field.Label>
          <Input value={duplicateOf} onChange={(e) => setDuplicateOf(e.target.value)} />
        </Field.Root>
      )}
      <Field.Root>
        <Field.Label>Note for the committee (not sent to the authors)</Field.Label>
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} />
      </Field.Root>
      {result && <FormAlert status={result.status}>{result.text}</FormAlert>}
      <Box>
        <Button type="submit" colorPalette="brand">
          Save the decision
        </Button>
      </Box>
    </Stack>
  );
}

/** The mail the abstract's authors get with its decision, as the worker will send it (its number given at publication). */
function MailPreview(props: { id: string }) {
  const [open, setOpen] = useState(false);
  const preview = useQuery({ queryKey: ['review', 'mail-preview', props.id], queryFn: () => reviewApi.previewMail(props.id), enabled: open });
  return (
    <Stack gap="2">
      <Box>
        <Button variant="outline" size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? "Hide the authors' mail" : "Preview the authors' mail"}
        </Button>
      </Box>
      {open &&
        (preview.isPending ? (
          <Text color="gray.700">Loading the preview...</Text>
        ) : preview.isError ? (
          <QueryError error={preview.error} onRetry={() => void preview.refetch()} title="The preview could not be made." />
        ) : (
          <Box borderWidth="1px" borderRadius="md" p="3" role="region" aria-label="The authors' mail">
            <Text fontSize="sm">To: {preview.data.to.join(', ')}</Text>
            <Text fontWeight="semibold">Subject: {preview.data.subject}</Text>
            {preview.data.numbered_at_publication && <Text fontSize="sm" color="gray.700">The number (###) is given when the decision is published.</Text>}
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
      <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label="Change the reviewers" gap="3">
        <Heading as="h4" size="sm">
          Change the reviewers
        </Heading>
        <Text color="gray.700" fontSize="sm">
          Move an assignment to another reviewer of the category, or add or remove one. A submitted review stays; a reviewer removed no longer sees the abstract.
        </Text>
        <SelectField<AssignmentMoveForm> name="remove_reviewer_id" label="Take the assignment from" options={removable} placeholder="Nobody (only add a reviewer)" />
        <SelectField<AssignmentMoveForm>
          name="add_reviewer_id"
          label="Give it to"
          options={eligible}
          placeholder={eligible.length ? 'Nobody (only remove)' : 'Nobody: no other reviewer of the category is free of conflicts'}
        />
        {result && <FormAlert status={result.status}>{result.text}</FormAlert>}
        <Box>
          <SubmitButton>Save the reviewers</SubmitButton>
        </Box>
      </FormStack>
    </FormProvider>
  );
}

function AbstractDetail(props: { id: string; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: committeeAbstractKey(props.id), queryFn: () => reviewApi.committeeAbstract(props.id) });
  if (detail.isPending) return <Text color="gray.700">Loading the abstract...</Text>;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="The abstract could not be loaded." />;
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
            Reviews
          </Heading>
          {d.reviews.map((r) => (
            <Box key={r.reviewer_id} borderLeftWidth="3px" borderColor="gray.300" ps="3">
              <Text fontWeight="semibold">
                {r.reviewer}: {r.state === 'submitted' ? `${score(r.score)}, proposes ${r.proposal}` : r.state === 'declined' ? `declined (${r.decline_reason})` : 'not submitted yet'}
              </Text>
              {r.comment_to_authors && <Text>To the authors: {r.comment_to_authors}</Text>}
              {r.comment_to_committee && <Text>For the committee: {r.comment_to_committee}</Text>}
            </Box>
          ))}
          {d.published && (
            <FormAlert status="info" title={`Published on ${formatCstInstant(d.published.published_at)}: ${outcomeLabels[d.published.outcome]}${d.published.number ? `, ${d.published.number}` : ''}.`}>
              {d.published.outcome === 'revise' ? 'The authors may revise it once; decide again after the re-check, then publish.' : 'The decision is final.'}
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
  if (ranking.items.length === 0) return <Text color="gray.700">No abstract of this category has been assigned yet: run the assignment first.</Text>;
  return (
    <ScrollTable label={`Ranking of ${ranking.category_label}`} size="sm" aria-label={`Ranking of ${ranking.category_label}`}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Abstract</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Reviews</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Mean</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Median</Table.ColumnHeader>
          <Table.ColumnHeader>Proposed</Table.ColumnHeader>
          <Table.ColumnHeader>Pending</Table.ColumnHeader>
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
                    Reviewers disagree
                  </Badge>
                </Box>
              )}
            </Table.Cell>
            <Table.Cell textAlign="end">{item.score.reviews}</Table.Cell>
            <Table.Cell textAlign="end">{score(item.score.mean)}</Table.Cell>
            <Table.Cell textAlign="end">{score(item.score.median)}</Table.Cell>
            <Table.Cell minW="9rem">
              oral {item.score.proposals.oral} · poster {item.score.proposals.poster} · reject {item.score.proposals.reject}
            </Table.Cell>
            <Table.Cell minW="8rem">
              {item.decision ? outcomeLabels[item.decision.outcome] : <Text color="gray.700">Not decided</Text>}
              {item.published && (
                <Box>
                  <Badge colorPalette="green" mt="1">
                    Published{item.published.number ? ` ${item.published.number}` : ''}
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
        Decide
      </Heading>
      <CategorySelect
        label="Review category"
        value={category}
        onChange={(value) => {
          setCategory(value);
          setCursors([]);
          setOpen(null);
        }}
      />
      {page.isPending ? (
        <Text color="gray.700">Loading the ranking...</Text>
      ) : page.isError ? (
        <QueryError error={page.error} onRetry={() => void page.refetch()} title="The ranking could not be loaded." />
      ) : (
        <>
          <HStack gap="6" wrap="wrap" aria-label="Slots" role="group">
            <Text>
              Oral slots: <strong>{page.data.slots.oral.decided}</strong> of {page.data.slots.oral.quota} decided
            </Text>
            <Text>
              Poster boards: <strong>{page.data.slots.poster.decided}</strong> of {page.data.slots.poster.quota} decided
            </Text>
            <Text color="gray.700">
              Rejected {page.data.counts.reject} · to revise {page.data.counts.revise} · duplicates {page.data.counts.duplicate}
            </Text>
          </HStack>
          <RankingTable ranking={page.data} open={open} onOpen={(id) => setOpen(open === id ? null : id)} />
          <HStack>
            {cursors.length > 0 && (
              <Button variant="outline" size="sm" onClick={() => setCursors(cursors.slice(0, -1))}>
                Previous page
              </Button>
            )}
            {page.data.cursor && (
              <Button variant="outline" size="sm" onClick={() => setCursors([...cursors, page.data.cursor!])}>
                Next page
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
  const slots = useQuery({ queryKey: slotsKey, queryFn: reviewApi.slots });
  const [edits, setEdits] = useState<Record<string, { oral: string; poster: string }>>({});
  const [result, setResult] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  if (slots.isPending) return <Text color="gray.700">Loading the slots...</Text>;
  if (slots.isError) return <QueryError error={slots.error} onRetry={() => void slots.refetch()} title="The slots could not be loaded." />;
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
      const text = failureOf(error);
      if (text) setResult({ status: 'error', text });
    }
  };
  return (
    <Stack gap="4" as="form" aria-label="Slots per category" onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <Heading as="h2" size="xl">
        Slots per category
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {slots.data.categories.map((c) => (
          <Box key={c.category} borderWidth="1px" borderColor="gray.200" rounded="md" p="3" role="group" aria-label={c.label}>
            <Text fontWeight="semibold" mb="2">
              {c.label}
            </Text>
            <HStack gap="3" align="flex-end">
              {(['oral', 'poster'] as const).map((type) => (
                <Field.Root key={type}>
                  <Field.Label>{type === 'oral' ? `Oral slots (${c.oral.decided} decided)` : `Poster boards (${c.poster.decided} decided)`}</Field.Label>
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
          Save the slots
        </Button>
      </Box>
    </Stack>
  );
}
