/**
 * /office/mail: mail to delegates. Choose the recipients by a filter, write a subject and a text
 * with placeholders, preview the mail one recipient would get, send it (a job in the background:
 * core/office/send-mail.ts), and see for each mail what was sent to whom and what failed.
 */
import { Badge, Box, Button, Card, Field, HStack, Heading, Input, Stack, Table, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import type { JobState, JobView } from '#core/office/jobs';
import { mailConfirmation, type Confirmation } from '#core/office/confirmations';
import { mailFilterLabels, mailFilters, mailJobSchema, mailPurposeLabels, mailPurposes, type MailSpec, type RecipientState } from '#core/office/mail-jobs';
import { formatCstInstant } from '#core/time';
import { ChoiceField, SelectField, TextAreaField, TextField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { applyServerErrors } from '../../components/form/server-errors';
import { QueryError } from '../../components/query-error';
import { ScrollTable } from '../../components/ui/scroll-table';
import { ApiError } from '../../lib/api-client';
import { mailJobsKey, officeApi, secondFactorKey } from './api';
import { OfficeFrame } from './office-frame';
import { ConfirmationText } from './action-card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

type MailValues = { filter: string; order_no: string; purpose: string; subject: string; text: string };
const fields = ['filter', 'order_no', 'purpose', 'subject', 'text'] as const;
const resolver = zodResolver(mailJobSchema, undefined, { raw: true }) as unknown as Resolver<MailValues>;
const specOf = (v: MailValues) => ({ ...v, order_no: v.filter === 'order' ? v.order_no : undefined }) as MailSpec;

const jobStates: Record<JobState, { label: string; palette: string }> = {
  queued: { label: 'Waiting', palette: 'gray' },
  running: { label: 'Finding the recipients', palette: 'blue' },
  ready: { label: 'Waiting for your confirmation', palette: 'orange' },
  sending: { label: 'Sending', palette: 'blue' },
  done: { label: 'Finished', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
  cancelled: { label: 'Not sent', palette: 'gray' },
};
/** The job is still moving by itself (the list and the dialog follow it). */
const underWay = (job: Pick<JobView, 'state'> | undefined) => !job || job.state === 'queued' || job.state === 'running' || job.state === 'sending';
const recipientStates: Record<RecipientState, { label: string; palette: string }> = {
  pending: { label: 'Waiting', palette: 'gray' },
  sent: { label: 'Sent', palette: 'green' },
  withheld: { label: 'Not sent: address bounced', palette: 'orange' },
  opted_out: { label: 'Not sent: opted out', palette: 'gray' },
  failed: { label: 'Failed', palette: 'red' },
};

type Preview = Awaited<ReturnType<typeof officeApi.previewMail>>;

type Outcome = { status: 'success' | 'error' | 'info'; text: string };

/**
 * The decision on a mail job: while its recipients are being found, it says so; then how many get
 * it (core/office/confirmations.ts `mailConfirmation`), and the mail goes only when the organiser
 * confirms that number ("Don't send" discards it). A mail that finds nobody, or fails, is reported.
 */
function MailDecision(props: { id: string | null; onDecided: (outcome: Outcome) => void }) {
  const queryClient = useQueryClient();
  const { id, onDecided } = props;
  const job = useQuery({
    queryKey: [...mailJobsKey, 'decision', id ?? ''],
    queryFn: () => officeApi.mailJob(id!),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.job.state === 'queued' || query.state.data?.job.state === 'running' || !query.state.data ? 1000 : false),
  });
  const view = id !== null ? job.data?.job : undefined;
  const confirmation = view?.state === 'ready' && view.mail ? mailConfirmation(view.mail, view.total ?? 0) : null;
  // Kept while the dialog closes (its animation), so its words do not change under the organiser's eyes.
  const [shown, setShown] = useState<Confirmation | null>(null);
  if (confirmation && confirmation.title !== shown?.title) setShown(confirmation);
  const settled = view && (view.state === 'done' || view.state === 'failed');
  useEffect(() => {
    if (!settled || !view) return;
    onDecided(view.state === 'failed' ? { status: 'error', text: view.error ?? 'The mail could not be prepared.' } : { status: 'info', text: 'Nobody matches these recipients: nothing was sent.' });
  }, [settled, view, onDecided]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: mailJobsKey });
  const close = async () => {
    if (view?.state !== 'ready') return onDecided({ status: 'info', text: 'Not sent yet: the mail waits in the list below until you send or discard it.' });
    try {
      onDecided({ status: 'info', text: (await officeApi.discardMail(view.id)).message });
    } catch (error) {
      onDecided({ status: 'error', text: error instanceof ApiError ? error.message : 'request failure.' });
    }
    refresh();
  };
  return (
    <ConfirmDialog
      open={id !== null && !settled}
      title={shown && confirmation ? shown.title : 'Finding who gets this mail'}
      confirmLabel={shown && confirmation ? shown.confirmLabel : 'Send'}
      confirmDisabled={!confirmation}
      confirmPalette="brand"
      dismissLabel="Don't send"
      onClose={() => void close()}
      onConfirm={async () => {
        if (!view || !confirmation) return;
        try {
          onDecided({ status: 'success', text: (await officeApi.confirmMail(view.id, view.total ?? 0)).message });
        } catch (error) {
          onDecided({ status: 'error', text: error instanceof ApiError ? error.message : 'request failure.' });
        }
        refresh();
      }}
    >
      {confirmation ? (
        <ConfirmationText confirmation={confirmation} />
      ) : (
        <Text role="status">Finding the recipients: the number of delegates who get this mail is shown here before anything is sent.</Text>
      )}
    </ConfirmDialog>
  );
}

function Compose(props: { onRequested: (jobId: string) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<MailValues>({ resolver, defaultValues: { filter: 'paid', order_no: '', purpose: 'announcement', subject: '', text: '' } });
  const filter = form.watch('filter');
  const [previewFor, setPreviewFor] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null);

  const failed = (error: unknown) => {
    if (error instanceof ApiError && (error.data as { second_factor?: string } | null)?.second_factor) void queryClient.invalidateQueries({ queryKey: secondFactorKey });
    const message = applyServerErrors(error, form.setError, fields);
    if (message) setOutcome({ status: 'error', text: message });
  };
  const showPreview = form.handleSubmit(async (values) => {
    setOutcome(null);
    setPreview(null);
    if (!previewFor.trim()) {
      setOutcome({ status: 'error', text: 'Please enter the order number or the e-mail address of one recipient to preview for.' });
      return;
    }
    setBusy('preview');
    try {
      setPreview(await officeApi.previewMail(specOf(values), previewFor));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  });
  const send = form.handleSubmit(async (values) => {
    setOutcome(null);
    setBusy('send');
    try {
      // Nothing is sent yet: the job finds the recipients, and the organiser confirms their number.
      const { data } = await officeApi.sendMail(specOf(values));
      props.onRequested(data.job.id);
      await queryClient.invalidateQueries({ queryKey: mailJobsKey });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  });

  return (
    <Card.Root>
      <Card.Body>
        <FormProvider {...form}>
          <FormStack gap="5" onSubmit={(e) => void send(e)} noValidate aria-label="Write a mail">
            <SelectField<MailValues> name="filter" label="Recipients" required placeholder={null} options={mailFilters.map((f) => ({ value: f, label: mailFilterLabels[f] }))} />
            {filter === 'order' && <TextField<MailValues> name="order_no" label="Order number" required helper="e.g. R24-000123" autoComplete="off" />}
            <ChoiceField<MailValues> name="purpose" label="What the mail is about" required direction="column" options={mailPurposes.map((p) => ({ value: p, label: mailPurposeLabels[p] }))} />
            <TextField<MailValues> name="subject" label="Subject" required autoComplete="off" />
            <TextAreaField<MailValues>
              name="text"
              label="Text"
              required
              rows={8}
              helper={
                <>
                  Placeholders:{' '}
                  {['{first_name}', '{order_no}', '{amount}'].map((p) => (
                    <Box as="code" key={p} fontFamily="mono" me="1">
                      {p}
                    </Box>
                  ))}
                  . A blank line starts a new paragraph.
                </>
              }
            />
            <Field.Root>
              <Field.Label>Preview for</Field.Label>
              <HStack gap="3" wrap="wrap" align="stretch" width="100%">
                <Input flex="1" minW="12rem" value={previewFor} onChange={(e) => setPreviewFor(e.target.value)} autoComplete="off" />
                <Button variant="outline" onClick={() => void showPreview()} loading={busy === 'preview'}>
                  Preview
                </Button>
              </HStack>
              <Field.HelperText>An order number (e.g. R24-000123) or a delegate&apos;s e-mail address: the mail that recipient would get is shown, nothing is sent.</Field.HelperText>
            </Field.Root>
            {preview && (
              <Box borderWidth="1px" rounded="md" p="4" bg="gray.50" role="region" aria-label="Preview">
                <Text fontSize="sm" color="gray.700">
                  To: {preview.to}
                </Text>
                <Text fontWeight="semibold" mb="2">
                  Subject: {preview.subject}
                </Text>
                {preview.headers.length > 0 && (
                  <Text fontSize="sm" color="gray.700" mb="2">
                    With the unsubscribe headers (List-Unsubscribe, one click).
                  </Text>
                )}
                <Box as="pre" whiteSpace="pre-wrap" fontFamily="inherit" fontSize="sm" overflowWrap="anywhere">
                  {preview.text}
                </Box>
              </Box>
            )}
            <Box>
              <Button type="submit" loading={busy === 'send'}>
                Send the mail...
              </Button>
            </Box>
            {outcome && (
              <FormAlert status={outcome.status} title={outcome.status === 'error' ? 'Not done' : 'Sending'}>
                {outcome.text}
              </FormAlert>
            )}
          </FormStack>
        </FormProvider>
      </Card.Body>
    </Card.Root>
  );
}

const countsText = (job: JobView) => {
  if (!job.counts || job.total === null) return '';
  const c = job.counts;
  return [`${c.sent} of ${job.total} sent`, c.failed && `${c.failed} failed`, c.withheld && `${c.withheld} withheld`, c.opted_out && `${c.opted_out} opted out`].filter(Boolean).join(', ');
};

function Recipients(props: { id: string; running: boolean }) {
  const detail = useQuery({ queryKey: [...mailJobsKey, props.id], queryFn: () => officeApi.mailJob(props.id), refetchInterval: props.running ? 2000 : false });
  if (detail.isPending) return <Text color="gray.700">Loading the recipients...</Text>;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="The recipients could not be loaded." />;
  if (detail.data.recipients.length === 0) return <Text color="gray.700">{detail.data.job.state === 'done' ? 'The filter chose nobody.' : 'The recipients are being found...'}</Text>;
  return (
    <ScrollTable label={`Recipients of ${detail.data.job.label}`} size="sm" aria-label={`Recipients of ${detail.data.job.label}`}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Recipient</Table.ColumnHeader>
          <Table.ColumnHeader>Order</Table.ColumnHeader>
          <Table.ColumnHeader>Subject sent</Table.ColumnHeader>
          <Table.ColumnHeader>Outcome</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {detail.data.recipients.map((r) => (
          <Table.Row key={`${r.user_id}-${r.order_no}`}>
            <Table.Cell minW="12rem">
              {r.account_deleted ? (
                // Its name and address were emptied when the account was deleted (docs/decisions/0042-what-a-deleted-account-leaves.md).
                <Text>(deleted account)</Text>
              ) : (
                <>
                  <Text>{r.first_name || '(no name)'}</Text>
                  <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                    {r.email}
                  </Text>
                </>
              )}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{r.order_no}</Table.Cell>
            <Table.Cell minW="12rem" overflowWrap="anywhere">
              {r.subject}
            </Table.Cell>
            <Table.Cell>
              <Badge colorPalette={recipientStates[r.state].palette}>{recipientStates[r.state].label}</Badge>
              {r.error && (
                <Text fontSize="sm" color="red.700">
                  {r.error}
                </Text>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

function MailJobs(props: { onDecide: (jobId: string) => void }) {
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({
    queryKey: mailJobsKey,
    queryFn: officeApi.mailJobs,
    refetchInterval: (query) => (query.state.data?.items.some((j) => underWay(j)) ? 2000 : false),
  });
  if (list.isPending) return <Text color="gray.700">Loading the mails...</Text>;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} title="The mails could not be loaded." />;
  if (list.data.items.length === 0) return <Text color="gray.700">No mail has been sent yet.</Text>;
  return (
    <Stack gap="4" as="ul" listStyleType="none" aria-label="Mails sent">
      {list.data.items.map((job) => {
        const running = underWay(job);
        return (
          <Card.Root as="li" key={job.id} size="sm">
            <Card.Body gap="2">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Heading as="h3" size="sm" overflowWrap="anywhere">
                  {job.label}
                </Heading>
                <Badge colorPalette={jobStates[job.state].palette}>{jobStates[job.state].label}</Badge>
              </HStack>
              <Text fontSize="sm" color="gray.700" overflowWrap="anywhere">
                {job.mail ? mailFilterLabels[job.mail.filter] : ''}
                {job.mail?.order_no ? ` ${job.mail.order_no}` : ''} · {formatCstInstant(job.requested_at)} · by {job.requested_by}
              </Text>
              {countsText(job) && <Text data-testid="mail-counts">{countsText(job)}</Text>}
              <HStack gap="2" wrap="wrap">
                {job.state === 'ready' && (
                  <Button size="sm" colorPalette="brand" onClick={() => props.onDecide(job.id)}>
                    Send or discard...
                  </Button>
                )}
                <Button size="sm" variant="outline" onClick={() => setOpen(open === job.id ? null : job.id)} aria-expanded={open === job.id}>
                  {open === job.id ? 'Hide the recipients' : 'Show the recipients'}
                </Button>
              </HStack>
              {open === job.id && <Recipients id={job.id} running={running} />}
            </Card.Body>
          </Card.Root>
        );
      })}
    </Stack>
  );
}

export default function MailPage() {
  const [deciding, setDeciding] = useState<string | null>(null);
  const [decided, setDecided] = useState<Outcome | null>(null);
  const decide = useCallback((outcome: Outcome) => {
    setDeciding(null);
    setDecided(outcome);
  }, []);
  const start = useCallback((jobId: string) => {
    setDecided(null);
    setDeciding(jobId);
  }, []);
  return (
    <OfficeFrame title="Mail to delegates">
      <Stack gap="8">
        <Stack gap="4">
          <Heading as="h2" size="xl">
            Write a mail
          </Heading>
          <Text>
            Announcements are not sent to delegates who opted out, and carry a link to opt out. A mail about the delegate&apos;s own order is always sent. Mail to an address
            that bounced is withheld.
          </Text>
          <Compose onRequested={start} />
          {decided && (
            <FormAlert status={decided.status} title={decided.status === 'error' ? 'Not sent' : decided.status === 'success' ? 'Sending' : 'Not sent'}>
              {decided.text}
            </FormAlert>
          )}
          <MailDecision id={deciding} onDecided={decide} />
        </Stack>
        <Stack gap="4">
          <Heading as="h2" size="xl">
            Mails sent
          </Heading>
          <MailJobs onDecide={start} />
        </Stack>
      </Stack>
    </OfficeFrame>
  );
}
