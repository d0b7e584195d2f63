/**
 * The badge's role band (core/tickets/badge-role.ts, decision 0071), the names as tickets print them
 * (core/tickets/names.ts), one person's card (core/tickets/ticket-cards.ts), one order's badge
 * print with its audit entries (core/tickets/ticket-files.ts), and the PDFs' text read back with
 * pdftotext: no missing glyph, the name in Chinese characters and in Latin.
 */
import { describe, expect, it } from 'vitest';
import { badgeRole, presents, speakerKeys } from '#core/tickets/badge-role';
import { namesOf } from '#core/tickets/names';
import { ticketCard } from '#core/tickets/ticket-cards';
import { printOrderBadges, ticketPdf, type BadgePrintDeps } from '#core/tickets/ticket-files';
import { ticketViews } from '#core/checkin/order-tickets';
import type { AuditEntry } from '#core/audit/audit';
import type { ProgrammeAbstract } from '#core/programme/model';
import { keysFromJson, newKeysJson } from '#lib/checkin-signing';
import { renderBadges, renderTicketPdf } from '#lib/pdf/tickets';
import { paidOrder } from '../../../support/paid-order';
import { pdfText } from '../../../support/pdf';

const NOW = new Date('2024-11-03T02:00:00Z');
const keys = keysFromJson(newKeysJson());
const organiser = { kind: 'organiser' as const, id: 'org-1', email: 'desk@example.org' };

const abstract = (id: string, email: string, outcome: 'oral' | 'poster' | 'reject', presenterIsFirstAuthor = true): ProgrammeAbstract =>
  ({
    id,
    title_of_abstract: 't',
    abstract_category: 'c',
    authors: [{ first_name: 'A', last_name: 'B', email }],
    presenter_abstract: presenterIsFirstAuthor ? 1 : 0,
    presenter_infos: presenterIsFirstAuthor ? [] : [{ first_name: 'P', last_name: 'Q', email: 'other@example.org' }],
    review_outcome: { outcome, number: outcome === 'reject' ? undefined : `${outcome === 'oral' ? 'O' : 'P'}-001` },
  }) as unknown as ProgrammeAbstract;

const programme = (ids: string[]) => ({
  sessions: [
    { id: 's1', title: 'Oral', type: 'oral', room_id: 'r1', starts_at: '2024-11-05T01:00:00Z', ends_at: '2024-11-05T02:30:00Z', chairs: [], talks: ids.map((abstract_id) => ({ abstract_id, minutes: 15 })), boards: [] },
  ],
}) as never;

describe('the badge role', () => {
  it('is accompanying for a guest, whatever the account', () => {
    expect(badgeRole({ role: 'accompanying' }, { role: 'organiser' }, true)).toBe('accompanying');
  });
  it('puts organiser before committee before speaker before delegate', () => {
    expect(badgeRole({ role: 'delegate' }, { role: 'organiser', review_roles: { committee: { grant: 'g' } } }, true)).toBe('organiser');
    expect(badgeRole({ role: 'delegate' }, { role: 'delegate', review_roles: { committee: { grant: 'g' } } }, true)).toBe('committee');
    expect(badgeRole({ role: 'delegate' }, { role: 'delegate', review_roles: { reviewer: { categories: [], grant: 'g' } } }, true)).toBe('speaker');
    expect(badgeRole({ role: 'delegate' }, undefined, false)).toBe('delegate');
  });
  it('finds speakers among the presenters of accepted abstracts the published programme places', () => {
    const abstracts = [abstract('a1', 'Speaker@Example.org', 'oral'), abstract('a2', 'unplaced@example.org', 'oral'), abstract('a3', 'rejected@example.org', 'reject'), abstract('a4', 'author@example.org', 'poster', false)];
    const keys = speakerKeys(programme(['a1', 'a3', 'a4']), abstracts);
    expect([...keys].sort()).toEqual(['other@example.org', 'speaker@example.org']);
    expect(presents(keys, [undefined, ' SPEAKER@example.org '])).toBe(true);
    expect(presents(keys, ['author@example.org'])).toBe(false);
    // Before a publication nobody is a speaker.
    expect(speakerKeys(undefined, abstracts).size).toBe(0);
  });
});

describe('the names on a ticket', () => {
  it('gives the Chinese name family name first and the Latin name as entered', () => {
    expect(namesOf({ first_name: 'Xiaoming', last_name: 'Wang', chinese_name: '王小明' })).toEqual({ native: '王小明', latin: 'Xiaoming Wang' });
    expect(namesOf({ first_name: ' Łucja ', last_name: 'Żółkiewska', chinese_name: null })).toEqual({ native: null, latin: 'Łucja Żółkiewska' });
    // Chinese characters typed in the Latin fields: family name first, without a space.
    expect(namesOf({ first_name: '小明', last_name: '王', chinese_name: null })).toEqual({ native: '王小明', latin: null });
  });
});

const order = paidOrder({ first_name: 'Xiaoming', last_name: 'Wang', family_name_in_chinese: '王', given_name_in_chinese: '小明', accompanying_person: 1, post_conference_activities_person: 1, post_conference_activities_attach: 1 });

