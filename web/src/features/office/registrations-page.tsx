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
import { formatCstInstant } from '#core/time';
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
  if (props.none) return <Text color="gray.700">None chosen</Text>;
  return (
    <Stack gap="1" align="flex-start">
      <Text whiteSpace="nowrap">{formatMoney(props.amount)}</Text>
      <Badge colorPalette={props.paid ? 'green' : 'gray'}>{props.state}</Badge>
    </Stack>
  );
}

const registrationColumns = column.columns([
  column.accessor('register_code', {
    header: 'Number',
    cell: ({ row }) => <SmartLink href={pathTo(paths.officeRegistration, { owner: row.original.owner_id })}>{row.original.register_code}</SmartLink>,
    meta: { cell: { whiteSpace: 'nowrap' } },
  }),
  column.accessor('name', {
    header: 'Delegate',
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
  column.accessor('type_name', { header: 'Type', meta: { cell: { minW: '7rem' } } }),
  column.accessor('review_state', {
    header: 'Review',
    cell: ({ row }) => <Badge colorPalette={reviewPalette(row.original.register_status)}>{row.original.review_state}</Badge>,
  }),
  column.accessor('register_fee', {
    header: 'Fee',
    cell: ({ row }) => <PaidAmount amount={row.original.register_fee} paid={row.original.pay_status === 2} state={row.original.pay_state} />,
  }),
  column.accessor('dinner_fee', {
    header: 'Dinners',
    cell: ({ row }) => (
      <PaidAmount amount={row.original.dinner_fee} paid={row.original.repast_status === 2} state={row.original.repast_state} none={!(row.original.dinner_fee > 0 || row.original.repast_status === 2)} />
    ),
  }),
  column.accessor('created_at', { header: 'Registered (CST)', cell: ({ getValue }) => formatCstInstant(getValue()), meta: { cell: { minW: '8rem' } } }),
  column.accessor('submitted_at', { header: 'Handed in (CST)', cell: ({ getValue }) => formatCstInstant(getValue()), meta: { cell: { minW: '8rem' } } }),
]);

function Registrations() {
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
        <Field.Label>Show</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={list} onChange={(e) => setParams(e.currentTarget.value === 'review' ? { list: 'review' } : {})}>
            <option value="all">All registrations (newest first)</option>
            <option value="review">Waiting for review (oldest first)</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {page.isPending ? (
        <Text color="gray.700">Loading the registrations...</Text>
      ) : page.isError ? (
        <QueryError error={page.error} onRetry={() => void page.refetch()} title="The registrations could not be loaded." />
      ) : (
        <OfficeTable
          label={list === 'review' ? 'Registrations waiting for review' : 'Registrations'}
          columns={registrationColumns}
          rows={page.data.items}
          rowId={(r) => r.owner_id}
          pages={{ param: 'after', next: page.data.cursor, pageSize: OFFICE_PAGE_SIZE, total, noun: ['registration', 'registrations'] }}
          stale={page.isPlaceholderData}
          empty={<Text aria-live="polite">{list === 'review' ? 'No registration is waiting for review.' : `No registration${after ? ' on this page' : ' yet'}.`}</Text>}
        />
      )}
    </Stack>
  );
}

export default function RegistrationsPage() {
  return (
    <OfficeFrame title="Registrations">
      <Registrations />
    </OfficeFrame>
  );
}
