/**
 * `npm run bench -- --only=ssr`: an abstract's page as its route renders it (functions/lib/site/
 * server-pages.ts, decision 0072), in a fresh process as a new Lambda would: loading the build's
 * pre-rendering entry, the first page, then pages of a warm process in both languages; the HTML's
 * size raw and compressed. Prints one JSON line.
 */
import zlib from 'node:zlib';
import type { PublishedAbstract } from '../functions/core/programme/abstract-pages';
import { abstractPageHtml } from '../functions/lib/site/server-pages';

const WARM = 40;
const words = (n: number) => Array.from({ length: n }, (_, i) => ['registry', 'incidence', 'survival', 'population', 'cancer'][i % 5]).join(' ');
const entry: PublishedAbstract = {
  abstract_id: 'bench-1',
  number: 'O-042',
  type: 'oral',
  title: 'TRENDS IN LIVER CANCER INCIDENCE AND SURVIVAL IN 106 POPULATION-BASED REGISTRIES OF CHINA, 2008-2019',
  authors: Array.from({ length: 8 }, (_, i) => ({ name: i === 0 ? '陈万青' : `Author${i} Family${i}`, presenter: i === 0, affiliations: [(i % 3) + 1] })),
  affiliations: ['National Central Cancer Registry, Beijing, China', 'Henan Cancer Registry, Zhengzhou, China', 'IARC, Lyon, France'],
  keywords: 'liver cancer; incidence; survival; registry',
  sections: ['Background', 'Methods', 'Results', 'Conclusions'].map((label) => ({ label, text: words(70) })),
  starts_at: '2024-11-05T01:00:00.000Z',
  ends_at: '2024-11-05T01:15:00.000Z',
  session_id: 's1',
  session: { title: 'Liver cancer', title_zh: '肝癌', room: { name: 'Hall A', name_zh: '主会场 A 厅' }, starts_at: '2024-11-05T01:00:00.000Z', ends_at: '2024-11-05T02:30:00.000Z' },
};

const t0 = performance.now();
const first = await abstractPageHtml(entry.abstract_id, 'en', entry, 'https://congress.example.org');
const firstMs = performance.now() - t0;
const warm: number[] = [];
for (let i = 0; i < WARM; i++) {
  const t = performance.now();
  await abstractPageHtml(entry.abstract_id, i % 2 ? 'zh-Hans' : 'en', entry, 'https://congress.example.org');
  warm.push(performance.now() - t);
}
warm.sort((a, b) => a - b);
const at = (q: number) => warm[Math.min(warm.length - 1, Math.floor(q * warm.length))]!;
console.log(
  JSON.stringify({
    firstMs,
    warmP50: at(0.5),
    warmP95: at(0.95),
    warm: WARM,
    bytes: Buffer.byteLength(first),
    gzip: zlib.gzipSync(first).length,
    brotli: zlib.brotliCompressSync(first).length,
    rssMb: process.memoryUsage().rss / 1024 / 1024,
  }),
);
