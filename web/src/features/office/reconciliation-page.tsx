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
import { formatCstInstant } from '#core/time';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ScrollTable } from '../../components/ui/scroll-table';
import { pathTo, paths } from '../../config/paths';
import { ApiError, isCancelled } from '../../lib/api-client';
import { officeApi, reconciliationsKey, secondFactorKey } from './api';
import { OfficeFrame } from './office-frame';

const stateNames: Record<JobState, { label: string; palette: string }> = {
  queued: { label: 'Queued', palette: 'gray' },
  running: { label: 'Running', palette: 'blue' },
  done: { label: 'Done', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
  // A mail job's own states (never an export's or a check's).
  ready: { label: 'Waiting', palette: 'gray' },
  sending: { label: 'Running', palette: 'blue' },
  cancelled: { label: 'Cancelled', palette: 'gray' },
};

const ruleTexts: Record<string, string> = { ...moneyRules, ...providerRules, ...documentRules, ...eventRules, ...statementRules };
const inProgress = (job: ReconciliationView) => job.state === 'queued' || job.state === 'running';
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function StateBadge({ job }: { job: ReconciliationView }) {
  return <Badge colorPalette={stateNames[job.state].palette}>{stateNames[job.state].label}</Badge>;
}

/** `onStarted`: the page then shows the check this organiser started (not whichever is newest). */
function RunCheck({ busyElsewhere, onStarted }: { busyElsewhere: boolean; onStarted: (id: string) => void }) {
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
      setOutcome({ status: 'error', text: error instanceof ApiError ? error.message : 'The check could not be started. Please try again.' });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: reconciliationsKey });
    }
  };
  return (
    <Stack gap="4" align="start">
      <Button onClick={() => void run()} loading={busy} disabled={busyElsewhere} loadingText="Starting the check">
        Run the check
      </Button>
      {busyElsewhere && <Text color="gray.700">A check is under way; its result appears below.</Text>}
      {outcome && (
        <FormAlert status={outcome.status} title={outcome.status === 'error' ? 'Not started' : 'Started'}>
          {outcome.text}
        </FormAlert>
      )}
    </Stack>
  );
}

