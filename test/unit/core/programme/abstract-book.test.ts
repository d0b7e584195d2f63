/** The abstract book's contents: order by day and session, the unplaced part, sections, names and the author index. */
import { describe, expect, it } from 'vitest';
import { abstractBook, bookDay, bookName, indexName, sectionsOf, type BookAbstract } from '#core/programme/abstract-book';
import type { PublishedProgramme } from '#core/programme/model';
import { abstract, rooms, session } from './fixtures';

const person = (first_name: string, last_name: string, email: string, institute = 'National Cancer Center', country = 'China') => ({ first_name, last_name, email, institute, city: 'Beijing', country });

function bookAbstract(id: string, o: Parameters<typeof abstract>[1] = {}, more: Partial<BookAbstract> = {}): BookAbstract {
  return { ...abstract(id, o), keywords: 'registry; incidence; survival', abstract_body: 'Background: registries grow. Methods: we counted. Results: more. Conclusion: good.', ...more };
}

const programme = (sessions: PublishedProgramme['sessions']): Pick<PublishedProgramme, 'rooms' | 'sessions'> => ({ rooms, sessions });

describe('abstractBook', () => {
  it('orders days, then sessions by start, talks in their order and posters by board; sessions without abstracts are left out', () => {
    const abstracts = [
      bookAbstract('a1', { number: 'O-001' }),
      bookAbstract('a2', { number: 'O-002' }),
      bookAbstract('a3', { number: 'O-003' }),
      bookAbstract('p1', { outcome: 'poster', number: 'P-001' }),
      bookAbstract('p2', { outcome: 'poster', number: 'P-002' }),
    ];
    const book = abstractBook(
      programme([
        session('late', { from: '2024-11-06T14:00', to: '2024-11-06T15:00', talks: [['a3', 15]] }),
        session('posters', { type: 'poster', room: 'poster-hall', from: '2024-11-05T12:00', to: '2024-11-05T13:00', boards: [['p2', 1], ['p1', 7]] }),
        session('early', { from: '2024-11-05T09:00', to: '2024-11-05T10:00', talks: [['a2', 15], ['a1', 15]] }),
        session('coffee', { type: 'break', room: null, from: '2024-11-05T10:00', to: '2024-11-05T10:30' }),
      ]),
      abstracts,
    );
    expect(book.days.map((d) => [d.day, d.sessions.map((s) => s.id)])).toEqual([
      ['2024-11-05', ['early', 'posters']],
      ['2024-11-06', ['late']],
    ]);
    expect(book.days[0]!.sessions[0]!.entries.map((e) => [e.number, e.starts_at])).toEqual([
      ['O-002', '2024-11-05T01:00:00.000Z'],
      ['O-001', '2024-11-05T01:15:00.000Z'],
    ]);
    expect(book.days[0]!.sessions[1]!.entries.map((e) => [e.number, e.board])).toEqual([
      ['P-002', 1],
      ['P-001', 7],
    ]);
    expect(book.days[0]!.sessions[1]!.room).toEqual({ name: 'Poster hall' });
    expect(book.days[0]!.sessions[0]!.chairs).toEqual(['Freddie Bray']);
    expect(book.unplaced).toEqual([]);
    expect(book.abstracts).toBe(5);
  });

  it('lists accepted abstracts the programme does not place in a last part, by number, and never prints a rejected one', () => {
    const abstracts = [
      bookAbstract('a1', { number: 'O-010' }),
      bookAbstract('x2', { outcome: 'poster', number: 'P-100' }),
      bookAbstract('x1', { outcome: 'poster', number: 'P-012' }),
      bookAbstract('r1', { outcome: 'reject' }),
    ];
    const book = abstractBook(programme([session('s', { talks: [['a1', 15], ['r1', 15]] })]), abstracts);
    expect(book.days[0]!.sessions[0]!.entries.map((e) => e.number)).toEqual(['O-010']);
    expect(book.unplaced.map((e) => e.number)).toEqual(['P-012', 'P-100']);
    expect(book.index.flatMap((p) => p.numbers)).not.toContain(undefined);
    expect(book.abstracts).toBe(3);
  });

  it('marks the presenter, numbers affiliations once each and keeps a presenter who is not an author', () => {
    const a = bookAbstract('a1', { number: 'O-001', presenters: ['guest@example.org'] }, {
      authors: [person('Anna', 'Kowalska', 'anna@example.org', 'Uniwersytet Jagielloński', 'Poland'), person('小明', '王', 'wang@example.org'), person('Li', 'Zhang', 'zhang@example.org')],
    });
    const [entry] = abstractBook(programme([session('s', { talks: [['a1', 15]] })]), [a]).days[0]!.sessions[0]!.entries;
    expect(entry!.affiliations).toEqual(['Uniwersytet Jagielloński, Beijing, Poland', 'National Cancer Center, Beijing, China']);
    expect(entry!.authors).toEqual([
      { name: 'Anna Kowalska', presenter: false, affiliations: [1] },
      { name: '王小明', presenter: false, affiliations: [2] },
      { name: 'Li Zhang', presenter: false, affiliations: [2] },
      { name: 'P0 Presenter', presenter: true, affiliations: [2] },
    ]);
  });

  it('indexes every author once, family name first, with the abstracts in number order; names in Chinese characters first (pinyin order), then the Latin ones', () => {
    const abstracts = [
      bookAbstract('a1', { number: 'O-011' }, { authors: [person('Łukasz', 'Żółćiński', 'l@example.org'), person('小明', '王', 'w@example.org'), person('Ayşe', 'Öztürk', 'a@example.org')] }),
      bookAbstract('a2', { number: 'O-002' }, { authors: [person('Ayşe', 'Öztürk', 'other@example.org'), person('Mei', 'Wang', 'mei@example.org')] }),
      bookAbstract('a3', { number: 'P-001', outcome: 'poster' }, { authors: [person('Omar', 'Zaki', 'o@example.org'), person('Anna', 'Adams', 'ad@example.org')] }),
    ];
    const book = abstractBook(programme([session('s', { talks: [['a1', 15], ['a2', 15]] })]), abstracts);
    expect(book.index.map((p) => [p.name, p.numbers])).toEqual([
      ['王小明', ['O-011']],
      ['Adams, Anna', ['P-001']],
      ['Öztürk, Ayşe', ['O-002', 'O-011']],
      ['Wang, Mei', ['O-002']],
      ['Zaki, Omar', ['P-001']],
      ['Żółćiński, Łukasz', ['O-011']],
    ]);
    expect(book.index.find((p) => p.name === '王小明')).toMatchObject({ family: '王', given: '小明' });
  });
});

