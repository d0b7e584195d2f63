/**
 * /office/abstracts: the abstracts of one category, newest submission first, 25 a page, with
 * their authors; one opens with its text and downloads. Search by title is not offered (no
 * full-text search in the table, docs/decisions/0014-the-offices-delegates-abstracts-and-audit-log.md): find an author on the delegates page.
 */
import { Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { categoryChoices } from '#core/office/categories';
import { formatCstInstant } from '#core/time';
import type { OfficeAbstractRow } from '#core/office/abstract-list';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { pathTo, paths } from '../../config/paths';
import { OFFICE_PAGE_SIZE } from '#core/office/delegates';
import { officeApi, useListTotal } from './api';
import { OfficeFrame } from './office-frame';
import { OfficeTable, officeColumnHelper } from './office-table';

const column = officeColumnHelper<OfficeAbstractRow>();

const abstractColumns = column.columns([
  column.accessor('title_of_abstract', {
    header: 'Title',
    cell: ({ row }) => <SmartLink href={pathTo(paths.officeAbstract, { owner: row.original.owner_id, id: row.original.id })}>{row.original.title_of_abstract}</SmartLink>,
    meta: { cell: { minW: '16rem' } },
  }),
  column.accessor('author', {
    header: 'Author',
    cell: ({ row }) => <SmartLink href={pathTo(paths.officeDelegate, { id: row.original.owner_id })}>{row.original.author || row.original.author_email || '(account gone)'}</SmartLink>,
    meta: { cell: { minW: '10rem' } },
  }),
  column.accessor('files', { header: 'PDFs', meta: { cell: { textAlign: 'end' } } }),
  column.accessor('created_at', { header: 'Submitted (CST)', cell: ({ getValue }) => formatCstInstant(getValue()), meta: { cell: { whiteSpace: 'nowrap' } } }),
]);

function Abstracts() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? categoryChoices[0]!.value;
  const after = params.get('after') ?? undefined;
  const list = useQuery({
    queryKey: ['office', 'abstracts', category, after ?? ''],
    queryFn: () => officeApi.abstracts({ category, cursor: after }),
    placeholderData: keepPreviousData,
  });
  const total = useListTotal('abstracts', { category });
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
      ) : (
        <OfficeTable
          label="Abstracts"
          columns={abstractColumns}
          rows={list.data.items}
          rowId={(a) => a.id}
          pages={{ param: 'after', next: list.data.cursor, pageSize: OFFICE_PAGE_SIZE, total, noun: ['abstract', 'abstracts'] }}
          stale={list.isPlaceholderData}
          empty={<Text aria-live="polite">No abstract in this category{after ? ' on this page' : ' yet'}.</Text>}
        />
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
