/** The abstracts' own pages: one per placed abstract with its session, and the ones that left the programme. */
import { describe, expect, it } from 'vitest';
import { abstractsLeaving, publishedAbstracts, readPublishedAbstract } from '#core/programme/abstract-pages';
import type { BookAbstract } from '#core/programme/abstract-book';
import { programmeMessages as m } from '#core/programme/schemas';
import { abstract, rooms, session } from './fixtures';

const text = (id: string, o: Parameters<typeof abstract>[1] = {}): BookAbstract => ({
  ...abstract(id, o),
  keywords: 'registry; incidence',
  abstract_body: 'Background: registries grow. Methods: we counted.',
});

const abstracts = [
  text('a1', { number: 'O-001' }),
  text('a2', { number: 'O-002' }),
  text('p1', { outcome: 'poster', number: 'P-001' }),
  text('r1', { outcome: 'reject' }),
];
const sessions = [
  session('posters', { type: 'poster', room: 'poster-hall', from: '2024-11-05T12:00', to: '2024-11-05T13:00', boards: [['p1', 4]] }),
  session('early', { from: '2024-11-05T09:00', to: '2024-11-05T10:00', talks: [['a2', 20], ['a1', 15]] }),
  // Placed twice: its page names the first session in programme order.
  session('late', { from: '2024-11-06T09:00', to: '2024-11-06T10:00', talks: [['a1', 15]] }),
];

describe('publishedAbstracts', () => {
  it('gives every placed abstract one page with its session, time or board, in programme order', () => {
    const pages = publishedAbstracts({ rooms, sessions }, abstracts);
    expect(pages.map((p) => [p.abstract_id, p.number, p.session_id, p.starts_at ?? p.board])).toEqual([
      ['a2', 'O-002', 'early', '2024-11-05T01:00:00.000Z'],
      ['a1', 'O-001', 'early', '2024-11-05T01:20:00.000Z'],
      ['p1', 'P-001', 'posters', 4],
    ]);
    expect(pages[0]!.sections.map((s) => s.label)).toEqual(['Background', 'Methods']);
  });

  it("carries its session's title, room and times, so that its page needs no other read", () => {
    const pages = publishedAbstracts({ rooms, sessions }, abstracts);
    const early = sessions[1]!;
    const room = rooms.find((r) => r.id === early.room_id);
    expect(pages[0]!.session).toEqual({
      title: early.title,
      ...(early.title_zh ? { title_zh: early.title_zh } : {}),
      ...(room ? { room: { name: room.name, ...(room.name_zh ? { name_zh: room.name_zh } : {}) } } : {}),
      starts_at: '2024-11-05T01:00:00.000Z',
      ends_at: '2024-11-05T02:00:00.000Z',
    });
    expect(pages[2]!.session).toMatchObject({ starts_at: '2024-11-05T04:00:00.000Z', ends_at: '2024-11-05T05:00:00.000Z' });
  });

  it('gives no page to an abstract that is not accepted, even where a session names it', () => {
    const pages = publishedAbstracts({ rooms, sessions: [session('s', { talks: [['r1', 15]] })] }, abstracts);
    expect(pages).toEqual([]);
  });
});

describe('abstractsLeaving', () => {
  it('lists the abstracts the previous version placed and this one does not, each once', () => {
    const now = publishedAbstracts({ rooms, sessions: [sessions[1]!] }, abstracts);
    expect(abstractsLeaving({ sessions }, now)).toEqual(['p1']);
    expect(abstractsLeaving(undefined, now)).toEqual([]);
  });
});

describe('readPublishedAbstract', () => {
  it('answers 404 with its message for an abstract the programme does not hold', async () => {
    await expect(readPublishedAbstract({ publishedAbstract: async () => undefined }, 'x')).rejects.toMatchObject({ kind: 'not_found', message: m.noSuchAbstract });
  });
});
