/**
 * /office/mail: mail to delegates. Choose the recipients by a filter, write a subject and a text
 * with placeholders, preview the mail one recipient would get, send it (a job in the background:
 * core/office/send-mail.ts), and see for each mail what was sent to whom and what failed.
 * The mail is written in English, in Chinese, or both: each delegate gets the version in their
 * language, or the only one written (decision 0059). Texts: office-mail.json (office.mail.*).
 */
import { Badge, Box, Button, Card, Field, HStack, Heading, Input, Stack, Table, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import type { JobState, JobView } from '#core/office/jobs';
import { mailConfirmation, writeConfirmation, type Confirmation } from '#core/office/confirmations';
import { inBothLanguages, mailFilters, mailJobSchema, mailPurposes, subjectTemplatePrefix, versionFor, type MailSpec, type RecipientState } from '#core/office/mail-jobs';
import { formatInstant } from '#core/i18n/format';
import type { MessageId, Translate } from '#core/i18n/messages';
import { useLang, useT } from '../../i18n/i18n';
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

/** A job's label (its subject, or its subject template so named), in the page's language. */
const jobLabel = (t: Translate, label: string) =>
  label.startsWith(subjectTemplatePrefix) ? t('office.mail.subjectTemplate', { subject: label.slice(subjectTemplatePrefix.length) }) : label;

type MailValues = { filter: string; order_no: string; purpose: string; subject: string; text: string; subject_zh: string; text_zh: string };
const fields = ['filter', 'order_no', 'purpose', 'subject', 'text', 'subject_zh', 'text_zh'] as const;
const resolver = zodResolver(mailJobSchema, undefined, { raw: true }) as unknown as Resolver<MailValues>;
const specOf = (v: MailValues) => ({ ...v, order_no: v.filter === 'order' ? v.order_no : undefined }) as MailSpec;

const jobStates: Record<JobState, { label: MessageId; palette: string }> = {
  queued: { label: 'office.mail.job.queued', palette: 'gray' },
  running: { label: 'office.mail.job.running', palette: 'blue' },
  ready: { label: 'office.mail.job.ready', palette: 'orange' },
  sending: { label: 'office.mail.job.sending', palette: 'blue' },
  done: { label: 'office.mail.job.done', palette: 'green' },
  failed: { label: 'office.mail.job.failed', palette: 'red' },
  cancelled: { label: 'office.mail.job.cancelled', palette: 'gray' },
};
/** The job is still moving by itself (the list and the dialog follow it). */
const underWay = (job: Pick<JobView, 'state'> | undefined) => !job || job.state === 'queued' || job.state === 'running' || job.state === 'sending';
const recipientStates: Record<RecipientState, { label: MessageId; palette: string }> = {
  pending: { label: 'office.mail.recipient.pending', palette: 'gray' },
  sent: { label: 'office.mail.recipient.sent', palette: 'green' },
  withheld: { label: 'office.mail.recipient.withheld', palette: 'orange' },
  opted_out: { label: 'office.mail.recipient.optedOut', palette: 'gray' },
  failed: { label: 'office.mail.recipient.failed', palette: 'red' },
};
const filterLabel = (t: ReturnType<typeof useT>, f: (typeof mailFilters)[number]) => t(`office.mail.filter.${f}` as MessageId);
const purposeLabel = (t: ReturnType<typeof useT>, p: (typeof mailPurposes)[number]) => t(`office.mail.purpose.${p}` as MessageId);

/** The preview, with the language of the version this recipient gets (the server says it). */
type Preview = Awaited<ReturnType<typeof officeApi.previewMail>> & { language?: string };

type Outcome = { status: 'success' | 'error' | 'info'; text: string };

/**
 * The decision on a mail job: while its recipients are being found, it says so; then how many get
 * it (core/office/confirmations.ts `mailConfirmation`), and the mail goes only when the organiser
 * confirms that number ("Don't send" discards it). A mail that finds nobody, or fails, is reported.
 */
function MailDecision(props: { id: string | null; onDecided: (outcome: Outcome) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { id, onDecided } = props;
  const job = useQuery({
    queryKey: [...mailJobsKey, 'decision', id ?? ''],
    queryFn: () => officeApi.mailJob(id!),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.job.state === 'queued' || query.state.data?.job.state === 'running' || !query.state.data ? 1000 : false),
  });
  const view = id !== null ? job.data?.job : undefined;
  // The subject as the organiser wrote it: both versions when the mail has both (the English, else the Chinese, when one).
  const confirmation =
    view?.state === 'ready' && view.mail
      ? writeConfirmation(t, mailConfirmation({ ...view.mail, subject: inBothLanguages(view.mail) ? `${view.mail.subject} / ${view.mail.subject_zh}` : versionFor(view.mail).subject }, view.total ?? 0))
      : null;
  // Kept while the dialog closes (its animation), so its words do not change under the organiser's eyes.
  const [shown, setShown] = useState<Confirmation | null>(null);
  if (confirmation && confirmation.title !== shown?.title) setShown(confirmation);
  const settled = view && (view.state === 'done' || view.state === 'failed');
  useEffect(() => {
    if (!settled || !view) return;
    onDecided(view.state === 'failed' ? { status: 'error', text: view.error ?? t('office.mail.notPrepared') } : { status: 'info', text: t('office.mail.nobody') });
  }, [settled, view, onDecided, t]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: mailJobsKey });
  const close = async () => {
    if (view?.state !== 'ready') return onDecided({ status: 'info', text: t('office.mail.waits') });
    try {
      onDecided({ status: 'info', text: (await officeApi.discardMail(view.id)).message });
    } catch (error) {
      onDecided({ status: 'error', text: error instanceof ApiError ? error.message : t('office.mail.requestFailure') });
    }
    refresh();
  };
  return (
    <ConfirmDialog
      open={id !== null && !settled}
      title={shown && confirmation ? shown.title : t('office.mail.finding')}
      confirmLabel={shown && confirmation ? shown.confirmLabel : t('office.mail.send')}
      confirmDisabled={!confirmation}
      confirmPalette="brand"
      dismissLabel={t('office.mail.dontSend')}
      onClose={() => void close()}
      onConfirm={async () => {
        if (!view || !confirmation) return;
        try {
          onDecided({ status: 'success', text: (await officeApi.confirmMail(view.id, view.total ?? 0)).message });
        } catch (error) {
          onDecided({ status: 'error', text: error instanceof ApiError ? error.message : t('office.mail.requestFailure') });
        }
        refresh();
      }}
    >
      {confirmation ? (
        <ConfirmationText confirmation={confirmation} />
      ) : (
        <Text role="status">{t('office.mail.findingText')}</Text>
      )}
    </ConfirmDialog>
  );
}

