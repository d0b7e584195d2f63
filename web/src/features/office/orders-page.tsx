/**
 * /office/orders: every order, newest first, a page at a time from the server; one filter and a
 * search (e-mail, name prefix, order number, payment reference), drawn by the office table
 * (TanStack Table, office-table.tsx). The filter, search and page (with the pages before it)
 * are in the address, so a refresh or a link keeps them.
 */
import { Badge, Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { orderFilterValues } from '#core/office/schemas';
import { officeLimits } from '#core/config/conference';
import { formatWireUsd } from '#core/money';
import { formatCstInstant } from '#core/time';
import type { OrderRow } from '#core/office/order-rows';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { pathTo, paths } from '../../config/paths';
import { officeApi, useListTotal } from './api';
import { OfficeFrame } from './office-frame';
import { pageSizeOf, type PageSizes } from './cursor-pages';
import { OfficeTable, officeColumnHelper } from './office-table';

const filterLabels: Record<(typeof orderFilterValues)[number], string> = {
  all: 'All orders',
  'status:0': 'Unpaid',
  'status:2': 'Checking (transfer awaited)',
  'status:1': 'Paid',
  'status:-2': 'Refunding',
  'status:-1': 'Cancelled',
  'method:card': 'Paid or paying by card',
  'method:transfer': 'Paid or paying by transfer',
  'rate:650': 'Standard rate',
  'rate:250': 'Local rate',
  visa: 'Visa letter needed',
  hotel: 'Hotel rooms booked',
  'local-check': 'Local rate to check',
  'money:partial': 'Partially paid: the rest of a transfer awaited',
  'money:overpaid': 'Overpaid: money to give back',
  'money:unconfirmed': 'Paid, not confirmed: transfer announced, not yet found',
};

const orderPageSizes: PageSizes = { param: 'rows', choices: officeLimits.orderPage.choices, standard: officeLimits.orderPage.rows };

const column = officeColumnHelper<OrderRow>();

/** The order table's columns; the filters and the search are the server's (the query above). */
const orderColumns = column.columns([
  column.accessor('order_no', {
    header: 'Order',
    cell: ({ row }) => (
      <>
        <SmartLink href={pathTo(paths.officeOrder, { id: row.original.id })}>{row.original.order_no}</SmartLink>
        <Text fontSize="xs" fontFamily="mono" color="gray.700">
          {row.original.reference}
        </Text>
      </>
    ),
    meta: { cell: { whiteSpace: 'nowrap' } },
  }),
  column.display({
    id: 'delegate',
    header: 'Delegate',
    cell: ({ row }) => (
      <>
        <Text>{`${row.original.first_name} ${row.original.last_name}`.trim() || '(no name)'}</Text>
        <Text fontSize="sm" color="gray.700" wordBreak="break-all">
          {row.original.email}
        </Text>
      </>
    ),
    meta: { cell: { minW: '12rem' } },
  }),
  column.accessor('country', { header: 'Country' }),
  column.accessor('status_name', {
    header: 'Status',
    cell: ({ row }) => (
      <HStack gap="1" wrap="wrap">
        <Text>{row.original.status_name}</Text>
        {row.original.local_check && <Badge colorPalette="orange">Local rate to check</Badge>}
        {row.original.visa && <Badge>Visa</Badge>}
        {row.original.hotel && <Badge>Hotel</Badge>}
      </HStack>
    ),
  }),
  column.accessor('amount', { header: 'Amount', cell: ({ getValue }) => formatWireUsd(getValue()), meta: { cell: { textAlign: 'end', whiteSpace: 'nowrap' } } }),
  column.accessor('created_at', { header: 'Placed', cell: ({ getValue }) => formatCstInstant(getValue()), meta: { cell: { whiteSpace: 'nowrap' } } }),
]);

function filterOf(params: URLSearchParams): (typeof orderFilterValues)[number] {
  const status = params.get('status');
  const wanted = params.get('filter') ?? (status !== null ? `status:${status}` : 'all');
  return (orderFilterValues as readonly string[]).includes(wanted) ? (wanted as (typeof orderFilterValues)[number]) : 'all';
}

export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const q = params.get('q') ?? '';
  const cursor = params.get('page') ?? undefined;
  const limit = pageSizeOf(params, orderPageSizes);
  const [typed, setTyped] = useState(q);
  const list = useQuery({
    queryKey: ['office', 'orders', filter, q, cursor, limit],
    queryFn: () => officeApi.orders({ filter, q, limit, ...(cursor ? { cursor } : {}) }),
    placeholderData: keepPreviousData,
  });
  const total = useListTotal('orders', { filter, q, limit: 1 });
  // A new filter or search starts again from its first page (at the same rows per page).
  const go = (next: { filter?: string; q?: string }) => {
    const p = new URLSearchParams();
    if (params.has(orderPageSizes.param)) p.set(orderPageSizes.param, String(limit));
    const f = next.filter ?? filter;
    if (f !== 'all') p.set('filter', f);
    const text = next.q ?? q;
    if (text) p.set('q', text);
    setParams(p);
  };
  return (
    <OfficeFrame title="Orders">
      <Stack gap="4">
        <HStack as="form" role="search" aria-label="Search orders" gap="3" align="end" wrap="wrap"
          onSubmit={(e) => {
            e.preventDefault();
            go({ q: typed.trim() });
          }}
        >
          <Field.Root flex="2" minW="16rem">
            <Field.Label>Search</Field.Label>
            <Input value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="E-mail, name, order number or payment reference" />
          </Field.Root>
          <Field.Root flex="1" minW="14rem">
            <Field.Label>Show</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={filter}
                onChange={(e) => go({ filter: e.target.value })}
              >
                {orderFilterValues.map((f) => (
                  <option key={f} value={f}>
                    {filterLabels[f]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button type="submit">Search</Button>
          {q && (
            <Button variant="outline" onClick={() => { setTyped(''); go({ q: '' }); }}>
              Clear the search
            </Button>
          )}
        </HStack>
        <Text fontSize="sm" color="gray.700">
          A name is found by its beginning (first or last name first); an e-mail, order number or payment reference as a whole.
        </Text>
        {list.isPending ? (
          <Text color="gray.700">Loading the orders...</Text>
        ) : list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} title="The orders could not be loaded." />
        ) : (
          <OfficeTable
            label="Orders"
            columns={orderColumns}
            rows={list.data.rows}
            rowId={(r) => r.id}
            pages={{ param: 'page', next: list.data.next, sizes: orderPageSizes, total, noun: ['order', 'orders'] }}
            stale={list.isPlaceholderData}
            empty={
              <Text>
                {q
                  ? `No order matches "${q}"${filter !== 'all' ? ` among: ${filterLabels[filter]}` : ''}${cursor ? ' on this page' : ''}.`
                  : `No order is in this list${cursor ? ' on this page' : ' yet'} (${filterLabels[filter]}).`}
              </Text>
            }
          />
        )}
      </Stack>
    </OfficeFrame>
  );
}
