/**
 * The abstract book bench's worker (scripts/bench.ts, `--only=abstract-book`), in a process of its
 * own so its memory is the book's: generates a programme of `n` accepted abstracts (a quarter
 * orals, the rest posters; test/support/abstract-book.ts), renders the book twice (the first pays
 * for reading the fonts, as an office job's first book does; both timed) streaming the PDF to a file, and
 * prints the figures as JSON: times, pages, size, and the high-water marks of RSS and of the V8
 * heap, sampled at every page of both passes (the rendering never yields to a timer). Run with
 * `--expose-gc`, a third rendering (not timed) collects garbage every 50th page and takes the heap then: what the
 * rendering keeps alive, not what the collector has not reached yet.
 *   node --expose-gc --import tsx scripts/pdf/abstract-book-sample.ts <n> <out.pdf>
 */
import fs from 'node:fs';
import { abstractBook } from '#core/programme/abstract-book';
import { renderAbstractBook } from '#lib/pdf/abstract-book';
import { sampleBook } from '../../test/support/abstract-book';

const [count = '600', outFile = 'dist/bench/abstract-book/book.pdf'] = process.argv.slice(2);
const n = Number(count);
const orals = Math.round(n / 4);
const sample = sampleBook({ orals, posters: n - orals });
const words = sample.abstracts.map((a) => a.abstract_body.split(/\s+/).length);
const authors = sample.abstracts.map((a) => a.authors.length);

const base = process.memoryUsage();
let peakRss = base.rss;
let peakHeap = base.heapUsed;
let liveHeap = base.heapUsed;
let pagesSeen = 0;
/** The third rendering only: collecting garbage would slow the two that are timed. */
let measuringLive = false;
const collect = (globalThis as { gc?: () => void }).gc;
const sampleMemory = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
  if (collect && measuringLive && ++pagesSeen % 50 === 0) {
    collect();
    liveHeap = Math.max(liveHeap, process.memoryUsage().heapUsed);
  }
};

const runs: { ms: number; bytes: number; pages: number; missingGlyphs: number }[] = [];
let where = { sessions: 0, index: 0 };
for (let i = 0; i < (collect ? 3 : 2); i++) {
  measuringLive = i === 2;
  const fd = fs.openSync(outFile, 'w');
  let bytes = 0;
  const started = performance.now();
  const book = abstractBook(sample.programme, sample.abstracts);
  const pdf = await renderAbstractBook(book, {
    keep: false,
    onData: (chunk) => {
      bytes += chunk.length;
      fs.writeSync(fd, chunk);
    },
    onPage: sampleMemory,
  });
  const ms = performance.now() - started;
  fs.closeSync(fd);
  sampleMemory();
  runs.push({ ms, bytes, pages: pdf.pages, missingGlyphs: pdf.missingGlyphs });
  where = { sessions: Object.keys(pdf.where.sessions).length, index: pdf.where.index };
}
console.log(
  JSON.stringify({
    abstracts: n,
    sessions: sample.programme.sessions.length,
    words: [Math.min(...words), Math.max(...words)],
    authors: [Math.min(...authors), Math.max(...authors)],
    runs,
    baseRss: base.rss,
    baseHeap: base.heapUsed,
    peakRss,
    peakHeap,
    liveHeap: collect ? liveHeap : undefined,
    maxRss: process.resourceUsage().maxRSS * 1024,
    where,
  }),
);
