/**
 * The office's tables say how many rows they hold over all their pages (issue 29, item 23): an
 * order's two name keys counted once, a search's rows filtered as its pages are, an order number
 * or reference as one, a money list by the orders it names.
 */
import { describe, expect, it } from 'vitest';
import { countOfficeOrders, listOfficeOrders, type OfficeOrderReads } from '#core/office/orders';
import type { OrderRow } from '#core/office/order-rows';
import { pageSummary } from '../../../../web/src/features/office/office-table';

const row = (id: string, status: OrderRow['status']) => ({ id, status, payment_method: null, rate: 650, visa: false, hotel: false, local_check: false }) as OrderRow;

function reads(lists: Record<string, OrderRow[]>): OfficeOrderReads {
  const partial: Pick<OfficeOrderReads, 'rowPage' | 'countList' | 'countMoneyList' | 'searchRows' | 'findByReference'> = {
    rowPage: async (list, { limit }) => ({ rows: (lists[list] ?? []).slice(0, limit), next: null, itemsRead: limit }),
    countList: async (list) => (lists[list] ?? []).length,
    countMoneyList: async (list) => new Set((lists[list] ?? []).map((r) => r.id)).size,
    searchRows: async (list) => lists[list] ?? [],
    findByReference: async (reference) => (reference === 'IACR24-000001-3' ? ({ id: 'o1', payment_status: 1 } as never) : undefined),
  };
  return partial as OfficeOrderReads;
}

describe('the totals of the orders table', () => {
  // "Wang Wei": both name keys start with w, so the name list holds the order twice.
  const lists = { all: [row('o1', 1), row('o2', 0), row('o3', 2)], 'status:2': [row('o3', 2)], 'name:w': [row('o1', 1), row('o1', 1), row('o2', 0)], 'money:overpaid': [row('o1', 1), row('o1', 1)] };

  it('counts a list, a money list by its orders, a name search once per order', async () => {
    expect(await countOfficeOrders(reads(lists), { filter: 'all', q: '' })).toBe(3);
    expect(await countOfficeOrders(reads(lists), { filter: 'status:2', q: '' })).toBe(1);
    expect(await countOfficeOrders(reads(lists), { filter: 'money:overpaid', q: '' })).toBe(1);
    expect(await countOfficeOrders(reads(lists), { filter: 'all', q: 'wang' })).toBe(2);
    expect(await countOfficeOrders(reads(lists), { filter: 'status:1', q: 'wang' })).toBe(1);
  });

  it('counts an order number or a reference as the one order it names, if the filter keeps it', async () => {
    expect(await countOfficeOrders(reads(lists), { filter: 'all', q: 'IACR24-000001-3' })).toBe(1);
    expect(await countOfficeOrders(reads(lists), { filter: 'status:2', q: 'IACR24-000001-3' })).toBe(0);
    expect(await countOfficeOrders(reads(lists), { filter: 'all', q: 'IACR24-000002-1' })).toBe(0);
  });

  it('answers the total beside the page only when asked (count=1)', async () => {
    expect(await listOfficeOrders(reads(lists), { filter: 'all', q: '', limit: 2 })).not.toHaveProperty('total');
    expect(await listOfficeOrders(reads(lists), { filter: 'all', q: '', limit: 2, count: '1' })).toMatchObject({ total: 3, rows: [{ id: 'o1' }, { id: 'o2' }] });
  });
});

describe('what the table says of its pages', () => {
  it('says how many and page x of y; only the page while the total is unknown', () => {
    expect(pageSummary({ total: 163, pageIndex: 1, pageSize: 25, noun: ['order', 'orders'] })).toEqual({ count: '163 orders', page: 'Page 2 of 7' });
    expect(pageSummary({ total: 1, pageIndex: 0, pageSize: 25, noun: ['order', 'orders'] })).toEqual({ count: '1 order', page: 'Page 1 of 1' });
    expect(pageSummary({ total: 0, pageIndex: 0, pageSize: 25, noun: ['order', 'orders'] })).toEqual({ count: '0 orders', page: 'Page 1 of 1' });
    expect(pageSummary({ total: 1250, pageIndex: 0, pageSize: 100, noun: ['order', 'orders'] }).count).toBe('1,250 orders');
    expect(pageSummary({ total: undefined, pageIndex: 2, pageSize: 25, noun: ['order', 'orders'] })).toEqual({ count: null, page: 'Page 3' });
  });
});
