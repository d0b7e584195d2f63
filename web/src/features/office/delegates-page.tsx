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
import { formatCstInstant } from '#core/time';
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
    header: 'Name',
    cell: ({ row }) => (
      <>
        <SmartLink href={pathTo(paths.officeDelegate, { id: row.original.id })}>{row.original.name || '(no name yet)'}</SmartLink>
        {row.original.organiser && (
          <Badge ms="2" colorPalette="blue">
            organiser
          </Badge>
        )}
        {row.original.name_source === 'order' && (
          <Text fontSize="xs" color="gray.700">
            as given in an order
          </Text>
        )}
      </>
    ),
    meta: { cell: { minW: '10rem' } },
  }),
  column.accessor('email', { header: 'E-mail', meta: { cell: { wordBreak: 'break-all', minW: '12rem' } } }),
  column.accessor('country', { header: 'Country', cell: ({ getValue }) => getValue() || '-' }),
  column.accessor('activated', { header: 'Activated', cell: ({ getValue }) => (getValue() ? 'Yes' : <Badge colorPalette="orange">Not yet</Badge>) }),
  column.accessor('created_at', { header: 'Signed up (CST)', cell: ({ getValue }) => formatCstInstant(getValue()), meta: { cell: { whiteSpace: 'nowrap' } } }),
  column.accessor('last_login_at', {
    header: 'Last login (CST)',
    cell: ({ getValue }) => {
      const at = getValue();
      return at ? formatCstInstant(at) : 'Never';
    },
    meta: { cell: { whiteSpace: 'nowrap' } },
  }),
]);

function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const form = useForm<SearchValues>({ resolver: zodResolver(delegateSearchQuery, undefined, { raw: true }) as Resolver<SearchValues>, defaultValues: { q } });
  return (
    <FormProvider {...form}>
      <FormStack gap="3" onSubmit={(e) => void form.handleSubmit((v) => onSearch(v.q.trim()))(e)} noValidate aria-label="Find a delegate" role="search">
        <TextField<SearchValues>
          name="q"
          label="E-mail address or the start of a name"
          helper="A whole address finds its account; otherwise names starting with the text (e.g. zhang w, or wei zh), in the profile or in an order."
          autoComplete="off"
          type="search"
        />
        <HStack gap="3" wrap="wrap">
          <Button type="submit">Search</Button>
          {q && (
            <Button variant="outline" onClick={() => { form.reset({ q: '' }); onSearch(''); }}>
              Show everyone
            </Button>
          )}
        </HStack>
      </FormStack>
    </FormProvider>
  );
}

function Delegates() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const after = params.get('after') ?? undefined;
  const list = useQuery({ queryKey: ['office', 'delegates', q, after ?? ''], queryFn: () => officeApi.delegates({ q: q || undefined, cursor: after }), placeholderData: keepPreviousData });
  const total = useListTotal('delegates', { q: q || undefined });
  return (
    <Stack gap="5">
      <SearchForm key={q} q={q} onSearch={(text) => setParams(text ? { q: text } : {})} />
      {list.isPending ? (
        <Text color="gray.700">Loading the delegates...</Text>
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} title="The delegates could not be loaded." />
      ) : (
        <Stack gap="3">
          <Text aria-live="polite">
            {list.data.items.length === 0
              ? q
                ? `No account matches "${q}".`
                : 'No accounts yet.'
              : q
                ? `Accounts matching "${q}"${after ? ' (continued)' : ''}:`
                : `Every account, newest first${after ? ' (continued)' : ''}:`}
          </Text>
          <OfficeTable label="Delegates" columns={delegateColumns} rows={list.data.items} rowId={(row) => row.id} pages={{ param: 'after', next: list.data.cursor, pageSize: OFFICE_PAGE_SIZE, total, noun: ['account', 'accounts'] }} empty={null} stale={list.isPlaceholderData} />
        </Stack>
      )}
    </Stack>
  );
}

export default function DelegatesPage() {
  return (
    <OfficeFrame title="Delegates">
      <Delegates />
    </OfficeFrame>
  );
}
