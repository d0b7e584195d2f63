/**
 * /admin/fee: the payment detail of the registration by category (spec "Screen behaviours"):
 * registration number and type, the paid/unpaid badge, the fee table with its total and its
 * Checkout, the dinner table with a Yes/No choice per person and dinner (editable while the
 * dinners are unpaid and before the deadline), the dinner total with its own Checkout, and the
 * note with the dinner payment deadline. Every amount is the server's (GET /cost_detail).
 *
 * A delegate whose fee is paid stays here while dinners can still be chosen and paid (the spec's
 * "BACK TO Payment Detail" after an abstract); with nothing left to pay, the page sends them to
 * /admin/pre as the spec says (docs/decisions/0026-registration-by-category-cost-detail-and-payment.md). Checkout opens the provider's page in this tab.
 *
 * Cancellation (issue 16): until the config's date the page offers to cancel, saying what goes back
 * to the card (GET /cost_detail `cancellation`), and asks once more before it does. The account
 * centre's "Cancel registration" opens /admin/fee?cancel=1, where a paid delegate is not sent on;
 * a cancelled registration stays here with its refund's state.
 */
import { Badge, Box, Button, Card, DataList, Heading, Link as ChakraLink, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router-dom';
import { formatDeadline, formatInstant } from '#core/i18n/format';
import { formatMoney, formatWireUsd } from '#core/money';
import { PAY_STATUS, REGISTER_STATUS, rejectedText, reviewStateTexts } from '#core/registration-by-category/ports';
import type { UpdateRepastRequest } from '#core/registration-by-category/schemas';
import { FormAlert } from '../../components/form/form-alert';
import { Page, PageSkeleton } from '../../components/page';
import { ScrollTable } from '../../components/ui/scroll-table';
import { paths } from '../../config/paths';
import { isCancelled } from '../../lib/api-client';
import { personInfoKey, usePersonInfo } from '../account/api';
import { costDetailKey, registrationByCategoryApi, useCostDetail, type CostDetail, type CostDetailWithCancellation } from './api';
import { useLang, useLocalise, useT } from '../../i18n/i18n';

/** The server's words for a dinner payment before the fee (spec section 8), shown before the delegate tries. */
const feeFirst = 'Please pay the registration fee first.';

const usd = (amount: number) => formatMoney(Math.round(amount * 100));

function PaidBadge({ paid, cancelled }: { paid: boolean; cancelled?: boolean }) {
  const t = useT();
  if (cancelled) return <Badge colorPalette="red">{t('registration.status.cancelled')}</Badge>;
  return <Badge colorPalette={paid ? 'green' : 'orange'}>{paid ? t('registration.status.paid') : t('registration.status.unpaid')}</Badge>;
}

/** The cancellation section: what goes back, asked once more; or the cancelled registration's refund state. */
function CancellationSection({ cost }: { cost: CostDetailWithCancellation }) {
  const t = useT();
  const lang = useLang();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const c = cost.cancellation;
  const cancel = useMutation({
    mutationFn: () => registrationByCategoryApi.cancel(c.refund_amount),
    onSuccess: ({ message }) => {
      setOutcome({ status: 'success', text: message });
      setConfirming(false);
    },
    onError: (e) => {
      if (!isCancelled(e)) setOutcome({ status: 'error', text: (e as Error).message });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: costDetailKey });
      void queryClient.invalidateQueries({ queryKey: personInfoKey });
    },
  });
  const nothing = c.refund_amount === '0.00';
  const refund = formatWireUsd(c.refund_amount);
  const refundText = nothing
    ? t('registration.fee.nothingToRefund')
    : t('registration.fee.refundBreakdown', { amount: refund, fee: formatWireUsd(c.fee_refund), dinners: formatWireUsd(c.dinners_refund) });
  const deadline = formatDeadline(lang, c.deadline);
  const refunding = cost.pay_status === PAY_STATUS.refunding || cost.repast_status === PAY_STATUS.refunding;
  const refunded = cost.pay_status === PAY_STATUS.refunded || cost.repast_status === PAY_STATUS.refunded;
  return (
    <Stack gap="4" as="section" aria-labelledby="cancel-heading">
      <Heading as="h2" size="lg" id="cancel-heading">
        {t('registration.fee.cancellation')}
      </Heading>
      <Box aria-live="polite">{outcome && <FormAlert status={outcome.status}>{outcome.text}</FormAlert>}</Box>
      {c.cancelled_at ? (
        <>
          <Text>{t('registration.fee.cancelledOn', { at: formatInstant(lang, c.cancelled_at) })}</Text>
          {c.refund_failed ? (
            <FormAlert status="warning">{t('registration.fee.refundFailed')}</FormAlert>
          ) : refunding ? (
            <FormAlert status="info">{t('registration.fee.refunding')}</FormAlert>
          ) : refunded ? (
            <FormAlert status="success">{t('registration.fee.refunded')}</FormAlert>
          ) : null}
        </>
      ) : c.open ? (
        <>
          <Text color="gray.700">{t('registration.fee.cancelUntil', { deadline, refund: refundText })}</Text>
          {confirming ? (
            <Stack gap="3" align="flex-start">
              <Text fontWeight="semibold">
                {t('registration.fee.confirmQuestion', { code: cost.register_code })}
                {nothing ? null : ` ${t('registration.fee.confirmRefund', { amount: refund })}`}
              </Text>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                <Button colorPalette="red" onClick={() => cancel.mutate()} loading={cancel.isPending} loadingText={t('registration.fee.cancelling')}>
                  {nothing ? t('registration.fee.confirm') : t('registration.fee.confirmWithRefund', { amount: refund })}
                </Button>
                <Button variant="outline" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
                  {t('registration.fee.keep')}
                </Button>
              </Stack>
            </Stack>
          ) : (
            <Button alignSelf="flex-start" variant="outline" colorPalette="red" onClick={() => (setOutcome(null), setConfirming(true))}>
              {t('account.center.cancel')}
            </Button>
          )}
        </>
      ) : (
        <Text color="gray.700">{t('registration.fee.cancelClosed', { deadline })}</Text>
      )}
    </Stack>
  );
}

