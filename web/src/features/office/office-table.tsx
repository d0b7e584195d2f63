/**
 * The office's lists (orders, delegates, abstracts): one page of rows the server chose, drawn by
 * TanStack Table v9 through ScrollTable (so the look, the phone layout and the accessibility are
 * the site's one table), with the pages of a cursor list under it.
 *
 * The server owns every processing stage: it filters, searches, orders and cuts the page, so the
 * table registers no filtering or sorting feature and runs pagination manually. A cursor list has
 * no page count, only "the page after this cursor": the address holds the cursors
 * (cursor-pages.ts), the table's pagination state is derived from it (page index, page size,
 * page count unknown while there is a next page), and the table's page changes (first, previous,
 * next, rows per page) become navigations.
 *
 * Office-only: TanStack lives in the office's lazy chunks, never in a delegate's bundle.
 */
import { Field, HStack, NativeSelect, Table, Text, type TableCellProps, type TableColumnHeaderProps } from '@chakra-ui/react';
import {
  createColumnHelper,
  functionalUpdate,
  metaHelper,
  rowPaginationFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type RowData,
  type Updater,
} from '@tanstack/react-table';
import type { MouseEvent, ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { StaleList } from './stale-list';
import { SmartLink } from '../../components/smart-link';
import { ScrollTable } from '../../components/ui/scroll-table';
import { cursorPages, type PageSizes } from './cursor-pages';
import type { MessageId, Translate } from '#core/i18n/messages';
import { useT } from '../../i18n/i18n';

/** How a column's cells (and its header) look: Chakra props of the cell, e.g. `textAlign: 'end'`, `whiteSpace: 'nowrap'`. */
export interface OfficeColumnMeta {
  cell?: TableCellProps;
  header?: TableColumnHeaderProps;
}

export const officeTableFeatures = tableFeatures({ rowPaginationFeature, columnMeta: metaHelper<OfficeColumnMeta>() });
export type OfficeTableFeatures = typeof officeTableFeatures;

/** The column helper of an office table of `Row`s: columns are defined once, at module scope, with it. */
export const officeColumnHelper = <Row extends RowData>() => createColumnHelper<OfficeTableFeatures, Row>();

/** Where the list's cursor is in the address, and the server's continuation after this page. */
export interface CursorPages {
  /** The address parameter holding this page's cursor (`page`, `after`). */
  param: string;
  /** The continuation the server gave for the page after this one; null on the last page. */
  next: string | null;
  /** Rows per page, when the list lets the organiser choose (the server takes it as its limit). */
  sizes?: PageSizes;
  /** Rows per page of a list whose server fixes it (no choice). */
  pageSize?: number;
  /** How many rows the list holds over all its pages (count=1; undefined while unknown). */
  total?: number | null;
  /** What a row is, one and many ("order", "orders"): "163 orders". */
  noun?: readonly [string, string];
  /** The count as a catalog text with `{count}` ("{count, plural, one {# order} other {# orders}}"): preferred to `noun`. */
  count?: MessageId;
}

/** "163 orders" and "Page 2 of 7" (page x of y needs the total; without it, "Page 2"). */
export function pageSummary(input: { total: number | null | undefined; pageIndex: number; pageSize: number; noun: readonly [string, string]; t?: Translate; count?: MessageId }) {
  const { total, pageIndex, pageSize, noun, t } = input;
  if (total === null || total === undefined) return { count: null, page: t ? t('office.table.page', { page: String(pageIndex + 1) }) : `Page ${pageIndex + 1}` };
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const page = Math.min(pageIndex + 1, pages);
  const count = t && input.count ? t(input.count, { count: total }) : `${total.toLocaleString('en-US')} ${total === 1 ? noun[0] : noun[1]}`;
  return { count, page: t ? t('office.table.pageOf', { page: String(page), pages: String(pages) }) : `Page ${page} of ${pages}` };
}

/** The address of the page `index` steps from the first, reachable from this one, and the page's size. */
function useCursorAddresses(pages: CursorPages | undefined) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  if (!pages) return { pageIndex: 0, pageSize: undefined, hrefFor: () => undefined, sizedHref: () => undefined };
  return cursorPages(pathname, params, pages.param, pages.next, pages.sizes);
}