describe('names', () => {
  it('prints a name in Chinese characters family name first without a space, any other as written', () => {
    expect(bookName({ first_name: '小 明', last_name: '王' })).toBe('王小明');
    expect(indexName({ first_name: '小明', last_name: '王' })).toBe('王小明');
    expect(bookName({ first_name: ' Ayşe ', last_name: 'Öztürk' })).toBe('Ayşe Öztürk');
    expect(indexName({ first_name: 'محمد', last_name: 'العلي' })).toBe('العلي, محمد');
  });
});

describe('sectionsOf', () => {
  it('cuts the text where a sentence or a line starts with a section label, keeping text before the first', () => {
    expect(sectionsOf('We report. Background: a.\nMETHODS: b. The results: not a label. Results: c. Conclusions： d.')).toEqual([
      { text: 'We report.' },
      { label: 'Background', text: 'a.' },
      { label: 'METHODS', text: 'b. The results: not a label.' },
      { label: 'Results', text: 'c.' },
      { label: 'Conclusions', text: 'd.' },
    ]);
    expect(sectionsOf('  One   paragraph\nof text. ')).toEqual([{ text: 'One paragraph of text.' }]);
  });
});

describe('bookDay', () => {
  it('names a congress day in English and Chinese', () => {
    expect(bookDay('2024-11-05')).toEqual({ en: 'Tuesday, 5 November 2024', zh: '2024年11月5日星期二' });
  });
});

describe('the book’s fixed words (texts.json "abstract-book")', () => {
  it('are all written in Chinese, with the placeholders of their English', async () => {
    const { chinesePlaceholderProblems, missingChineseTexts } = await import('#core/documents/texts');
    expect(missingChineseTexts().filter((t) => t.where.startsWith('abstract-book.'))).toEqual([]);
    expect(chinesePlaceholderProblems().filter((t) => t.where.startsWith('abstract-book.'))).toEqual([]);
  });
});