/** Checkout: asks the server for the provider's page and goes there (the press is the delegate's confirmation). */
function CheckoutButton({ type, label }: { type: 1 | 2; label: string }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const checkout = useMutation({
    mutationFn: () => registrationByCategoryApi.payment(type),
    onMutate: () => setError(null),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (e) => {
      if (!isCancelled(e)) setError((e as Error).message);
    },
  });
  return (
    <Stack gap="3" align="flex-start">
      <Button colorPalette="brand" onClick={() => checkout.mutate()} loading={checkout.isPending || checkout.isSuccess} loadingText={t('registration.fee.openingCheckout')}>
        {label}
      </Button>
      {error && <FormAlert status="error">{error}</FormAlert>}
    </Stack>
  );
}

function FeeTable({ cost }: { cost: CostDetail }) {
  const t = useT();
  const localise = useLocalise();
  return (
    <ScrollTable label={t('registration.fee.feeTable')} size="sm">
      <Table.Header>
        <Table.Row bg="gray.50">
          <Table.ColumnHeader whiteSpace="nowrap">{t('registration.fee.colNo')}</Table.ColumnHeader>
          <Table.ColumnHeader whiteSpace="nowrap">{t('registration.fee.colRegister')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('account.center.name')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('registration.fee.colFee')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {cost.register.map((row) => (
          <Table.Row key={row.no}>
            <Table.Cell>{row.no}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{localise(row.register)}</Table.Cell>
            <Table.Cell>{row.name}</Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {usd(row.fee)}
            </Table.Cell>
          </Table.Row>
        ))}
        <Table.Row>
          <Table.Cell colSpan={3} fontWeight="semibold">
            {t('registration.wizard.total')}
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="semibold">
            {usd(cost.register_total)}
          </Table.Cell>
        </Table.Row>
      </Table.Body>
    </ScrollTable>
  );
}

type DinnerRow = CostDetail['dinner'][number];

function DinnerChoice({ row, field, editable, onChange }: { row: DinnerRow; field: 'gala_dinner' | 'working_lunch'; editable: boolean; onChange: (change: UpdateRepastRequest) => void }) {
  const t = useT();
  const label = t(field === 'gala_dinner' ? 'registration.fee.galaFor' : 'registration.fee.workingFor', { name: row.name });
  if (!editable) return <Text>{row[field] === 'Yes' ? t('registration.wizard.yes') : t('registration.wizard.no')}</Text>;
  return (
    <NativeSelect.Root size="sm" width="24">
      <NativeSelect.Field
        aria-label={label}
        value={row[field]}
        onChange={(e) => {
          const value = e.currentTarget.value as 'Yes' | 'No';
          onChange({ id: row.id, type: row.type, gala_dinner: field === 'gala_dinner' ? value : undefined, working_lunch: field === 'working_lunch' ? value : undefined });
        }}
      >
        <option value="Yes">{t('registration.wizard.yes')}</option>
        <option value="No">{t('registration.wizard.no')}</option>
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function DinnerTable({ cost, editable }: { cost: CostDetail; editable: boolean }) {
  const t = useT();
  const localise = useLocalise();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: registrationByCategoryApi.updateRepast,
    onSuccess: ({ data, message }) => {
      queryClient.setQueryData(costDetailKey, (old: CostDetailWithCancellation | undefined) => (old ? { ...old, ...data } : old));
      setOutcome({ status: 'success', text: message });
      void queryClient.invalidateQueries({ queryKey: personInfoKey });
    },
    onError: (e) => {
      if (isCancelled(e)) return;
      setOutcome({ status: 'error', text: (e as Error).message });
      void queryClient.invalidateQueries({ queryKey: costDetailKey });
    },
  });
  return (
    <Stack gap="3">
      <ScrollTable label={t('registration.fee.dinnerTable')} size="sm">
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader whiteSpace="nowrap">{t('registration.fee.colNo')}</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">{t('registration.fee.colRegister')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('account.center.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('registration.fee.colGala', { price: usd(cost.dinner_prices.gala_dinner) })}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('registration.fee.colWorking', { price: usd(cost.dinner_prices.working_lunch) })}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('registration.fee.colFee')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {cost.dinner.map((row) => (
            <Table.Row key={row.no}>
              <Table.Cell>{row.no}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{localise(row.register)}</Table.Cell>
              <Table.Cell>{row.name}</Table.Cell>
              <Table.Cell>
                <DinnerChoice row={row} field="gala_dinner" editable={editable} onChange={(c) => save.mutate(c)} />
              </Table.Cell>
              <Table.Cell>
                <DinnerChoice row={row} field="working_lunch" editable={editable} onChange={(c) => save.mutate(c)} />
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {usd(row.fee)}
              </Table.Cell>
            </Table.Row>
          ))}
          <Table.Row>
            <Table.Cell colSpan={5} fontWeight="semibold">
              {t('registration.fee.dinnerTotal')}
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="semibold">
              {usd(cost.dinner_total)}
            </Table.Cell>
          </Table.Row>
        </Table.Body>
      </ScrollTable>
      <Text fontWeight="semibold">{t('registration.fee.dinnerTotalIs', { amount: usd(cost.dinner_total) })}</Text>
      <Box aria-live="polite">{outcome && <FormAlert status={outcome.status}>{outcome.text}</FormAlert>}</Box>
    </Stack>
  );
}

