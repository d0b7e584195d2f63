/**
 * The office dashboard: the congress in numbers, from the office's counters (GET /office/dashboard).
 * Each number that an organiser can act on links to the section where they do.
 */
import { Box, Card, Grid, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { axisDay, axisTicks, chartDays, labelledDays, type DashboardView } from '#core/office/dashboard';
import { formatMoney, formatWireUsd } from '#core/money';
import { formatDay, formatInstant } from '#core/i18n/format';
import type { Translate } from '#core/i18n/messages';
import { useLang, useT } from '../../i18n/i18n';
import { categoryOptionLabel } from '../abstracts/option-labels';
import { orderStatusName } from './status-names';
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

/** Days as the page always wrote them: digits without grouping (2709 days), as the chart's name is read. */
const days = (t: Translate, n: number) => t('office.dashboard.days', { count: n, n: String(n) });

/** Where a value sits on an axis from 0 to `top`, as a percentage of its height. */
const at = (value: number, top: number) => (top > 0 ? (value / top) * 100 : 0);

/** An axis' labels, each at its height (the plot's gridlines line up with them). */
function AxisLabels({ ticks, top, format, align }: { ticks: number[]; top: number; format: (n: number) => string; align: 'start' | 'end' }) {
  const longest = ticks.map(format).reduce((a, b) => (b.length > a.length ? b : a), '');
  return (
    <Box
      position="relative"
      h="full"
      aria-hidden="true"
      // The column is as wide as its longest label (the labels themselves are placed absolutely).
      data-longest={longest}
      _before={{ content: 'attr(data-longest)', display: 'block', h: '0', overflow: 'hidden', visibility: 'hidden', fontSize: 'xs', whiteSpace: 'nowrap' }}
    >
      {ticks.map((t) => (
        <Text key={t} position="absolute" bottom={`${at(t, top)}%`} transform="translateY(50%)" fontSize="xs" color="gray.700" whiteSpace="nowrap" {...(align === 'end' ? { right: 0 } : { left: 0 })}>
          {format(t)}
        </Text>
      ))}
    </Box>
  );
}

/**
 * Orders placed per day (bars, left axis) and money received per day (a line, right axis in US$),
 * on a time axis of every day from the first order to the last (China Standard Time), with the
 * dates named under it and a legend; the numbers themselves are in the table under it.
 */
function DayChart({ data }: { data: DashboardView['days'] }) {
  const t = useT();
  const lang = useLang();
  if (data.length === 0) return <Text color="gray.700">{t('office.dashboard.noOrders')}</Text>;
  const series = chartDays(data);
  const orderTicks = axisTicks(Math.max(...series.map((d) => d.orders)), 1);
  const moneyTicks = axisTicks(Math.max(...series.map((d) => d.received)), 100);
  const ordersTop = orderTicks.at(-1)!;
  const moneyTop = moneyTicks.at(-1)!;
  const total = data.reduce((s, d) => s + d.orders, 0);
  const most = Math.max(...data.map((d) => d.orders));
  const n = series.length;
  const dollars = (cents: number) => formatMoney(cents, 'USD', 0);
  const line = series.map((d, i) => `${i + 0.5},${100 - at(d.received, moneyTop)}`).join(' ');
  const first = formatDay(lang, `${series[0]!.day}T12:00:00+08:00`);
  const last = formatDay(lang, `${series.at(-1)!.day}T12:00:00+08:00`);
  return (
    <Stack gap="3">
      <Box as="figure" borderWidth="1px" borderColor="gray.200" rounded="md" p="3" m="0">
        <HStack as="ul" listStyleType="none" gap="5" wrap="wrap" fontSize="sm" mb="3" aria-label={t('office.dashboard.legend')}>
          <HStack as="li" gap="2">
            <Box w="3" h="3" bg="brand.solid" rounded="sm" aria-hidden="true" />
            <Text>{t('office.dashboard.legendOrders')}</Text>
          </HStack>
          <HStack as="li" gap="2">
            <Box w="4" h="0" borderTopWidth="2px" borderColor="orange.600" aria-hidden="true" />
            <Text>{t('office.dashboard.legendMoney')}</Text>
          </HStack>
        </HStack>
        <Grid templateColumns="auto minmax(0, 1fr) auto" templateRows="10rem auto" columnGap="2">
          <AxisLabels ticks={orderTicks} top={ordersTop} format={String} align="end" />
          <Box position="relative" h="full" borderLeftWidth="1px" borderBottomWidth="1px" borderRightWidth="1px" borderColor="gray.400">
            {orderTicks.slice(1).map((t) => (
              <Box key={t} position="absolute" left="0" right="0" bottom={`${at(t, ordersTop)}%`} borderTopWidth="1px" borderColor="gray.100" aria-hidden="true" />
            ))}
            <HStack
              role="img"
              aria-label={t('office.dashboard.chartLabel', { total: String(total), days: days(t, n), first, last, most: String(most) })}
              position="absolute"
              inset="0"
              align="end"
              gap="0"
            >
              {series.map((d) => (
                <Box key={d.day} flex="1" h="full" display="flex" alignItems="flex-end" justifyContent="center" px={n > 60 ? '0' : '1px'}>
                  <Box
                    w="full"
                    maxW="8"
                    h={`${at(d.orders, ordersTop)}%`}
                    bg="brand.solid"
                    roundedTop="sm"
                    title={t('office.dashboard.barTitle', { day: formatDay(lang, `${d.day}T12:00:00+08:00`), orders: String(d.orders), received: formatMoney(d.received) })}
                  />
                </Box>
              ))}
            </HStack>
            <Box position="absolute" inset="0" pointerEvents="none" aria-hidden="true">
              <svg viewBox={`0 0 ${n} 100`} preserveAspectRatio="none" width="100%" height="100%" style={{ overflow: 'visible', display: 'block' }}>
                <polyline points={line} fill="none" stroke="var(--chakra-colors-orange-600)" strokeWidth="2" vectorEffect="non-scaling-stroke" />
              </svg>
            </Box>
          </Box>
          <AxisLabels ticks={moneyTicks} top={moneyTop} format={dollars} align="start" />
          <Box />
          <Box position="relative" h="5" mt="1" aria-hidden="true">
            {labelledDays(n).map((i) => (
              <Text
                key={i}
                position="absolute"
                left={`${((i + 0.5) / n) * 100}%`}
                transform={i === 0 && n > 1 ? 'translateX(-0.25rem)' : i === n - 1 && n > 1 ? 'translateX(calc(-100% + 0.25rem))' : 'translateX(-50%)'}
                fontSize="xs"
                color="gray.700"
                whiteSpace="nowrap"
                data-testid="chart-day"
              >
                {lang === 'en' ? axisDay(series[i]!.day) : t('office.dashboard.axisDay', { month: Number(series[i]!.day.slice(5, 7)), day: Number(series[i]!.day.slice(8, 10)) })}
              </Text>
            ))}
          </Box>
          <Box />
        </Grid>
        <Text as="figcaption" fontSize="sm" color="gray.700" mt="2">
          {t('office.dashboard.caption', { first, last })}
        </Text>
      </Box>
      <details>
        <summary>{t('office.dashboard.numbersPerDay')}</summary>
        <ScrollTable label={t('office.dashboard.perDayTable')} size="sm" aria-label={t('office.dashboard.perDayTable')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('office.dashboard.colDay')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('office.dashboard.colOrders')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('office.dashboard.colMoney')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((d) => (
              <Table.Row key={d.day}>
                <Table.Cell>{formatDay(lang, `${d.day}T12:00:00+08:00`)}</Table.Cell>
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
  const tr = useT();
  const lang = useLang();
  const view = useQuery({ queryKey: dashboardKey, queryFn: officeApi.dashboard });
  if (view.isPending) return <Text color="gray.700">{tr('office.dashboard.loading')}</Text>;
  if (view.isError) return <QueryError error={view.error} onRetry={() => void view.refetch()} title={tr('office.dashboard.loadFailed')} />;
  const d = view.data;
  const t = d.transfers_awaited;
  return (
    <Stack gap="8">
      <Section title={tr('office.dashboard.money')}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          <Figure label={tr('office.dashboard.received')} value={formatWireUsd(d.money.received)} help={tr('office.dashboard.receivedHelp', { card: formatWireUsd(d.money.received_card), transfer: formatWireUsd(d.money.received_transfer) })} />
          <Figure label={tr('office.dashboard.refunded')} value={formatWireUsd(d.money.refunded)} help={tr('office.dashboard.kept', { kept: formatWireUsd(d.money.kept) })} />
          <Figure
            label={tr('office.dashboard.transfers')}
            href={paths.officeTransfers}
            value={t.count}
            help={
              t.count === 0
                ? tr('office.dashboard.noneAwaited')
                : tr('office.dashboard.awaited', {
                    amount: formatWireUsd(d.money.awaited),
                    since: formatInstant(lang, t.oldest_noted_at!),
                    ago: t.oldest_waiting_days ? tr('office.dashboard.daysAgo', { days: days(tr, t.oldest_waiting_days) }) : tr('office.dashboard.today'),
                  })
            }
          />
          <Figure
            label={tr('office.dashboard.refundsWaiting')}
            href={paths.officeRefundsOwed}
            value={d.refunds_waiting.transfer + d.refunds_waiting.card}
            help={tr('office.dashboard.refundsWaitingHelp', { transfer: String(d.refunds_waiting.transfer), card: String(d.refunds_waiting.card) })}
          />
        </SimpleGrid>
      </Section>
      <Section title={tr('office.dashboard.registrations')}>
        <SimpleGrid columns={{ base: 2, sm: 3, lg: 6 }} gap="3">
          <Figure label={tr('office.dashboard.accounts')} value={d.accounts.created} help={tr('office.dashboard.activated', { count: String(d.accounts.activated) })} />
          {d.orders.map((o) => (
            <Figure key={o.status} label={orderStatusName(tr, o.status, o.name)} href={`${paths.officeOrders}?status=${o.status}`} value={o.count} help={tr('office.dashboard.ordersHelp')} />
          ))}
        </SimpleGrid>
        <Heading as="h3" size="md">
          {tr('office.dashboard.perDay')}
        </Heading>
        <DayChart data={d.days} />
      </Section>
      <Section title={tr('office.dashboard.abstracts')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <ScrollTable label={tr('office.dashboard.byCategory')} size="sm" aria-label={tr('office.dashboard.byCategory')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{tr('office.dashboard.colCategory')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{tr('office.dashboard.colAbstracts')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {d.abstracts.map((a) => (
                <Table.Row key={a.category}>
                  <Table.Cell>{categoryOptionLabel(tr, a.category, a.name)}</Table.Cell>
                  <Table.Cell textAlign="end">{a.count}</Table.Cell>
                </Table.Row>
              ))}
              <Table.Row fontWeight="semibold">
                <Table.Cell>{tr('office.dashboard.allCategories')}</Table.Cell>
                <Table.Cell textAlign="end">{d.abstracts_total}</Table.Cell>
              </Table.Row>
            </Table.Body>
          </ScrollTable>
          <SimpleGrid columns={{ base: 1, sm: 3, md: 1 }} gap="3" alignContent="start">
            {d.files.map((f) => (
              <Figure key={f.purpose} label={tr('office.dashboard.filesUploaded', { purpose: f.purpose, label: f.label })} value={f.count} />
            ))}
          </SimpleGrid>
        </SimpleGrid>
      </Section>
    </Stack>
  );
}
