/**
 * /office/orders: every order, newest first, a page at a time from the server; one filter and a
 * search (e-mail, name prefix, order number, payment reference). The filter, search and page
 * are in the address, so a refresh or a link keeps them.
 */
import { Badge, Box, Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { orderFilterValues } from '#core/office/schemas';
import { formatWireUsd } from '#core/money';
import { formatCstInstant } from '#core/time';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ScrollTable } from '../../components/ui/scroll-table';
import { pathTo, paths } from '../../config/paths';
import { officeApi } from './api';
import { OfficeFrame } from './office-frame';

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
};

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
  const [typed, setTyped] = useState(q);
  // The continuations of the pages before this one, for "Previous page".
  const [before, setBefore] = useState<(string | undefined)[]>([]);
  const list = useQuery({ queryKey: ['office', 'orders', filter, q, cursor], queryFn: () => officeApi.orders({ filter, q, ...(cursor ? { cursor } : {}) }), placeholderData: keepPreviousData });
  const go = (next: { filter?: string; q?: string; page?: string }) => {
    const p = new URLSearchParams();
    const f = next.filter ?? filter;
    if (f !== 'all') p.set('filter', f);
    const text = next.q ?? q;
    if (text) p.set('q', text);
    if (next.page) p.set('page', next.page);
    setParams(p);
  };
  return (
    <OfficeFrame title="Orders">
      <Stack gap="4">
        <HStack as="form" role="search" aria-label="Search orders" gap="3" align="end" wrap="wrap"
          onSubmit={(e) => {
            e.preventDefault();
            setBefore([]);
            go({ q: typed.trim(), page: undefined });
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
                onChange={(e) => {
                  setBefore([]);
                  go({ filter: e.target.value, page: undefined });
                }}
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
            <Button variant="outline" onClick={() => { setTyped(''); setBefore([]); go({ q: '', page: undefined }); }}>
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
        ) : list.data.rows.length === 0 ? (
          <Text>{q ? `No order matches "${q}"${filter !== 'all' ? ` among: ${filterLabels[filter]}` : ''}.` : `No order is in this list yet (${filterLabels[filter]}).`}</Text>
        ) : (
          <ScrollTable label="Orders" size="sm" aria-label="Orders">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Order</Table.ColumnHeader>
                <Table.ColumnHeader>Delegate</Table.ColumnHeader>
                <Table.ColumnHeader>Country</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Placed</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.rows.map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell whiteSpace="nowrap">
                    <SmartLink href={pathTo(paths.officeOrder, { id: r.id })}>{r.order_no}</SmartLink>
                    <Text fontSize="xs" fontFamily="mono" color="gray.700">
                      {r.reference}
                    </Text>
                  </Table.Cell>
                  <Table.Cell minW="12rem">
                    <Text>{`${r.first_name} ${r.last_name}`.trim() || '(no name)'}</Text>
                    <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                      {r.email}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{r.country}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" wrap="wrap">
                      <Text>{r.status_name}</Text>
                      {r.local_check && <Badge colorPalette="orange">Local rate to check</Badge>}
                      {r.visa && <Badge>Visa</Badge>}
                      {r.hotel && <Badge>Hotel</Badge>}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatWireUsd(r.amount)}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatCstInstant(r.created_at)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
        )}
        <Box>
          <HStack gap="3">
            <Button
              variant="outline"
              disabled={!cursor}
              onClick={() => {
                const previous = before.slice(0, -1);
                const page = before[before.length - 1];
                setBefore(previous);
                go({ ...(page ? { page } : {}) });
              }}
            >
              Previous page
            </Button>
            <Button
              variant="outline"
              disabled={!list.data?.next}
              onClick={() => {
                setBefore([...before, cursor]);
                go({ page: list.data!.next! });
              }}
            >
              Next page
            </Button>
          </HStack>
        </Box>
      </Stack>
    </OfficeFrame>
  );
}
