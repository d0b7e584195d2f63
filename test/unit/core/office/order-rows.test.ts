/** The office's order lists: which lists an order is in, and how a search is read. */
import { describe, expect, it } from 'vitest';
import { orderListEntries, readOrderSearch } from '#core/office/order-rows';
import type { StoredOrder } from '#core/orders/ports';

const order = (over: Partial<StoredOrder> = {}) =>
  ({ id: 'o1', owner_id: 'u1', owner_email: 'Wei@Example.org', primary_email: 'wei@example.org', first_name: 'Wei', last_name: 'Zhang', rate: 650, primary_address_country: 'China', payment_status: 0, payment_method: null, visa_required: 0, created_at: '2024-08-01T02:00:00Z', ...over }) as StoredOrder;

describe('the lists of an order', () => {
  it('puts it in one list per slot, or in none, so a change moves it without knowing where it was', () => {
    const lists = Object.fromEntries(Object.entries(orderListEntries(order())).map(([slot, e]) => [slot, e.list]));
    expect(lists).toEqual({ all: 'all', status: 'status:0', method: null, rate: 'rate:650', visa: null, hotel: null, local: null, email: 'email:wei@example.org', contact: null, name: 'name:w', nameReversed: 'name:z', chineseName: null, fapiao: null, visaReview: null, tickets: null });
  });

  it("puts a paid order's tickets in the doors' list by its version, and keeps a cancelled one there (revoked), never an unpaid one", () => {
    const paid = orderListEntries(order({ payment_status: 1, updated_at: '2024-08-02T00:00:00.000Z', sequence: 4 }));
    expect([paid.tickets!.list, paid.tickets!.sort, paid.tickets!.byWriteTime]).toEqual(['tickets', 'o1', true]);
    expect((paid.tickets!.data!.tickets as { id: string; revoked: boolean }[]).map((t) => [t.id, t.revoked])).toEqual([['4-0', false]]);
    const cancelled = orderListEntries(order({ payment_status: -1, sequence: 4 }));
    expect((cancelled.tickets!.data!.tickets as { revoked: boolean }[]).every((t) => t.revoked)).toBe(true);
    expect(orderListEntries(order({ payment_status: 2 })).tickets!.list).toBeNull();
  });

  it('flags a Local-rate order whose country is not China (Hong Kong too), and keeps a Chinese name written together', () => {
    expect(orderListEntries(order({ rate: 250, primary_address_country: 'China, Hong Kong SAR' })).local!.list).toBe('local-check');
    expect(orderListEntries(order({ rate: 250 })).local!.list).toBeNull();
    const chinese = orderListEntries(order({ first_name: '伟', last_name: '张' }));
    expect([chinese.name, chinese.nameReversed]).toEqual([
      { list: 'name:伟', sort: '伟张#o1' },
      { list: 'name:张', sort: '张伟#o1' },
    ]);
    // A name in Chinese characters beside the Latin one is found too, family name first.
    expect(orderListEntries(order({ family_name_in_chinese: '王', given_name_in_chinese: '小明' })).chineseName).toEqual({ list: 'name:王', sort: '王小明#o1' });
  });

  it('puts a fapiao asked for on a paid order in the list to issue, an issued one in the issued list whatever the order became', () => {
    const fapiao = { title: '国家癌症中心', taxpayer_id: '91350100M000100Y43', requested_at: '2024-08-02T00:00:00Z', issued: null };
    const issued = { ...fapiao, issued: { at: '2024-08-03T00:00:00Z', by: 'office@example.org', number: '1' } };
    expect(orderListEntries(order({ fapiao })).fapiao!.list).toBeNull();
    expect(orderListEntries(order({ fapiao, payment_status: 1 })).fapiao).toEqual({ list: 'fapiao:requested', sort: '2024-08-02T00:00:00Z#o1' });
    expect(orderListEntries(order({ fapiao, payment_status: -1 })).fapiao!.list).toBeNull();
    expect(orderListEntries(order({ fapiao: issued, payment_status: -1 })).fapiao).toEqual({ list: 'fapiao:issued', sort: '2024-08-03T00:00:00Z#o1' });
  });
});

describe('a search', () => {
  it.each([
    ['R24-000123', { kind: 'reference', reference: 'IACR24-000123-4' }],
    ['r24 123', { kind: 'reference', reference: 'IACR24-000123-4' }],
    ['iacr24 000123 4', { kind: 'reference', reference: 'IACR24-000123-4' }],
    [' Wei@Example.ORG ', { kind: 'list', list: 'email:wei@example.org' }],
    ['  José  Mar', { kind: 'list', list: 'name:j', prefix: 'jose mar' }],
    ['   ', { kind: 'none' }],
  ])('reads %j as the list it names', (text, search) => {
    expect(readOrderSearch(text)).toEqual(search);
  });
});
