/**
 * /office/reconciliation: the check of `npm run reconcile`, asked for by an organiser. Every order
 * against its payments and refunds, every card payment and refund against Stripe, and Stripe's
 * webhook endpoint: run in the background as an office job (core/office/reconciliations.ts), its
 * progress polled, its result listed disagreement by disagreement with a link to each order.
 */
import { Badge, Box, Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { JobState } from '#core/office/jobs';
import type { ReconciliationView } from '#core/office/reconciliations';
import { moneyRules } from '#core/orders/invariants';
import { eventRules, providerRules } from '#core/payments/reconcile';
import { documentRules } from '#core/documents/rules';
import { statementRules } from '#core/office/line-identity';
import { formatInstant } from '#core/i18n/format';
import type { MessageId, Translate } from '#core/i18n/messages';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ScrollTable } from '../../components/ui/scroll-table';
import { pathTo, paths } from '../../config/paths';
import { ApiError, isCancelled } from '../../lib/api-client';
import { officeApi, reconciliationsKey, secondFactorKey } from './api';
import { OfficeFrame } from './office-frame';

const stateNames: Record<JobState, { label: MessageId; palette: string }> = {
  queued: { label: 'office.money.reconcile.state.queued', palette: 'gray' },
  running: { label: 'office.money.reconcile.state.running', palette: 'blue' },
  done: { label: 'office.money.reconcile.state.done', palette: 'green' },
  failed: { label: 'office.money.reconcile.state.failed', palette: 'red' },
  // A mail job's own states (never an export's or a check's).
  ready: { label: 'office.money.reconcile.state.ready', palette: 'gray' },
  sending: { label: 'office.money.reconcile.state.running', palette: 'blue' },
  cancelled: { label: 'office.money.reconcile.state.cancelled', palette: 'gray' },
};

const ruleTexts: Record<string, string> = { ...moneyRules, ...providerRules, ...documentRules, ...eventRules, ...statementRules };
const inProgress = (job: ReconciliationView) => job.state === 'queued' || job.state === 'running';
const plural = (t: Translate, n: number, id: MessageId) => t(id, { count: n, n: String(n) });

function StateBadge({ job }: { job: ReconciliationView }) {
  const t = useT();
  return <Badge colorPalette={stateNames[job.state].palette}>{t(stateNames[job.state].label)}</Badge>;
}

/** `onStarted`: the page then shows the check this organiser started (not whichever is newest). */
function RunCheck({ busyElsewhere, onStarted }: { busyElsewhere: boolean; onStarted: (id: string) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const run = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const { message, data } = await officeApi.requestReconciliation();
      setOutcome({ status: 'success', text: message });
      onStarted(data.job.id);
    } catch (error) {
      if (isCancelled(error)) return;
      // The office session ended: the frame asks for the code again.
      if (error instanceof ApiError && (error.data as { second_factor?: string } | null)?.second_factor) void queryClient.invalidateQueries({ queryKey: secondFactorKey });
      setOutcome({ status: 'error', text: error instanceof ApiError ? error.message : t('office.money.reconcile.startFailed') });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: reconciliationsKey });
    }
  };
  return (
    <Stack gap="4" align="start">
      <Button onClick={() => void run()} loading={busy} disabled={busyElsewhere} loadingText={t('office.money.reconcile.starting')}>
        {t('office.money.reconcile.run')}
      </Button>
      {busyElsewhere && <Text color="gray.700">{t('office.money.reconcile.busyElsewhere')}</Text>}
      {outcome && (
        <FormAlert status={outcome.status} title={outcome.status === 'error' ? t('office.money.reconcile.notStarted') : t('office.money.reconcile.started')}>
          {outcome.text}
        </FormAlert>
      )}
    </Stack>
  );
}

