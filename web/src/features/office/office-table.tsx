/**
 * The office's lists (orders, delegates, abstracts): one page of rows the server chose, drawn by
 * TanStack Table v9 through ScrollTable (so the look, the phone layout and the accessibility are
 * the site's one table), with the pages of a cursor list under it.
 *
 * The server owns every processing stage: it filters, searches, orders and cuts the page, so the
 * table registers no filtering or sorting feature and runs pagination manually. A cursor list has
 * no page count and no page numbers the server understands, only "the page after this cursor";
 * the address holds the current cursor and the cursors of the pages before it (`before`), so
 * a refresh, a shared link and "Previous page" all work. The table's page index is derived from
 * the address, and its page changes (first, previous, next) become navigations.
 *
 * Office-only: TanStack lives in the office's lazy chunks, never in a delegate's bundle.
 */
import { Field, HStack, NativeSelect, Table, type TableCellProps, type TableColumnHeaderProps } from '@chakra-ui/react';
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
import { SmartLink } from '../../components/smart-link';
import { ScrollTable } from '../../components/ui/scroll-table';

/** How a column's cells (and its header) look: Chakra props of the cell, e.g. `textAlign: 'end'`, `whiteSpace: 'nowrap'`. */
export interface OfficeColumnMeta {
  cell?: TableCellProps;
  header?: TableColumnHeaderProps;
}

export const officeTableFeatures = tableFeatures({ rowPaginationFeature, columnMeta: metaHelper<OfficeColumnMeta>() });
export type OfficeTableFeatures = typeof officeTableFeatures;

/** The column helper of an office table of `Row`s: columns are defined once, at module scope, with it. */
export const officeColumnHelper = <Row extends RowData>() => createColumnHelper<OfficeTableFeatures, Row>();

/** The address parameter of the cursors of the earlier pages (repeated, oldest first). */
const beforeParam = 'before';
/**
 * At most this many earlier cursors ride in the address (each about 150 characters; CloudFront
 * refuses addresses over 8 KB). Beyond, "Previous page" walks back as far as they go, then only
 * "First page" is left.
 */
const keptCursors = 20;

/** Where the list's cursor is in the address, and the server's continuation after this page. */
export interface CursorPages {
  /** The address parameter holding this page's cursor (`page`, `after`). */
  param: string;
  /** The continuation the server gave for the page after this one; null on the last page. */
  next: string | null;
  /** Rows per page, when the list lets the organiser choose (the server takes it as its limit). */
  sizes?: PageSizes;
}

/** A choice of rows per page, kept in the address parameter `param` (absent: `standard`). */
export interface PageSizes {
  param: string;
  choices: readonly number[];
  standard: number;
}

/** The rows per page the address asks for (one of the choices), for the page's query and the table. */
export function pageSizeOf(params: URLSearchParams, sizes: PageSizes): number {
  const asked = Number(params.get(sizes.param));
  return sizes.choices.includes(asked) ? asked : sizes.standard;
}

/** The address of the page `index` steps from the first, reachable from this one (first, previous, next). */
function useCursorAddresses(pages: CursorPages | undefined) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const cursor = pages ? params.get(pages.param) || undefined : undefined;
  const before = params.getAll(beforeParam).filter(Boolean);
  const pageIndex = cursor ? before.length + 1 : 0;
  const at = (target: { cursor?: string; before: string[] }) => {
    const p = new URLSearchParams(params);
    p.delete(pages!.param);
    p.delete(beforeParam);
    if (target.cursor) {
      p.set(pages!.param, target.cursor);
      for (const c of target.before.slice(-keptCursors)) p.append(beforeParam, c);
    }
    const query = p.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  /** The first page at another page size (the cursors of one size do not cut the list where another would). */
  const sizedHref = (size: number) => {
    const p = new URLSearchParams(params);
    p.delete(pages!.param);
    p.delete(beforeParam);
    const sizes = pages!.sizes!;
    if (size === sizes.standard) p.delete(sizes.param);
    else p.set(sizes.param, String(size));
    const query = p.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const hrefFor = (index: number): string | undefined => {
    if (!pages) return undefined;
    if (index === 0) return at({ before: [] });
    if (index === pageIndex + 1 && pages.next) return at({ cursor: pages.next, before: cursor ? [...before, cursor] : [] });
    if (index === pageIndex - 1) return at({ cursor: before.at(-1), before: before.slice(0, -1) });
    return undefined;
  };
  const pageSize = pages?.sizes ? pageSizeOf(params, pages.sizes) : undefined;
  return { pageIndex, pageSize, hrefFor, sizedHref };
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
}

export function OfficeTable<Row extends RowData>({ label, columns, rows, rowId, empty, pages }: OfficeTableProps<Row>) {
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
  return (
    <>
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
            <HStack as="nav" aria-label={`Pages of ${label.toLowerCase()}`} gap="4" wrap="wrap">
              {pageIndex > 1 && pageLink('First page', 0, () => table.firstPage())}
              {table.getCanPreviousPage() && pageLink('Previous page', pageIndex - 1, () => table.previousPage())}
              {table.getCanNextPage() && pageLink('Next page', pageIndex + 1, () => table.nextPage())}
            </HStack>
          )}
          {pages.sizes && (
            <Field.Root orientation="horizontal" w="auto" gap="2">
              <Field.Label whiteSpace="nowrap">Rows per page</Field.Label>
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
    </>
  );
}
