/**
 * /office/abstracts: the abstracts of one category, newest submission first, 25 a page, with
 * their authors; one opens with its text and downloads. Search by title is not offered (no
 * full-text search in the table, docs/decisions.md): find an author on the delegates page.
 */
import { Field, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { categoryChoices } from '#core/office/categories';
import { formatCstInstant } from '#core/time';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ScrollTable } from '../../components/ui/scroll-table';
import { pathTo, paths } from '../../config/paths';
import { officeApi } from './api';
import { OfficeFrame } from './office-frame';

function Abstracts() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? categoryChoices[0]!.value;
  const after = params.get('after') ?? undefined;
  const list = useQuery({
    queryKey: ['office', 'abstracts', category, after ?? ''],
    queryFn: () => officeApi.abstracts({ category, cursor: after }),
    placeholderData: keepPreviousData,
  });
  const to = (next: Record<string, string>) => `${paths.officeAbstracts}?${new URLSearchParams(next).toString()}`;
  return (
    <Stack gap="5">
      <Field.Root maxW="2xl">
        <Field.Label>Category</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={category} onChange={(e) => setParams({ category: e.currentTarget.value })}>
            {categoryChoices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {list.isPending ? (
        <Text color="gray.700">Loading the abstracts...</Text>
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} title="The abstracts could not be loaded." />
      ) : list.data.items.length === 0 ? (
        <Text aria-live="polite">No abstract in this category{after ? ' on this page' : ' yet'}.</Text>
      ) : (
        <ScrollTable label="Abstracts" size="sm" aria-label="Abstracts">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Title</Table.ColumnHeader>
              <Table.ColumnHeader>Author</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">PDFs</Table.ColumnHeader>
              <Table.ColumnHeader>Submitted (CST)</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.data.items.map((a) => (
              <Table.Row key={a.id}>
                <Table.Cell minW="16rem">
                  <SmartLink href={pathTo(paths.officeAbstract, { owner: a.owner_id, id: a.id })}>{a.title_of_abstract}</SmartLink>
                </Table.Cell>
                <Table.Cell minW="10rem">
                  <SmartLink href={pathTo(paths.officeDelegate, { id: a.owner_id })}>{a.author || a.author_email || '(account gone)'}</SmartLink>
                </Table.Cell>
                <Table.Cell textAlign="end">{a.files}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatCstInstant(a.created_at)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
      {list.data && (
        <HStack as="nav" aria-label="Pages of abstracts" gap="4" wrap="wrap">
          {after && <SmartLink href={to({ category })}>First page</SmartLink>}
          {list.data.cursor && <SmartLink href={to({ category, after: list.data.cursor })}>Next page</SmartLink>}
        </HStack>
      )}
    </Stack>
  );
}

export default function AbstractsPage() {
  return (
    <OfficeFrame title="Abstracts">
      <Abstracts />
    </OfficeFrame>
  );
}