function Disagreements({ result }: { result: NonNullable<ReconciliationView['result']> }) {
  const t = useT();
  const localise = useLocalise();
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={t('office.money.reconcile.disagreementsList')}>
      {result.disagreements.map((d, i) => (
        <Box as="li" key={`${d.order_id}-${d.payment_id ?? ''}-${d.refund_id ?? ''}-${d.rule}-${i}`} borderWidth="1px" borderColor="orange.300" borderRadius="md" p="3">
          <Stack gap="1">
            <Text fontWeight="semibold" wordBreak="break-all">
              <SmartLink href={pathTo(paths.officeOrder, { id: d.order_id })}>{t('office.money.reconcile.order', { no: d.order_no ?? d.order_id })}</SmartLink>
              {!d.order_no && t('office.money.reconcile.deleted')}
            </Text>
            {(d.payment_id || d.refund_id) && (
              <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                {[d.payment_id && t('office.money.reconcile.payment', { id: d.payment_id }), d.refund_id && t('office.money.reconcile.refund', { id: d.refund_id })].filter(Boolean).join(' · ')}
              </Text>
            )}
            <Text>
              <Badge colorPalette="orange" me="2">
                {d.rule}
              </Badge>
              {localise(ruleTexts[d.rule] ?? '')}
            </Text>
            <Text fontSize="sm" wordBreak="break-word">
              {t('office.money.reconcile.found', { detail: d.detail })}
            </Text>
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function CheckResult({ job }: { job: ReconciliationView }) {
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  const requested = (
    <Text color="gray.700">
      {t('office.money.reconcile.askedFor', { at: formatInstant(lang, job.requested_at), by: job.requested_by })}
      {job.finished_at && t('office.money.reconcile.finished', { at: formatInstant(lang, job.finished_at) })}
      {lang === 'en' ? '.' : '。'}
    </Text>
  );
  if (inProgress(job))
    return (
      <Stack gap="3" aria-live="polite">
        <Text>
          <StateBadge job={job} />{' '}
          {job.state === 'queued' ? t('office.money.reconcile.queuedText') : t('office.money.reconcile.runningText')}
        </Text>
        {requested}
      </Stack>
    );
  if (job.state === 'failed' || !job.result)
    return (
      <Stack gap="3">
        <FormAlert status="error" title={t('office.money.reconcile.failedTitle')}>
          {job.error ? localise(job.error) : t('office.money.reconcile.failedText')}
        </FormAlert>
        {requested}
      </Stack>
    );
  const r = job.result;
  return (
    <Stack gap="4" aria-live="polite">
      {requested}
      <Text>
        {t('office.money.reconcile.checked', {
          orders: plural(t, r.orders, 'office.money.reconcile.orders'),
          payments: plural(t, r.payments, 'office.money.reconcile.payments'),
          refunds: plural(t, r.refunds, 'office.money.reconcile.refunds'),
        })}
      </Text>
      {r.all_agree ? (
        <FormAlert status="success" title={t('office.money.reconcile.allAgree')}>
          {t('office.money.reconcile.allAgreeText')}
        </FormAlert>
      ) : (
        <FormAlert status="warning" title={t('office.money.reconcile.foundTitle', { disagreements: plural(t, r.disagreement_count + r.webhook.length, 'office.money.reconcile.disagreements') })}>
          {t('office.money.reconcile.foundText')}
        </FormAlert>
      )}
      {r.disagreement_count > r.listed && (
        <Text>
          {t('office.money.reconcile.firstListedBefore', { listed: String(r.listed), count: String(r.disagreement_count) })}
          <code>{'npm run reconcile'}</code>
          {t('office.money.reconcile.firstListedAfter')}
        </Text>
      )}
      {r.disagreements.length > 0 && <Disagreements result={r} />}
      {r.webhook.length > 0 && (
        <Stack gap="2">
          <Heading as="h3" size="md">
            {t('office.money.reconcile.webhook')}
          </Heading>
          <Stack as="ul" ps="5">
            {r.webhook.map((line) => (
              <Text as="li" key={line} wordBreak="break-word">
                {line}
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
      {r.webhook_note && (
        <Text fontSize="sm" color="gray.700">
          {t('office.money.reconcile.note', { note: r.webhook_note })}
        </Text>
      )}
    </Stack>
  );
}

function EarlierChecks({ items, shown, onShow }: { items: ReconciliationView[]; shown: string; onShow: (id: string) => void }) {
  const t = useT();
  const lang = useLang();
  return (
    <ScrollTable label={t('office.money.reconcile.earlier')} size="sm" aria-label={t('office.money.reconcile.earlier')}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('office.money.reconcile.col.askedFor')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.money.reconcile.col.state')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.money.reconcile.col.result')}</Table.ColumnHeader>
          <Table.ColumnHeader>
            <Box srOnly>{t('office.money.reconcile.col.show')}</Box>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {items.map((job) => (
          <Table.Row key={job.id}>
            <Table.Cell minW="11rem">
              <Text>{formatInstant(lang, job.requested_at)}</Text>
              <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                {t('office.money.reconcile.by', { by: job.requested_by })}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <StateBadge job={job} />
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{job.result ? (job.result.all_agree ? t('office.money.reconcile.allAgree') : plural(t, job.result.disagreement_count + job.result.webhook.length, 'office.money.reconcile.disagreements')) : ''}</Table.Cell>
            <Table.Cell>
              {job.id === shown ? (
                <Text fontSize="sm" whiteSpace="nowrap">
                  {t('office.money.reconcile.shownAbove')}
                </Text>
              ) : (
                <Button size="sm" variant="outline" onClick={() => onShow(job.id)} aria-label={t('office.money.reconcile.showLabel', { at: formatInstant(lang, job.requested_at) })}>
                  {t('office.money.reconcile.show')}
                </Button>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

function Checks() {
  const t = useT();
  const [chosen, setChosen] = useState<string | null>(null);
  // The check this organiser started here: the latest one, whatever the list's order says.
  const [started, setStarted] = useState<string | null>(null);
  const list = useQuery({
    queryKey: reconciliationsKey,
    queryFn: officeApi.reconciliations,
    // While a check is queued or running, look again every two seconds.
    refetchInterval: (query) => (query.state.data?.items.some(inProgress) ? 2000 : false),
  });
  if (list.isPending) return <Text color="gray.700">{t('office.money.reconcile.loading')}</Text>;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} title={t('office.money.reconcile.loadFailed')} />;
  const items = list.data.items;
  const latest = items[0];
  const shown = items.find((j) => j.id === chosen) ?? latest;
  return (
    <Stack gap="8">
      <Stack gap="4">
        <Heading as="h2" size="xl">
          {t('office.money.reconcile.run')}
        </Heading>
        <Text>{t('office.money.reconcile.intro')}</Text>
        <RunCheck
          busyElsewhere={Boolean(latest && inProgress(latest))}
          onStarted={(id) => {
            setStarted(id);
            setChosen(id);
          }}
        />
      </Stack>
      <Stack gap="4">
        <Heading as="h2" size="xl">
          {shown && shown !== latest && shown.id !== started ? t('office.money.reconcile.earlierCheck') : t('office.money.reconcile.latest')}
        </Heading>
        {shown ? (
          <CheckResult job={shown} />
        ) : (
          <Text color="gray.700">{t('office.money.reconcile.none')}</Text>
        )}
      </Stack>
      {items.length > 1 && shown && (
        <Stack gap="4">
          <Heading as="h2" size="xl">
            {t('office.money.reconcile.checksRun')}
          </Heading>
          <EarlierChecks items={items} shown={shown.id} onShow={setChosen} />
        </Stack>
      )}
    </Stack>
  );
}

export default function ReconciliationPage() {
  const t = useT();
  return (
    <OfficeFrame title={t('office.money.reconcile.title')}>
      <Checks />
    </OfficeFrame>
  );
}
