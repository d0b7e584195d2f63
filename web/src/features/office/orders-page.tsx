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
import type { MessageId } from '#core/i18n/messages';
import { useT } from '../../i18n/i18n';
import { Instant, Tx } from './texts';
import { orderStatusName } from './status-names';
import type { OrderRow } from '#core/office/order-rows';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { pathTo, paths } from '../../config/paths';
import { officeApi, useListTotal } from './api';
import { OfficeFrame } from './office-frame';
import { pageSizeOf, type PageSizes } from './cursor-pages';
import { OfficeTable, officeColumnHelper } from './office-table';

const filterLabels: Record<(typeof orderFilterValues)[number], MessageId> = {
  all: 'office.orders.filter.all',
  'status:0': 'office.orders.filter.status0',
  'status:2': 'office.orders.filter.status2',
  'status:1': 'office.orders.filter.status1',
  'status:-2': 'office.orders.filter.statusMinus2',
  'status:-1': 'office.orders.filter.statusMinus1',
  'method:card': 'office.orders.filter.methodCard',
  'method:transfer': 'office.orders.filter.methodTransfer',
  'rate:650': 'office.orders.filter.rate650',
  'rate:250': 'office.orders.filter.rate250',
  visa: 'office.orders.filter.visa',
  hotel: 'office.orders.filter.hotel',
  'local-check': 'office.orders.filter.localCheck',
  'money:partial': 'office.orders.filter.moneyPartial',
  'money:overpaid': 'office.orders.filter.moneyOverpaid',
  'money:unconfirmed': 'office.orders.filter.moneyUnconfirmed',
};

const orderPageSizes: PageSizes = { param: 'rows', choices: officeLimits.orderPage.choices, standard: officeLimits.orderPage.rows };

const column = officeColumnHelper<OrderRow>();

/** The order table's columns; the filters and the search are the server's (the query above). */
const orderColumns = column.columns([
  column.accessor('order_no', {
    header: () => <Tx id="office.orders.colOrder" />,
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
    header: () => <Tx id="office.orders.colDelegate" />,
    cell: ({ row }) => (
      <>
        <Text>{`${row.original.first_name} ${row.original.last_name}`.trim() || <Tx id="office.orders.noName" />}</Text>
        <Text fontSize="sm" color="gray.700" wordBreak="break-all">
          {row.original.email}
        </Text>
      </>
    ),
    meta: { cell: { minW: '12rem' } },
  }),
  column.accessor('country', { header: () => <Tx id="office.orders.colCountry" /> }),
  column.accessor('status_name', {
    header: () => <Tx id="office.orders.colStatus" />,
    cell: ({ row }) => (
      <HStack gap="1" wrap="wrap">
        <Text>
          <StatusName status={row.original.status} english={row.original.status_name} />
        </Text>
        {row.original.local_check && <Badge colorPalette="orange">
            <Tx id="office.orders.filter.localCheck" />
          </Badge>}
        {row.original.visa && (
          <Badge>
            <Tx id="office.orders.badgeVisa" />
          </Badge>
        )}
        {row.original.hotel && (
          <Badge>
            <Tx id="office.orders.badgeHotel" />
          </Badge>
        )}
      </HStack>
    ),
  }),
  column.accessor('amount', { header: () => <Tx id="office.orders.colAmount" />, cell: ({ getValue }) => formatWireUsd(getValue()), meta: { cell: { textAlign: 'end', whiteSpace: 'nowrap' } } }),
  column.accessor('created_at', { header: () => <Tx id="office.orders.colPlaced" />, cell: ({ getValue }) => <Instant value={getValue()} />, meta: { cell: { whiteSpace: 'nowrap' } } }),
]);

function StatusName({ status, english }: { status: number; english: string }) {
  const t = useT();
  return <>{orderStatusName(t, status, english)}</>;
}

function filterOf(params: URLSearchParams): (typeof orderFilterValues)[number] {
  const status = params.get('status');
  const wanted = params.get('filter') ?? (status !== null ? `status:${status}` : 'all');
  return (orderFilterValues as readonly string[]).includes(wanted) ? (wanted as (typeof orderFilterValues)[number]) : 'all';
}

export default function OrdersPage() {
  const t = useT();
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
    <OfficeFrame title={t('office.section.orders')}>
      <Stack gap="4">
        <HStack as="form" role="search" aria-label={t('office.orders.searchLabel')} gap="3" align="end" wrap="wrap"
          onSubmit={(e) => {
            e.preventDefault();
            go({ q: typed.trim() });
          }}
        >
          <Field.Root flex="2" minW="16rem">
            <Field.Label>{t('office.orders.search')}</Field.Label>
            <Input value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('office.orders.searchPlaceholder')} />
          </Field.Root>
          <Field.Root flex="1" minW="14rem">
            <Field.Label>{t('office.orders.show')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={filter}
                onChange={(e) => go({ filter: e.target.value })}
              >
                {orderFilterValues.map((f) => (
                  <option key={f} value={f}>
                    {t(filterLabels[f])}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button type="submit">{t('office.orders.search')}</Button>
          {q && (
            <Button variant="outline" onClick={() => { setTyped(''); go({ q: '' }); }}>
              {t('office.orders.clearSearch')}
            </Button>
          )}
        </HStack>
        <Text fontSize="sm" color="gray.700">
          {t('office.orders.searchHelp')}
        </Text>
        {list.isPending ? (
          <Text color="gray.700">{t('office.orders.loading')}</Text>
        ) : list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} title={t('office.orders.loadFailed')} />
        ) : (
          <OfficeTable
            label={t('office.section.orders')}
            columns={orderColumns}
            rows={list.data.rows}
            rowId={(r) => r.id}
            pages={{ param: 'page', next: list.data.next, sizes: orderPageSizes, total, noun: ['order', 'orders'], count: 'office.orders.count' }}
            stale={list.isPlaceholderData}
            empty={
              <Text>
                {q
                  ? t('office.orders.noMatch', { q, among: filter !== 'all' ? t(filterLabels[filter]) : 'none', onPage: cursor ? 'yes' : 'no' })
                  : t('office.orders.emptyList', { onPage: cursor ? 'yes' : 'no', filter: t(filterLabels[filter]) })}
              </Text>
            }
          />
        )}
      </Stack>
    </OfficeFrame>
  );
}