function Compose(props: { onRequested: (jobId: string) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useForm<MailValues>({ resolver, defaultValues: { filter: 'paid', order_no: '', purpose: 'announcement', subject: '', text: '', subject_zh: '', text_zh: '' } });
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
      setOutcome({ status: 'error', text: t('api.office.mail.previewFor') });
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
          <FormStack gap="5" onSubmit={(e) => void send(e)} noValidate aria-label={t('office.mail.formLabel')}>
            <SelectField<MailValues> name="filter" label={t('office.mail.recipients')} required placeholder={null} options={mailFilters.map((f) => ({ value: f, label: filterLabel(t, f) }))} />
            {filter === 'order' && <TextField<MailValues> name="order_no" label={t('office.mail.orderNo')} required helper={t('office.mail.orderNoHelper')} autoComplete="off" />}
            <ChoiceField<MailValues> name="purpose" label={t('office.mail.about')} required direction="column" options={mailPurposes.map((p) => ({ value: p, label: purposeLabel(t, p) }))} />
            <Text>{t('office.mail.languages')}</Text>
            <Box as="fieldset" borderWidth="1px" rounded="md" p="4" minW="0">
              <Box as="legend" px="1" fontWeight="semibold">
                {t('office.mail.english')}
              </Box>
              <Stack gap="4">
                <TextField<MailValues> name="subject" label={t('office.mail.subject')} autoComplete="off" />
                <TextAreaField<MailValues> name="text" label={t('office.mail.text')} rows={8} helper={<Placeholders />} />
              </Stack>
            </Box>
            <Box as="fieldset" borderWidth="1px" rounded="md" p="4" minW="0" lang="zh-Hans">
              <Box as="legend" px="1" fontWeight="semibold">
                {t('office.mail.chinese')}
              </Box>
              <Stack gap="4">
                <TextField<MailValues> name="subject_zh" label={t('office.mail.subjectZh')} autoComplete="off" />
                <TextAreaField<MailValues> name="text_zh" label={t('office.mail.textZh')} rows={8} helper={<Placeholders />} />
              </Stack>
            </Box>
            <Field.Root>
              <Field.Label>{t('office.mail.previewFor')}</Field.Label>
              <HStack gap="3" wrap="wrap" align="stretch" width="100%">
                <Input flex="1" minW="12rem" value={previewFor} onChange={(e) => setPreviewFor(e.target.value)} autoComplete="off" />
                <Button variant="outline" onClick={() => void showPreview()} loading={busy === 'preview'}>
                  {t('office.mail.preview')}
                </Button>
              </HStack>
              <Field.HelperText>{t('office.mail.previewHelper')}</Field.HelperText>
            </Field.Root>
            {preview && (
              <Box borderWidth="1px" rounded="md" p="4" bg="gray.50" role="region" aria-label={t('office.mail.preview')}>
                <Text fontSize="sm" color="gray.700">
                  {t('office.mail.previewTo', { to: preview.to })}
                </Text>
                <Text fontSize="sm" color="gray.700" data-testid="preview-language">
                  {preview.language === 'zh-Hans' ? t('office.mail.previewInChinese') : t('office.mail.previewInEnglish')}
                </Text>
                <Text fontWeight="semibold" mb="2">
                  {t('office.mail.previewSubject', { subject: preview.subject })}
                </Text>
                {preview.headers.length > 0 && (
                  <Text fontSize="sm" color="gray.700" mb="2">
                    {t('office.mail.previewHeaders')}
                  </Text>
                )}
                <Box as="pre" whiteSpace="pre-wrap" fontFamily="inherit" fontSize="sm" overflowWrap="anywhere">
                  {preview.text}
                </Box>
              </Box>
            )}
            <Box>
              <Button type="submit" loading={busy === 'send'}>
                {t('office.mail.sendMail')}
              </Button>
            </Box>
            {outcome && (
              <FormAlert status={outcome.status} title={outcome.status === 'error' ? t('office.mail.notDone') : t('office.mail.sending')}>
                {outcome.text}
              </FormAlert>
            )}
          </FormStack>
        </FormProvider>
      </Card.Body>
    </Card.Root>
  );
}

