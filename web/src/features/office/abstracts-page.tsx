/**
 * /office/abstracts: the abstracts of one category, newest submission first, 25 a page, with
 * their authors; one opens with its text and downloads. Search by title is not offered (no
 * full-text search in the table, docs/decisions/0014-the-offices-delegates-abstracts-and-audit-log.md): find an author on the delegates page.
 */
import { Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { categoryChoices } from '#core/office/categories';
import { formatInstant } from '#core/i18n/format';
import type { Lang } from '#core/i18n/lang';
import type { Translate } from '#core/i18n/messages';
import { useLang, useT } from '../../i18n/i18n';
import type { OfficeAbstractRow } from '#core/office/abstract-list';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { pathTo, paths } from '../../config/paths';
import { OFFICE_PAGE_SIZE } from '#core/office/delegates';
import { categoryNameOf } from '../abstracts/option-labels';
import { officeApi, useListTotal } from './api';
import { OfficeFrame } from './office-frame';
import { OfficeTable, officeColumnHelper } from './office-table';

const column = officeColumnHelper<OfficeAbstractRow>();

const abstractColumns = (t: Translate, lang: Lang) =>
  column.columns([
    column.accessor('title_of_abstract', {
      header: t('office.abstracts.col.title'),
      cell: ({ row }) => <SmartLink href={pathTo(paths.officeAbstract, { owner: row.original.owner_id, id: row.original.id })}>{row.original.title_of_abstract}</SmartLink>,
      meta: { cell: { minW: '16rem' } },
    }),
    column.accessor('author', {
      header: t('office.abstracts.col.author'),
      cell: ({ row }) => <SmartLink href={pathTo(paths.officeDelegate, { id: row.original.owner_id })}>{row.original.author || row.original.author_email || t('office.abstracts.accountGone')}</SmartLink>,
      meta: { cell: { minW: '10rem' } },
    }),
    column.accessor('files', { header: t('office.abstracts.col.pdfs'), meta: { cell: { textAlign: 'end' } } }),
    column.accessor('created_at', { header: t('office.abstracts.col.submitted'), cell: ({ getValue }) => formatInstant(lang, getValue()), meta: { cell: { whiteSpace: 'nowrap' } } }),
  ]);

function Abstracts() {
  const t = useT();
  const lang = useLang();
  const columns = useMemo(() => abstractColumns(t, lang), [t, lang]);
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
        <Field.Label>{t('office.abstracts.category')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={category} onChange={(e) => setParams({ category: e.currentTarget.value })}>
            {categoryChoices.map((c) => (
              <option key={c.value} value={c.value}>
                {categoryNameOf(t, c.value, c.label)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {list.isPending ? (
        <Text color="gray.700">{t('office.abstracts.loading')}</Text>
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} title={t('office.abstracts.loadFailed')} />
      ) : (
        <OfficeTable
          label={t('office.abstracts.list')}
          columns={columns}
          rows={list.data.items}
          rowId={(a) => a.id}
          pages={{ param: 'after', next: list.data.cursor, pageSize: OFFICE_PAGE_SIZE, total, noun: ['abstract', 'abstracts'] }}
          stale={list.isPlaceholderData}
          empty={<Text aria-live="polite">{t('office.abstracts.empty', { page: after ? 'yes' : 'no' })}</Text>}
        />
      )}
    </Stack>
  );
}

export default function AbstractsPage() {
  const t = useT();
  return (
    <OfficeFrame title={t('office.abstracts.pageTitle')}>
      <Abstracts />
    </OfficeFrame>
  );
}