export interface OfficeTableProps<Row extends RowData> {
  /** The table's accessible name (and its scroll region's). */
  label: string;
  columns: readonly ColumnDef<OfficeTableFeatures, Row, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- each column keeps its own value type
  rows: Row[];
  rowId: (row: Row) => string;
  /** Shown instead of the table when the page has no rows. */
  empty: ReactNode;
  /** A cursor list: the pages under the table. */
  pages?: CursorPages;
  /** The rows are the previous page's while this one loads (StaleList). */
  stale?: boolean;
}

export function OfficeTable<Row extends RowData>({ label, columns, rows, rowId, empty, pages, stale = false }: OfficeTableProps<Row>) {
  const t = useT();
  const navigate = useNavigate();
  const { pageIndex, pageSize, hrefFor, sizedHref } = useCursorAddresses(pages);
  // The server cuts the page (no paginated row model is registered): pageSize is what it was asked for.
  const pagination: PaginationState = { pageIndex, pageSize: pageSize ?? Math.max(rows.length, 1) };
  const table = useTable({
    features: officeTableFeatures,
    columns,
    data: rows,
    getRowId: (row) => rowId(row),
    manualPagination: true,
    // Unknown (-1) while the server has a page after this one: "Next page" is possible.
    pageCount: pages?.next ? -1 : pageIndex + 1,
    state: { pagination },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, pagination);
      const href = pages?.sizes && next.pageSize !== pagination.pageSize ? sizedHref(next.pageSize) : hrefFor(next.pageIndex);
      if (href) void navigate(href);
    },
  });
  /** A page link: its address opens in a new tab; a plain click goes through the table's page change. */
  const pageLink = (text: string, index: number, change: () => void) => {
    const href = hrefFor(index);
    return href ? (
      <SmartLink
        href={href}
        onClick={(e: MouseEvent) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          change();
        }}
      >
        {text}
      </SmartLink>
    ) : null;
  };
  const rowModel = table.getRowModel().rows;
  const summary = pages ? pageSummary({ total: pages.total, pageIndex, pageSize: pageSize ?? pages.pageSize ?? Math.max(rows.length, 1), noun: pages.noun ?? ['row', 'rows'], t, count: pages.count ?? (pages.noun ? undefined : 'office.table.rows') }) : null;
  return (
    <StaleList stale={stale}>
      {summary && (
        <Text fontWeight="medium" data-testid="list-summary" aria-live="polite">
          {summary.count ? `${summary.count} · ${summary.page}` : summary.page}
        </Text>
      )}
      {rowModel.length === 0 ? (
        empty
      ) : (
        <ScrollTable label={label} size="sm" aria-label={label}>
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  return (
                    <Table.ColumnHeader key={header.id} textAlign={meta?.cell?.textAlign} {...meta?.header}>
                      {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                    </Table.ColumnHeader>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body>
            {rowModel.map((row) => (
              <Table.Row key={row.id}>
                {row.getAllCells().map((cell) => (
                  <Table.Cell key={cell.id} {...cell.column.columnDef.meta?.cell}>
                    <table.FlexRender cell={cell} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
      {pages && (pages.sizes || table.getCanPreviousPage() || table.getCanNextPage()) && (
        <HStack gap="6" wrap="wrap" align="center">
          {(table.getCanPreviousPage() || table.getCanNextPage()) && (
            <HStack as="nav" aria-label={t('office.table.pagesOf', { list: label.toLowerCase() })} gap="4" wrap="wrap">
              {summary && <Text color="gray.700">{summary.page}</Text>}
              {pageIndex > 1 && pageLink(t('office.table.firstPage'), 0, () => table.firstPage())}
              {table.getCanPreviousPage() && pageLink(t('office.table.previousPage'), pageIndex - 1, () => table.previousPage())}
              {table.getCanNextPage() && pageLink(t('office.table.nextPage'), pageIndex + 1, () => table.nextPage())}
            </HStack>
          )}
          {pages.sizes && (
            <Field.Root orientation="horizontal" w="auto" gap="2">
              <Field.Label whiteSpace="nowrap">{t('office.table.rowsPerPage')}</Field.Label>
              <NativeSelect.Root size="sm" w="5.5rem">
                <NativeSelect.Field value={pagination.pageSize} onChange={(e) => table.setPageSize(Number(e.currentTarget.value))}>
                  {pages.sizes.choices.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
        </HStack>
      )}
    </StaleList>
  );
}