/** The placeholders the subject and text take (the same in both languages). */
function Placeholders() {
  const t = useT();
  return (
    <>
      {t('office.mail.placeholders')}{' '}
      {['{first_name}', '{order_no}', '{amount}'].map((p) => (
        <Box as="code" key={p} fontFamily="mono" me="1">
          {p}
        </Box>
      ))}
      {t('office.mail.paragraphs')}
    </>
  );
}

const countsText = (t: ReturnType<typeof useT>, job: JobView) => {
  if (!job.counts || job.total === null) return '';
  const c = job.counts;
  return [
    t('office.mail.counts.sent', { sent: String(c.sent), total: String(job.total) }),
    c.failed && t('office.mail.counts.failed', { count: String(c.failed) }),
    c.withheld && t('office.mail.counts.withheld', { count: String(c.withheld) }),
    c.opted_out && t('office.mail.counts.optedOut', { count: String(c.opted_out) }),
  ]
    .filter(Boolean)
    .join(t('office.mail.counts.separator'));
};

function Recipients(props: { id: string; running: boolean }) {
  const t = useT();
  const detail = useQuery({ queryKey: [...mailJobsKey, props.id], queryFn: () => officeApi.mailJob(props.id), refetchInterval: props.running ? 2000 : false });
  if (detail.isPending) return <Text color="gray.700">{t('office.mail.loadingRecipients')}</Text>;
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} title={t('office.mail.recipientsFailed')} />;
  if (detail.data.recipients.length === 0) return <Text color="gray.700">{detail.data.job.state === 'done' ? t('office.mail.choseNobody') : t('office.mail.beingFound')}</Text>;
  const label = t('office.mail.recipientsOf', { label: jobLabel(t, detail.data.job.label) });
  return (
    <ScrollTable label={label} size="sm" aria-label={label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('office.mail.col.recipient')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.mail.col.order')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.mail.col.subject')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.mail.col.outcome')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {detail.data.recipients.map((r) => (
          <Table.Row key={`${r.user_id}-${r.order_no}`}>
            <Table.Cell minW="12rem">
              {r.account_deleted ? (
                // Its name and address were emptied when the account was deleted (docs/decisions/0042-what-a-deleted-account-leaves.md).
                <Text>{t('office.mail.deletedAccount')}</Text>
              ) : (
                <>
                  <Text>{r.first_name || t('office.mail.noName')}</Text>
                  <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                    {r.email}
                  </Text>
                </>
              )}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{r.order_no}</Table.Cell>
            <Table.Cell minW="12rem" overflowWrap="anywhere" lang={r.language}>
              {r.subject}
            </Table.Cell>
            <Table.Cell>
              <Badge colorPalette={recipientStates[r.state].palette}>{t(recipientStates[r.state].label)}</Badge>
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
  const t = useT();
  const lang = useLang();
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({
    queryKey: mailJobsKey,
    queryFn: officeApi.mailJobs,
    refetchInterval: (query) => (query.state.data?.items.some((j) => underWay(j)) ? 2000 : false),
  });
  if (list.isPending) return <Text color="gray.700">{t('office.mail.loadingMails')}</Text>;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} title={t('office.mail.mailsFailed')} />;
  if (list.data.items.length === 0) return <Text color="gray.700">{t('office.mail.noMail')}</Text>;
  return (
    <Stack gap="4" as="ul" listStyleType="none" aria-label={t('office.mail.mailsSent')}>
      {list.data.items.map((job) => {
        const running = underWay(job);
        return (
          <Card.Root as="li" key={job.id} size="sm">
            <Card.Body gap="2">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Heading as="h3" size="sm" overflowWrap="anywhere">
                  {jobLabel(t, job.label)}
                </Heading>
                <Badge colorPalette={jobStates[job.state].palette}>{t(jobStates[job.state].label)}</Badge>
              </HStack>
              <Text fontSize="sm" color="gray.700" overflowWrap="anywhere">
                {job.mail ? filterLabel(t, job.mail.filter) : ''}
                {job.mail?.order_no ? ` ${job.mail.order_no}` : ''} · {formatInstant(lang, job.requested_at)} · {t('office.mail.by', { who: job.requested_by })}
                {job.mail?.subject && job.mail.subject_zh ? ` · ${t('office.mail.inBoth')}` : ''}
              </Text>
              {countsText(t, job) && <Text data-testid="mail-counts">{countsText(t, job)}</Text>}
              <HStack gap="2" wrap="wrap">
                {job.state === 'ready' && (
                  <Button size="sm" colorPalette="brand" onClick={() => props.onDecide(job.id)}>
                    {t('office.mail.sendOrDiscard')}
                  </Button>
                )}
                <Button size="sm" variant="outline" onClick={() => setOpen(open === job.id ? null : job.id)} aria-expanded={open === job.id}>
                  {open === job.id ? t('office.mail.hideRecipients') : t('office.mail.showRecipients')}
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
  const t = useT();
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
    <OfficeFrame title={t('office.mail.title')}>
      <Stack gap="8">
        <Stack gap="4">
          <Heading as="h2" size="xl">
            {t('office.mail.write')}
          </Heading>
          <Text>{t('office.mail.lead')}</Text>
          <Compose onRequested={start} />
          {decided && (
            <FormAlert status={decided.status} title={decided.status === 'success' ? t('office.mail.sending') : t('office.mail.notSent')}>
              {decided.text}
            </FormAlert>
          )}
          <MailDecision id={deciding} onDecided={decide} />
        </Stack>
        <Stack gap="4">
          <Heading as="h2" size="xl">
            {t('office.mail.mailsSent')}
          </Heading>
          <MailJobs onDecide={start} />
        </Stack>
      </Stack>
    </OfficeFrame>
  );
}
