/**
 * /office/delegates: every account, newest first, 25 a page; found by a whole e-mail address or
 * the start of a name (given or family name first, accents and case do not matter). A row opens
 * the delegate. The search and the page are in the address (back and forward work, links can be shared).
 */
import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { delegateSearchQuery } from '#core/office/schemas';
import { formatCstInstant } from '#core/time';
import { TextField } from '../../components/form/fields';
import { FormStack } from '../../components/form/form-stack';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ScrollTable } from '../../components/ui/scroll-table';
import { pathTo, paths } from '../../config/paths';
import { officeApi } from './api';
import { OfficeFrame } from './office-frame';

type SearchValues = { q: string };

function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const form = useForm<SearchValues>({ resolver: zodResolver(delegateSearchQuery, undefined, { raw: true }) as Resolver<SearchValues>, defaultValues: { q } });
  return (
    <FormProvider {...form}>
      <FormStack gap="3" onSubmit={(e) => void form.handleSubmit((v) => onSearch(v.q.trim()))(e)} noValidate aria-label="Find a delegate" role="search">
        <TextField<SearchValues>
          name="q"
          label="E-mail address or the start of a name"
          helper="A whole address finds its account; otherwise names starting with the text (e.g. zhang w, or wei zh)."
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
  const to = (next: Record<string, string>) => `${paths.officeDelegates}?${new URLSearchParams(next).toString()}`;
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
          {list.data.items.length > 0 && (
            <ScrollTable label="Delegates" size="sm" aria-label="Delegates">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader>E-mail</Table.ColumnHeader>
                  <Table.ColumnHeader>Country</Table.ColumnHeader>
                  <Table.ColumnHeader>Activated</Table.ColumnHeader>
                  <Table.ColumnHeader>Signed up (CST)</Table.ColumnHeader>
                  <Table.ColumnHeader>Last login (CST)</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.data.items.map((row) => (
                  <Table.Row key={row.id}>
                    <Table.Cell minW="10rem">
                      <SmartLink href={pathTo(paths.officeDelegate, { id: row.id })}>{row.name || '(no name yet)'}</SmartLink>
                      {row.organiser && (
                        <Badge ms="2" colorPalette="blue">
                          organiser
                        </Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell wordBreak="break-all" minW="12rem">
                      {row.email}
                    </Table.Cell>
                    <Table.Cell>{row.country || '-'}</Table.Cell>
                    <Table.Cell>{row.activated ? 'Yes' : <Badge colorPalette="orange">Not yet</Badge>}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatCstInstant(row.created_at)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{row.last_login_at ? formatCstInstant(row.last_login_at) : 'Never'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </ScrollTable>
          )}
          <HStack as="nav" aria-label="Pages of delegates" gap="4" wrap="wrap">
            {after && <SmartLink href={to(q ? { q } : {})}>First page</SmartLink>}
            {list.data.cursor && <SmartLink href={to({ ...(q ? { q } : {}), after: list.data.cursor })}>Next page</SmartLink>}
          </HStack>
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