export default function FeePage() {
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  const title = t('registration.detail.paymentDetail');
  const [search] = useSearchParams();
  const info = usePersonInfo({ fresh: true });
  const registered = Boolean(info.data?.register_code);
  const cost = useCostDetail(registered && info.isFetchedAfterMount);
  if (!info.data || !(info.isFetchedAfterMount || info.isError)) return <PageSkeleton title={title} />;
  const i = info.data;

  if (!i.register_code) {
    return (
      <Page title={title} lead={localise('You have not registered by category yet.')}>
        <ChakraLink asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to={paths.registerInformation}>{t('registration.voucher.register')}</RouterLink>
        </ChakraLink>
      </Page>
    );
  }
  if (!cost.data) {
    if (cost.isError) return <Page title={title}>{<FormAlert status="error">{(cost.error as Error).message}</FormAlert>}</Page>;
    return <PageSkeleton title={title} />;
  }
  const c = cost.data;
  const cancelled = Boolean(c.cancellation.cancelled_at);
  const feePaid = c.pay_status === PAY_STATUS.paid;
  const dinnersPaid = c.repast_status !== PAY_STATUS.unpaid;
  // Spec: pay_status 2 on entry -> /admin/pre; but while dinners can still be chosen and paid, the paid delegate stays
  // (and so does one who came to cancel, or whose registration is cancelled).
  if (feePaid && (dinnersPaid || !c.dinners_open) && !cancelled && !search.has('cancel')) return <Navigate to={paths.abstracts} replace />;
  const review = c.register_status === REGISTER_STATUS.inReview ? reviewStateTexts.inReview : c.register_status === REGISTER_STATUS.rejected ? rejectedText(c.regiatration_type) : null;
  const dinnersEditable = !dinnersPaid && c.dinners_open && !cancelled;

  return (
    <Page title={title} lead={t('registration.fee.lead')}>
      <Stack gap="8">
        {review && (
          <FormAlert status={c.register_status === REGISTER_STATUS.rejected ? 'warning' : 'info'} title={t('registration.fee.state')}>
            {localise(review)}
          </FormAlert>
        )}
        <Card.Root>
          <Card.Body>
            <DataList.Root orientation="horizontal" gap="3">
              <DataList.Item>
                <DataList.ItemLabel>{t('registration.detail.registrationNumber')}</DataList.ItemLabel>
                <DataList.ItemValue>{c.register_code}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('registration.detail.registrationType')}</DataList.ItemLabel>
                <DataList.ItemValue>{localise(c.register_type_name)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('registration.fee.registrationFee')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <PaidBadge paid={feePaid} cancelled={cancelled} />
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Card.Body>
        </Card.Root>

        <Stack gap="4" as="section" aria-labelledby="fee-heading">
          <Heading as="h2" size="lg" id="fee-heading">
            {t('registration.fee.registrationFee')}
          </Heading>
          <FeeTable cost={c} />
          {cancelled ? null : feePaid ? (
            <FormAlert status="success">{t('registration.fee.feePaid')}</FormAlert>
          ) : (
            <>
              <Text color="gray.700">{t('registration.fee.instruction')}</Text>
              {c.register_status === REGISTER_STATUS.none && <CheckoutButton type={1} label={t('registration.fee.checkout', { amount: usd(c.register_total) })} />}
            </>
          )}
        </Stack>

        <Stack gap="4" as="section" aria-labelledby="dinner-heading">
          <Heading as="h2" size="lg" id="dinner-heading">
            {t('registration.fee.dinners')}
          </Heading>
          <Text color="gray.700">{t('registration.fee.dinnersText', { gala: usd(c.dinner_prices.gala_dinner), working: usd(c.dinner_prices.working_lunch) })}</Text>
          <DinnerTable cost={c} editable={dinnersEditable} />
          {cancelled ? null : dinnersPaid ? (
            <FormAlert status="success">{t('registration.fee.dinnersPaid')}</FormAlert>
          ) : !feePaid ? (
            <FormAlert status="info">{localise(feeFirst)}</FormAlert>
          ) : c.dinners_open ? (
            <CheckoutButton type={2} label={t('registration.fee.checkoutDinners', { amount: usd(c.dinner_total) })} />
          ) : (
            <FormAlert status="info">{t('registration.fee.dinnersClosed')}</FormAlert>
          )}
          <Text fontWeight="semibold">{t('registration.fee.note', { deadline: formatDeadline(lang, c.dinner_deadline) })}</Text>
        </Stack>

        <CancellationSection cost={c} />
      </Stack>
    </Page>
  );
}
