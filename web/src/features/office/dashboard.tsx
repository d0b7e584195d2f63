/**
 * The office dashboard: the congress in numbers, from the office's counters (GET /office/dashboard).
 * Each number that an organiser can act on links to the section where they do.
 */
import { Box, Card, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DashboardView } from '#core/office/dashboard';
import { formatWireUsd } from '#core/money';
import { formatCstDay, formatCstInstant } from '#core/time';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ScrollTable } from '../../components/ui/scroll-table';
import { paths } from '../../config/paths';
import { dashboardKey, officeApi } from './api';

function Figure(props: { label: string; value: ReactNode; help?: ReactNode; href?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body gap="1">
        <Text fontSize="sm" fontWeight="medium" color="gray.700">
          {props.href ? <SmartLink href={props.href}>{props.label}</SmartLink> : props.label}
        </Text>
        <Text fontSize="2xl" fontWeight="semibold">
          {props.value}
        </Text>
        {props.help && (
          <Text fontSize="sm" color="gray.700">
            {props.help}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Stack gap="3" as="section" aria-label={props.title}>
      <Heading as="h2" size="lg">
        {props.title}
      </Heading>
      {props.children}
    </Stack>
  );
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** Orders placed per day as bars (money in the table under it); the bars' heights are relative to the busiest day. */
function DayChart({ data }: { data: DashboardView['days'] }) {
  if (data.length === 0) return <Text color="gray.700">No order has been placed yet: the chart starts with the first.</Text>;
  const most = Math.max(1, ...data.map((d) => d.orders));
  const total = data.reduce((s, d) => s + d.orders, 0);
  return (
    <Stack gap="3">
      <Box overflowX="auto" borderWidth="1px" borderColor="gray.200" rounded="md" p="3">
        <HStack
          role="img"
          aria-label={`Orders placed per day: ${total} over ${days(data.length)}, most on one day ${most}.`}
          align="end"
          gap="1"
          h="32"
          minW={`${data.length * 14}px`}
        >
          {data.map((d) => (
            <Box key={d.day} flex="1" minW="2" maxW="8" h={`${Math.max(4, (d.orders / most) * 100)}%`} bg="brand.solid" rounded="sm" title={`${formatCstDay(`${d.day}T12:00:00+08:00`)}: ${d.orders} orders, ${formatWireUsd(d.received)} received`} />
          ))}
        </HStack>
      </Box>
      <details>
        <summary>The numbers per day</summary>
        <ScrollTable label="Orders and money per day" size="sm" aria-label="Orders and money per day">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Day (China Standard Time)</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Orders placed</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Money received</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((d) => (
              <Table.Row key={d.day}>
                <Table.Cell>{formatCstDay(`${d.day}T12:00:00+08:00`)}</Table.Cell>
                <Table.Cell textAlign="end">{d.orders}</Table.Cell>
                <Table.Cell textAlign="end">{formatWireUsd(d.received)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      </details>
    </Stack>
  );
}

export function Dashboard() {
  const view = useQuery({ queryKey: dashboardKey, queryFn: officeApi.dashboard });
  if (view.isPending) return <Text color="gray.700">Loading the numbers...</Text>;
  if (view.isError) return <QueryError error={view.error} onRetry={() => void view.refetch()} title="The numbers could not be loaded." />;
  const d = view.data;
  const t = d.transfers_awaited;
  return (
    <Stack gap="8">
      <Section title="Money">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          <Figure label="Received" value={formatWireUsd(d.money.received)} help={`card ${formatWireUsd(d.money.received_card)}, bank transfer ${formatWireUsd(d.money.received_transfer)}`} />
          <Figure label="Refunded" value={formatWireUsd(d.money.refunded)} help={`kept ${formatWireUsd(d.money.kept)}`} />
          <Figure
            label="Transfers to look for"
            href={paths.officeTransfers}
            value={t.count}
            help={t.count === 0 ? 'none awaited' : `${formatWireUsd(d.money.awaited)} awaited; the oldest since ${formatCstInstant(t.oldest_noted_at!)} (${t.oldest_waiting_days ? `${days(t.oldest_waiting_days)} ago` : 'today'})`}
          />
          <Figure label="Refunds waiting" href={paths.officeRefundsOwed} value={d.refunds_waiting.transfer + d.refunds_waiting.card} help={`${d.refunds_waiting.transfer} by bank transfer (the office sends them), ${d.refunds_waiting.card} by card`} />
        </SimpleGrid>
      </Section>
      <Section title="Registrations">
        <SimpleGrid columns={{ base: 2, sm: 3, lg: 6 }} gap="3">
          <Figure label="Accounts" value={d.accounts.created} help={`${d.accounts.activated} activated`} />
          {d.orders.map((o) => (
            <Figure key={o.status} label={o.name} href={`${paths.officeOrders}?status=${o.status}`} value={o.count} help="orders" />
          ))}
        </SimpleGrid>
        <Heading as="h3" size="md">
          Orders placed and money received per day
        </Heading>
        <DayChart data={d.days} />
      </Section>
      <Section title="Abstracts and presentations">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <ScrollTable label="Abstracts by category" size="sm" aria-label="Abstracts by category">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Category</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Abstracts</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {d.abstracts.map((a) => (
                <Table.Row key={a.category}>
                  <Table.Cell>{a.name}</Table.Cell>
                  <Table.Cell textAlign="end">{a.count}</Table.Cell>
                </Table.Row>
              ))}
              <Table.Row fontWeight="semibold">
                <Table.Cell>All categories</Table.Cell>
                <Table.Cell textAlign="end">{d.abstracts_total}</Table.Cell>
              </Table.Row>
            </Table.Body>
          </ScrollTable>
          <SimpleGrid columns={{ base: 1, sm: 3, md: 1 }} gap="3" alignContent="start">
            {d.files.map((f) => (
              <Figure key={f.purpose} label={`${f.label}s uploaded`} value={f.count} />
            ))}
          </SimpleGrid>
        </SimpleGrid>
      </Section>
    </Stack>
  );
}
