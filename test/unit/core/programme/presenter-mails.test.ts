/**
 * The presenters' change mails of a publication (issue 33, decision 0067): the old and the new
 * place in the recipient's language, one recipient per presenter's address, a job only when a
 * publication moved somebody.
 */
import { describe, expect, it } from 'vitest';
import type { PublishedProgramme } from '#core/programme/model';
import { placeWords, placementIn, presenterRecipients, renderPlaceChangeMail, requestPresenterMails } from '#core/programme/presenter-mails';
import { cst } from '#core/time';
import { expectChinese } from '../chinese-text';
import { abstract, rooms, session } from './fixtures';

const v1: PublishedProgramme = {
  rooms: [{ ...rooms[0]!, name_zh: '一号厅' }, ...rooms.slice(1)],
  version: 3,
  number: 1,
  published_at: cst('2024-10-01T10:00'),
  published_by: 'c',
  sessions: [session('s1', { title: 'Registry methods', from: '2024-11-05T09:00', to: '2024-11-05T10:30', talks: [['o1', 20], ['o2', 15]] }), session('s2', { title: 'Posters 1', type: 'poster', room: 'poster-hall', from: '2024-11-05T10:30', to: '2024-11-05T12:00', boards: [['p1', 3]] })],
};
const v2: PublishedProgramme = { ...structuredClone(v1), number: 2 };
v2.sessions[0]!.talks.reverse();
v2.sessions[0]!.room_id = 'room-3';
v2.sessions[1]!.boards[0]!.board = 9;
const o1 = abstract('o1', { number: 'O-001', title: 'Screening uptake' });

describe('the change mail', () => {
  it('states the old and the new time and room in English', () => {
    const mail = renderPlaceChangeMail({ before: v1, after: v2, abstract: o1, firstName: 'Li', siteOrigin: 'https://example.org', lang: 'en' });
    expect(mail.subject).toBe('O-001: the place of your presentation has changed');
    expect(mail.text).toContain('Dear Li, version 2 of the programme changes where or when O-001 "Screening uptake" is presented.');
    expect(mail.text).toContain('Before: Registry methods, Hall A, 5 November 2024 09:00–09:20 CST');
    expect(mail.text).toContain('Now: Registry methods, Room 3, 5 November 2024 09:15–09:35 CST');
    expect(mail.text).toContain('https://example.org/admin/presentations');
  });

  it('is wholly Chinese for a Chinese reader but for its values', () => {
    const mail = renderPlaceChangeMail({ before: v1, after: v2, abstract: o1, firstName: 'Li', siteOrigin: 'https://example.org', lang: 'zh-Hans' });
    expect(mail.subject).toBe('O-001：您的报告安排有变动');
    expect(mail.text).toContain('原安排：Registry methods，一号厅，2024年11月5日 09:00–09:20（北京时间）');
    expect(mail.text).toContain('https://example.org/zh/admin/presentations');
    const body = mail.text.split('\n').filter((l) => !/https?:|@/.test(l)).join('\n');
    expectChinese(body, ['Registry methods', 'Room 3', 'Screening uptake', 'Li', 'IACR', 'Beijing']);
  });

  it('names a poster by its board, and a place taken away or given', () => {
    expect(placeWords(v2, placementIn(v2, 'p1'), 'en')).toBe('Posters 1, Poster hall, board 9, 5 November 2024 10:30–12:00 CST');
    expect(placeWords(v2, placementIn(v2, 'gone'), 'en')).toBe('not in the programme');
    expect(placeWords(v2, null, 'zh-Hans')).toBe('不在日程中');
    const first = renderPlaceChangeMail({ before: undefined, after: v2, abstract: o1, firstName: 'Li', siteOrigin: '', lang: 'en' });
    expect(first.text).toContain('Before: not in the programme');
  });
});

describe('who is told', () => {
  it('each presenter once by address, with the account of that address where there is one', () => {
    const shared = abstract('x', { presenters: ['A@example.org', 'a@example.org ', 'b@example.org'] });
    expect(presenterRecipients(shared, (e) => (e === 'b@example.org' ? 'user-b' : undefined)).map((r) => [r.email, r.user_id, r.first_name, r.abstract_id, r.state])).toEqual([
      ['A@example.org', '', 'P0', 'x', 'pending'],
      ['b@example.org', 'user-b', 'P2', 'x', 'pending'],
    ]);
    // The first author presents: the co-author is not told.
    expect(presenterRecipients(o1, () => undefined).map((r) => r.email)).toEqual(['o1@example.org']);
  });

  it('makes a job (audited, queued) only when a publication moved somebody', async () => {
    const made: unknown[] = [];
    const sent: unknown[] = [];
    const deps = { jobs: { create: async (job: unknown, audit: unknown) => void made.push([job, audit]) }, queue: { send: async (m: unknown) => void sent.push(m) }, newId: () => '0123456789abcdef' };
    const actor = { kind: 'committee' as const, id: 'c1' };
    const at = new Date('2024-10-02T02:00:00Z');
    expect(await requestPresenterMails(deps, actor, { number: 1, mail: [] }, 'https://example.org', at)).toBeUndefined();
    expect(made).toEqual([]);
    const job = await requestPresenterMails(deps, actor, { number: 2, mail: ['o1', 'o2'] }, 'https://example.org', at);
    expect(job).toMatchObject({ id: '20241002T020000000Z-01234567', kind: 'programme_mail', programme_publication: 2, state: 'queued', site_origin: 'https://example.org', requested_by: { id: 'c1' } });
    expect(made[0]).toEqual([job, expect.objectContaining({ action: 'programme.presenters_mail_requested', object: { type: 'programme_mail', id: job!.id }, after: { publication: 2, abstracts: 2 } })]);
    expect(sent).toEqual([{ job: job!.id }]);
  });
});