describe('a ticket card', () => {
  it('carries the role band, the marks in both languages and the QR text; a guest names whose guest', () => {
    const [delegate, guest] = ticketViews(order, keys).map((v, i) => ticketCard(v, i === 0 ? 'speaker' : 'accompanying'));
    expect(delegate).toMatchObject({ person: 1, role_label: { en: 'Speaker', zh: '报告人' }, native_name: '王小明', latin_name: 'Xiaoming Wang', guest_of: null });
    expect(delegate!.marks[0]).toEqual({ en: '4 Nov', zh: '4日' });
    expect(delegate!.qr).toHaveLength(114);
    expect(guest).toMatchObject({ person: 2, native_name: null, latin_name: null, guest_of: { en: 'Guest of Xiaoming Wang', zh: '王小明的随行人员' } });
  });
  it('has no QR text once the order is cancelled', () => {
    const [card] = ticketViews({ ...order, payment_status: -1 }, keys).map((v) => ticketCard(v, 'delegate'));
    expect(card!.qr).toBeNull();
  });
});

function deps(trail: AuditEntry[] = [], stored: string[] = []): BadgePrintDeps & { trail: AuditEntry[] } {
  return {
    trail,
    get: async (owner, id) => (owner === order.owner_id && id === order.id ? order : undefined),
    ownerOf: async (id) => (id === order.id ? order.owner_id : undefined),
    signer: async () => keys,
    render: { ticket: renderTicketPdf, badges: renderBadges },
    files: { put: async (key) => void stored.push(key), link: async (key) => `https://files.example/${key}` },
    roles: { account: async () => ({ role: 'delegate', email: 'wang@example.org' }), speakers: async () => new Set(['wang@example.org']) },
    audit: { trail: async () => trail, record: async (e) => void trail.push(e) },
  };
}

describe('printing', () => {
  it('a ticket is the owner\'s only (404 for another owner or a person the order does not have)', async () => {
    const stored: string[] = [];
    const d = deps([], stored);
    const link = await ticketPdf(d, order.owner_id, order.id, '1');
    expect(link.file_name).toBe(`IACR2024-ticket-${order.order_no}-1.pdf`);
    expect(stored).toEqual([`documents/tickets/${order.id}/${order.sequence}-0.pdf`]);
    await expect(ticketPdf(d, 'someone-else', order.id, '1')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(ticketPdf(d, order.owner_id, order.id, '3')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(ticketPdf(d, order.owner_id, order.id, 'x')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('badges writes a print, then reprints, each with its audit entry at the fixed clock', async () => {
    const d = deps();
    const first = await printOrderBadges(d, organiser, order.id, NOW);
    const second = await printOrderBadges(d, organiser, order.id, NOW);
    expect([first.data.reprint, second.data.reprint]).toEqual([false, true]);
    expect(d.trail.map((e) => [e.action, e.at, e.object, e.after?.roles, e.after?.prints])).toEqual([
      ['badge.printed', NOW.toISOString(), { type: 'order', id: order.id }, ['speaker', 'accompanying'], 1],
      ['badge.reprinted', NOW.toISOString(), { type: 'order', id: order.id }, ['speaker', 'accompanying'], 2],
    ]);
    await expect(printOrderBadges(deps(), organiser, 'nope', NOW)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('no badge for a cancelled order', async () => {
    const d = { ...deps(), get: async () => ({ ...order, payment_status: -1 as const }) };
    await expect(printOrderBadges(d, organiser, order.id, NOW)).rejects.toMatchObject({ kind: 'conflict' });
  });
});

describe('the PDFs', () => {
  const cards = ticketViews(order, keys).map((v, i) => ticketCard(v, i === 0 ? 'committee' : 'accompanying'));

  it('the ticket: one page, the names in both scripts, every glyph found', async () => {
    const pdf = await renderTicketPdf(cards[0]!);
    expect([pdf.pages, pdf.missingGlyphs]).toEqual([1, 0]);
    const text = pdfText(pdf.bytes);
    for (const s of ['入场票 Ticket', '王小明', 'Xiaoming Wang', '委员会 Committee', 'IACR 2024 国际肿瘤登记学术大会']) expect(text).toContain(s);
  });

  it('badges: A6 one a page, A4 four a sheet, Latin with diacritics and Chinese set', async () => {
    const polish = { ...cards[0]!, native_name: null, latin_name: 'Łucja Żółkiewska-Ngô', role: 'organiser' as const, role_label: { en: 'Organiser', zh: '组委会' } };
    const five = [cards[0]!, cards[1]!, polish, cards[0]!, cards[0]!];
    const a6 = await renderBadges(five, 'a6', 'badges');
    const a4 = await renderBadges(five, 'a4', 'badges');
    expect([a6.pages, a4.pages, a6.missingGlyphs, a4.missingGlyphs]).toEqual([5, 2, 0, 0]);
    const text = pdfText(a4.bytes);
    for (const s of ['王小明', 'Xiaoming Wang', 'Łucja Żółkiewska-Ngô', '组委会 Organiser', '随行人员 Accompanying person', '王小明的随行人员', '4日 4 Nov']) expect(text).toContain(s);
    expect(text).not.toContain('?');
  });
});
