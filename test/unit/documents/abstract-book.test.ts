/** The abstract book's PDF read back with pdftotext: the contents' and the index's page numbers, and names in every script. */
import { beforeAll, describe, expect, it } from 'vitest';
import { abstractBook, bookDay, type AbstractBook } from '#core/programme/abstract-book';
import { renderAbstractBook, type RenderedBook } from '#lib/pdf/abstract-book';
import { sampleBook } from '../../support/abstract-book';
import { pdfText } from '../../support/pdf';

const person = (first_name: string, last_name: string, institute: string, country: string) => ({ first_name, last_name, email: `${first_name}@example.org`, institute, city: 'City', country });

let book: AbstractBook;
let pdf: RenderedBook;
/** The text of each page (pdftotext separates pages by form feeds); pages[0] is page 1. */
let pages: string[];

beforeAll(async () => {
  // 12 abstracts: two oral sessions of 3, a poster session of 5, and one accepted poster with no place.
  const sample = sampleBook({ orals: 6, posters: 5, perOral: 3, perPoster: 5, unplaced: 1, seed: 7 });
  sample.abstracts[0]!.authors = [
    person('小明', '王', 'National Cancer Center', 'China'),
    person('Łukasz', 'Żółćiński', 'Narodowy Instytut Onkologii', 'Poland'),
    person('Ayşe', 'Öztürk', 'Hacettepe Üniversitesi', 'Türkiye'),
    person('محمد', 'العلي', 'جامعة القاهرة', 'Egypt'),
  ];
  sample.abstracts.find((a) => a.review_outcome?.number === 'P-004')!.authors.push(person('Ayşe', 'Öztürk', 'Hacettepe Üniversitesi', 'Türkiye'));
  book = abstractBook(sample.programme, sample.abstracts);
  pdf = await renderAbstractBook(book);
  pages = pdfText(pdf.bytes).split('\f').slice(0, pdf.pages);
}, 60_000);

/** The first page (1-based) after the contents whose text has `needle`. */
const firstPageWith = (needle: string) => pages.findIndex((p, i) => i >= 2 && p.includes(needle)) + 1;

describe('renderAbstractBook', () => {
  it('prints every page it counts, no character without a glyph', () => {
    expect(pdf.missingGlyphs).toBe(0);
    expect(pages).toHaveLength(pdf.pages);
    expect(pages[0]).toContain('Abstract book');
    expect(pages[0]).toContain('摘要集');
    expect(pages[1]).toContain('Contents');
  });

  it('gives each session in the contents the page it starts on', () => {
    const contents = pdfText(pdf.bytes, true).split('\f')[1]!.split('\n');
    const sessions = book.days.flatMap((d) => d.sessions);
    expect(sessions.map((s) => s.id)).toEqual(['oral-1', 'oral-2', 'poster-1']);
    for (const s of sessions) {
      const line = contents.find((l) => l.includes(s.title));
      expect(line, s.title).toBeDefined();
      const printed = Number(/(\d+)\s*$/.exec(line!)?.[1]);
      expect(printed, s.title).toBe(firstPageWith(s.title));
      expect(printed).toBe(pdf.where.sessions[s.id]);
    }
    for (const day of book.days) {
      const line = contents.find((l) => l.includes(bookDay(day.day).en))!;
      expect(Number(/(\d+)\s*$/.exec(line)![1]), day.day).toBe(pdf.where.sessions[day.sessions[0]!.id]);
    }
    const unplaced = contents.find((l) => l.includes('Accepted abstracts not in the programme'))!;
    expect(Number(/(\d+)\s*$/.exec(unplaced)![1])).toBe(firstPageWith('P-006'));
    const index = contents.find((l) => l.includes('Author index'))!;
    expect(Number(/(\d+)\s*$/.exec(index)![1])).toBe(pdf.pages - (pages.at(-1)!.includes('Author index') ? 0 : 1));
  });

  it('links each contents line to its page and bookmarks days, sessions and the index', () => {
    const raw = pdf.bytes.toString('latin1');
    for (const name of ['session-oral-1', 'session-oral-2', 'session-poster-1', 'unplaced', 'index']) {
      expect(raw, name).toContain(`/D (${name})`);
      expect(raw, name).toContain(`(${name})`);
    }
    expect(raw).toContain('/Outlines');
  });

  it('names in the index the page of each of the author’s abstracts', () => {
    const indexText = pages.slice(pdf.where.index - 1).join('\n');
    const refs = (name: string) => {
      const m = new RegExp(`${name}\\s+((?:[OP]-\\d{3} \\(\\d+\\)(?:,\\s*)?)+)`).exec(indexText);
      expect(m, name).not.toBeNull();
      return [...m![1]!.matchAll(/([OP]-\d{3}) \((\d+)\)/g)].map((r) => [r[1], Number(r[2])]);
    };
    const oztürk = refs('Öztürk, Ayşe');
    expect(oztürk.map(([n]) => n)).toEqual(expect.arrayContaining(['O-001', 'P-004']));
    for (const [number, page] of oztürk) expect(page, String(number)).toBe(firstPageWith(`${number}`));
    for (const name of ['王小明', 'Żółćiński, Łukasz']) {
      const found = refs(name);
      expect(found.map(([n]) => n)).toContain('O-001');
      for (const [number, page] of found) expect(page, `${name} ${number}`).toBe(firstPageWith(`${number}`));
    }
  });

  it('prints Chinese, Polish, Turkish and Arabic-script names and affiliations as text', () => {
    const page = pages[firstPageWith('O-001') - 1]!;
    for (const expected of ['王小明', 'Łukasz Żółćiński', 'Ayşe Öztürk', 'محمد', 'العلي', 'جامعة', 'القاهرة', 'Hacettepe Üniversitesi']) expect(page).toContain(expected);
    expect(page).toMatch(/Presenting author/);
  });
});