function Disagreements({ result }: { result: NonNullable<ReconciliationView['result']> }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label="Disagreements">
      {result.disagreements.map((d, i) => (
        <Box as="li" key={`${d.order_id}-${d.payment_id ?? ''}-${d.refund_id ?? ''}-${d.rule}-${i}`} borderWidth="1px" borderColor="orange.300" borderRadius="md" p="3">
          <Stack gap="1">
            <Text fontWeight="semibold" wordBreak="break-all">
              <SmartLink href={pathTo(paths.officeOrder, { id: d.order_id })}>Order {d.order_no ?? d.order_id}</SmartLink>
              {!d.order_no && ' (deleted)'}
            </Text>
            {(d.payment_id || d.refund_id) && (
              <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                {[d.payment_id && `Payment ${d.payment_id}`, d.refund_id && `Refund ${d.refund_id}`].filter(Boolean).join(' · ')}
              </Text>
            )}
            <Text>
              <Badge colorPalette="orange" me="2">
                {d.rule}
              </Badge>
              {ruleTexts[d.rule] ?? ''}
            </Text>
            <Text fontSize="sm" wordBreak="break-word">
              Found: {d.detail}
            </Text>
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function CheckResult({ job }: { job: ReconciliationView }) {
  const requested = (
    <Text color="gray.700">
      Asked for {formatCstInstant(job.requested_at)} by {job.requested_by}
      {job.finished_at && `; finished ${formatCstInstant(job.finished_at)}`}.
    </Text>
  );
  if (inProgress(job))
    return (
      <Stack gap="3" aria-live="polite">
        <Text>
          <StateBadge job={job} />{' '}
          {job.state === 'queued' ? 'The check is waiting for the background worker.' : 'The check is reading every order and asking Stripe about each card payment.'}
        </Text>
        {requested}
      </Stack>
    );
  if (job.state === 'failed' || !job.result)
    return (
      <Stack gap="3">
        <FormAlert status="error" title="The check failed">
          {job.error ?? 'The check could not be completed. Please run it again.'}
        </FormAlert>
        {requested}
      </Stack>
    );
  const r = job.result;
  return (
    <Stack gap="4" aria-live="polite">
      {requested}
      <Text>
        Checked {plural(r.orders, 'order')} with {plural(r.payments, 'payment')} and {plural(r.refunds, 'refund')}; the card payments and refunds also against Stripe.
      </Text>
      {r.all_agree ? (
        <FormAlert status="success" title="All agree">
          Every order agrees with its payments and refunds, and every card payment and refund with Stripe.
        </FormAlert>
      ) : (
        <FormAlert status="warning" title={`${plural(r.disagreement_count + r.webhook.length, 'disagreement')} found`}>
          Open each order to see its payments, refunds and history. A payment being made or a refund Stripe has not answered yet also shows here: if it is still listed
          in a later check, it needs looking into.
        </FormAlert>
      )}
      {r.disagreement_count > r.listed && (
        <Text>
          The first {r.listed} of {r.disagreement_count} are listed; <code>npm run reconcile</code> prints them all.
        </Text>
      )}
      {r.disagreements.length > 0 && <Disagreements result={r} />}
      {r.webhook.length > 0 && (
        <Stack gap="2">
          <Heading as="h3" size="md">
            Stripe&apos;s webhook endpoint
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
          Note: {r.webhook_note}.
        </Text>
      )}
    </Stack>
  );
}

function EarlierChecks({ items, shown, onShow }: { items: ReconciliationView[]; shown: string; onShow: (id: string) => void }) {
  return (
    <ScrollTable label="Earlier checks" size="sm" aria-label="Earlier checks">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Asked for</Table.ColumnHeader>
          <Table.ColumnHeader>State</Table.ColumnHeader>
          <Table.ColumnHeader>Result</Table.ColumnHeader>
          <Table.ColumnHeader>
            <Box srOnly>Show</Box>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {items.map((job) => (
          <Table.Row key={job.id}>
            <Table.Cell minW="11rem">
              <Text>{formatCstInstant(job.requested_at)}</Text>
              <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                by {job.requested_by}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <StateBadge job={job} />
            </Table.Cell>
            <Table.Cell>{job.result ? (job.result.all_agree ? 'All agree' : plural(job.result.disagreement_count + job.result.webhook.length, 'disagreement')) : ''}</Table.Cell>
            <Table.Cell>
              {job.id === shown ? (
                <Text fontSize="sm">Shown above</Text>
              ) : (
                <Button size="sm" variant="outline" onClick={() => onShow(job.id)} aria-label={`Show the check of ${formatCstInstant(job.requested_at)}`}>
                  Show
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
  const [chosen, setChosen] = useState<string | null>(null);
  // The check this organiser started here: the latest one, whatever the list's order says.
  const [started, setStarted] = useState<string | null>(null);
  const list = useQuery({
    queryKey: reconciliationsKey,
    queryFn: officeApi.reconciliations,
    // While a check is queued or running, look again every two seconds.
    refetchInterval: (query) => (query.state.data?.items.some(inProgress) ? 2000 : false),
  });
  if (list.isPending) return <Text color="gray.700">Loading the checks...</Text>;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} title="The checks could not be loaded." />;
  const items = list.data.items;
  const latest = items[0];
  const shown = items.find((j) => j.id === chosen) ?? latest;
  return (
    <Stack gap="8">
      <Stack gap="4">
        <Heading as="h2" size="xl">
          Run the check
        </Heading>
        <Text>
          The check reads every order with its payments and refunds and asks Stripe about every card payment and refund. It runs in the background and takes a moment
          for a large congress. Run it after a busy day, before closing the books, or when a delegate&apos;s payment looks wrong.
        </Text>
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
          {shown && shown !== latest && shown.id !== started ? 'An earlier check' : 'Latest check'}
        </Heading>
        {shown ? (
          <CheckResult job={shown} />
        ) : (
          <Text color="gray.700">
            No check has been run yet. Run the check to see whether every order agrees with the money it received and gave back, and with Stripe.
          </Text>
        )}
      </Stack>
      {items.length > 1 && shown && (
        <Stack gap="4">
          <Heading as="h2" size="xl">
            Checks run
          </Heading>
          <EarlierChecks items={items} shown={shown.id} onShow={setChosen} />
        </Stack>
      )}
    </Stack>
  );
}

export default function ReconciliationPage() {
  return (
    <OfficeFrame title="Reconciliation">
      <Checks />
    </OfficeFrame>
  );
}
