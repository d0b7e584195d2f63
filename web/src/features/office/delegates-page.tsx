/**
 * /office/delegates: every account, newest first, 25 a page; found by a whole e-mail address or
 * the start of a name (given or family name first, accents and case do not matter), the profile's
 * or one given in the account's orders (many delegates register without filling in the profile:
 * their row shows the order's name, and says so). A row opens the delegate. The search and the
 * page are in the address (back and forward work, links can be shared).
 */
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { delegateSearchQuery } from '#core/office/schemas';
import { useT } from '../../i18n/i18n';
import { Instant, Tx } from './texts';
import type { DelegateRow } from '#core/office/delegates';
import { TextField } from '../../components/form/fields';
import { FormStack } from '../../components/form/form-stack';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { pathTo, paths } from '../../config/paths';
import { OFFICE_PAGE_SIZE } from '#core/office/delegates';
import { officeApi, useListTotal } from './api';
import { OfficeFrame } from './office-frame';
import { OfficeTable, officeColumnHelper } from './office-table';

type SearchValues = { q: string };

const column = officeColumnHelper<DelegateRow>();

const delegateColumns = column.columns([
  column.accessor('name', {
    header: () => <Tx id="office.delegates.colName" />,
    cell: ({ row }) => (
      <>
        <SmartLink href={pathTo(paths.officeDelegate, { id: row.original.id })}>{row.original.name || <Tx id="office.delegates.noName" />}</SmartLink>
        {row.original.organiser && (
          <Badge ms="2" colorPalette="blue">
            <Tx id="office.delegates.organiser" />
          </Badge>
        )}
        {row.original.name_source === 'order' && (
          <Text fontSize="xs" color="gray.700">
            <Tx id="office.delegates.fromOrder" />
          </Text>
        )}
      </>
    ),
    meta: { cell: { minW: '10rem' } },
  }),
  column.accessor('email', { header: () => <Tx id="office.delegates.colEmail" />, meta: { cell: { wordBreak: 'break-all', minW: '12rem' } } }),
  column.accessor('country', { header: () => <Tx id="office.orders.colCountry" />, cell: ({ getValue }) => getValue() || '-' }),
  column.accessor('activated', {
    header: () => <Tx id="office.delegates.colActivated" />,
    cell: ({ getValue }) =>
      getValue() ? (
        <Tx id="office.field.yes" />
      ) : (
        <Badge colorPalette="orange">
          <Tx id="office.delegates.notYet" />
        </Badge>
      ),
  }),
  column.accessor('created_at', { header: () => <Tx id="office.delegates.colSignedUp" />, cell: ({ getValue }) => <Instant value={getValue()} />, meta: { cell: { whiteSpace: 'nowrap' } } }),
  column.accessor('last_login_at', {
    header: () => <Tx id="office.delegates.colLastLogin" />,
    cell: ({ getValue }) => {
      const at = getValue();
      return at ? <Instant value={at} /> : <Tx id="office.delegates.never" />;
    },
    meta: { cell: { whiteSpace: 'nowrap' } },
  }),
]);

function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const t = useT();
  const form = useForm<SearchValues>({ resolver: zodResolver(delegateSearchQuery, undefined, { raw: true }) as Resolver<SearchValues>, defaultValues: { q } });
  return (
    <FormProvider {...form}>
      <FormStack gap="3" onSubmit={(e) => void form.handleSubmit((v) => onSearch(v.q.trim()))(e)} noValidate aria-label={t('office.delegates.find')} role="search">
        <TextField<SearchValues>
          name="q"
          label={t('office.delegates.searchLabel')}
          helper={t('office.delegates.searchHelp')}
          autoComplete="off"
          type="search"
        />
        <HStack gap="3" wrap="wrap">
          <Button type="submit">{t('office.orders.search')}</Button>
          {q && (
            <Button variant="outline" onClick={() => { form.reset({ q: '' }); onSearch(''); }}>
              {t('office.delegates.showEveryone')}
            </Button>
          )}
        </HStack>
      </FormStack>
    </FormProvider>
  );
}

function Delegates() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const after = params.get('after') ?? undefined;
  const list = useQuery({ queryKey: ['office', 'delegates', q, after ?? ''], queryFn: () => officeApi.delegates({ q: q || undefined, cursor: after }), placeholderData: keepPreviousData });
  const total = useListTotal('delegates', { q: q || undefined });
  return (
    <Stack gap="5">
      <SearchForm key={q} q={q} onSearch={(text) => setParams(text ? { q: text } : {})} />
      {list.isPending ? (
        <Text color="gray.700">{t('office.delegates.loading')}</Text>
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} title={t('office.delegates.loadFailed')} />
      ) : (
        <Stack gap="3">
          <Text aria-live="polite">
            {list.data.items.length === 0
              ? q
                ? t('office.delegates.noMatch', { q })
                : t('office.delegates.none')
              : q
                ? t('office.delegates.matching', { q, continued: after ? 'yes' : 'no' })
                : t('office.delegates.every', { continued: after ? 'yes' : 'no' })}
          </Text>
          <OfficeTable label={t('office.section.delegates')} columns={delegateColumns} rows={list.data.items} rowId={(row) => row.id} pages={{ param: 'after', next: list.data.cursor, pageSize: OFFICE_PAGE_SIZE, total, noun: ['account', 'accounts'], count: 'office.delegates.count' }} empty={null} stale={list.isPlaceholderData} />
        </Stack>
      )}
    </Stack>
  );
}

export default function DelegatesPage() {
  const t = useT();
  return (
    <OfficeFrame title={t('office.section.delegates')}>
      <Delegates />
    </OfficeFrame>
  );
}
