/**
 * /office/registrations: the registrations by category (the older flow), newest first, 25 a page,
 * or the review queue: those waiting for review, oldest hand-in first (first come, first served).
 * One opens with everything the delegate gave, the documents and voucher, and the decision.
 */
import { Badge, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { formatMoney } from '#core/money';
import type { RegistrationRow } from '#core/office/registrations';
import { useT } from '../../i18n/i18n';
import { Instant, Localised, Tx } from './texts';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { pathTo, paths } from '../../config/paths';
import { OFFICE_PAGE_SIZE } from '#core/office/delegates';
import { officeApi, useListTotal } from './api';
import { OfficeFrame } from './office-frame';
import { OfficeTable, officeColumnHelper } from './office-table';

const column = officeColumnHelper<RegistrationRow>();

export const reviewPalette = (status: number) => (status === 1 ? 'orange' : status === 2 ? 'red' : 'green');

/** Paid or not, beside its amount (one column for the fee, one for the dinners: the table fits 1366 px). */
function PaidAmount(props: { amount: number; paid: boolean; state: string; none?: boolean }) {
  if (props.none)
    return (
      <Text color="gray.700">
        <Tx id="office.registrations.noneChosen" />
      </Text>
    );
  return (
    <Stack gap="1" align="flex-start">
      <Text whiteSpace="nowrap">{formatMoney(props.amount)}</Text>
      <Badge colorPalette={props.paid ? 'green' : 'gray'}>
        <Localised text={props.state} />
      </Badge>
    </Stack>
  );
}

const registrationColumns = column.columns([
  column.accessor('register_code', {
    header: () => <Tx id="office.docs.colNumber" />,
    cell: ({ row }) => <SmartLink href={pathTo(paths.officeRegistration, { owner: row.original.owner_id })}>{row.original.register_code}</SmartLink>,
    meta: { cell: { whiteSpace: 'nowrap' } },
  }),
  column.accessor('name', {
    header: () => <Tx id="office.orders.colDelegate" />,
    cell: ({ row }) => (
      <>
        <Text>{row.original.name}</Text>
        <Text fontSize="sm" color="gray.700" wordBreak="break-all">
          {row.original.email}
        </Text>
      </>
    ),
    meta: { cell: { minW: '12rem' } },
  }),
  column.accessor('type_name', { header: () => <Tx id="office.registrations.colType" />, cell: ({ getValue }) => <Localised text={getValue()} />, meta: { cell: { minW: '7rem' } } }),
  column.accessor('review_state', {
    header: () => <Tx id="office.registrations.colReview" />,
    cell: ({ row }) => <Badge colorPalette={reviewPalette(row.original.register_status)}><Localised text={row.original.review_state} />
      </Badge>,
  }),
  column.accessor('register_fee', {
    header: () => <Tx id="office.registrations.colFee" />,
    cell: ({ row }) => <PaidAmount amount={row.original.register_fee} paid={row.original.pay_status === 2} state={row.original.pay_state} />,
  }),
  column.accessor('dinner_fee', {
    header: () => <Tx id="office.registrations.colDinners" />,
    cell: ({ row }) => (
      <PaidAmount amount={row.original.dinner_fee} paid={row.original.repast_status === 2} state={row.original.repast_state} none={!(row.original.dinner_fee > 0 || row.original.repast_status === 2)} />
    ),
  }),
  column.accessor('created_at', { header: () => <Tx id="office.registrations.colRegistered" />, cell: ({ getValue }) => <Instant value={getValue()} />, meta: { cell: { minW: '8rem' } } }),
  column.accessor('submitted_at', { header: () => <Tx id="office.registrations.colHandedIn" />, cell: ({ getValue }) => <Instant value={getValue()} />, meta: { cell: { minW: '8rem' } } }),
]);

function Registrations() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const list = params.get('list') === 'review' ? 'review' : 'all';
  const after = params.get('after') ?? undefined;
  const page = useQuery({
    queryKey: ['office', 'registrations', list, after ?? ''],
    queryFn: () => officeApi.registrations({ list, cursor: after }),
    placeholderData: keepPreviousData,
  });
  const total = useListTotal('registrations', { list });
  return (
    <Stack gap="5">
      <Field.Root maxW="md">
        <Field.Label>{t('office.orders.show')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={list} onChange={(e) => setParams(e.currentTarget.value === 'review' ? { list: 'review' } : {})}>
            <option value="all">{t('office.registrations.all')}</option>
            <option value="review">{t('office.registrations.review')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {page.isPending ? (
        <Text color="gray.700">{t('office.registrations.loading')}</Text>
      ) : page.isError ? (
        <QueryError error={page.error} onRetry={() => void page.refetch()} title={t('office.registrations.loadFailed')} />
      ) : (
        <OfficeTable
          label={list === 'review' ? t('office.registrations.waitingLabel') : t('office.section.registrations')}
          columns={registrationColumns}
          rows={page.data.items}
          rowId={(r) => r.owner_id}
          pages={{ param: 'after', next: page.data.cursor, pageSize: OFFICE_PAGE_SIZE, total, noun: ['registration', 'registrations'], count: 'office.registrations.count' }}
          stale={page.isPlaceholderData}
          empty={<Text aria-live="polite">{list === 'review' ? t('office.registrations.noneWaiting') : t('office.registrations.none', { onPage: after ? 'yes' : 'no' })}</Text>}
        />
      )}
    </Stack>
  );
}

export default function RegistrationsPage() {
  const t = useT();
  return (
    <OfficeFrame title={t('office.section.registrations')}>
      <Registrations />
    </OfficeFrame>
  );
}
