/**
 * The check-in bench's worker (scripts/bench.ts, `--only=checkin`), in a process of its own so its
 * memory is the badges': 1,500 tickets (1,200 paid orders, 300 of them with an accompanying
 * person; names in Chinese characters, Latin with diacritics, Arabic script), each signed as the
 * portal signs it (Ed25519, a key made here): the QR payload's length and the QR version at error
 * correction M (qrcode's `QRCode.create(text, { errorCorrectionLevel: 'M' }).version`), the
 * signing time; then the badge sheets of every ticket through the office job's own code
 * (core/tickets/ticket-files.ts `renderAllBadges`, the roles from a published programme's
 * speakers), A4 sheets of four: time, peak memory (RSS and V8 heap, sampled at every sheet),
 * pages, size, missing glyphs. Prints the figures as JSON.
 *   node --import tsx scripts/checkin/bench-sample.ts <tickets> <out.pdf>
 */
import fs from 'node:fs';
import QRCode from 'qrcode';
import type { StoredOrder } from '#core/orders/ports';
import { ticketViews } from '#core/checkin/order-tickets';
import { renderAllBadges } from '#core/tickets/ticket-files';
import { keysFromJson, newKeysJson } from '#lib/checkin-signing';
import { renderBadges } from '#lib/pdf/tickets';
import { paidOrder } from '../../test/support/paid-order';

const [count = '1500', outFile = 'dist/bench/checkin/badges.pdf'] = process.argv.slice(2);
const tickets = Number(count);
const keys = keysFromJson(newKeysJson());

const chinese = [['王', '小明'], ['李', '静'], ['欧阳', '娜娜'], ['张', '伟'], ['陈', '思远']] as const;
const latin = [['Łucja', 'Żółkiewska'], ['José', 'Núñez'], ['Nguyễn', 'Thị Hương'], ['Søren', 'Ødegård'], ['Mary-Anne', "O'Connor-Smith"], ['محمد', 'العلي']] as const;
const orgs = ['National Cancer Center of China, Chinese Academy of Medical Sciences', 'International Agency for Research on Cancer', 'Cancer Registry of Norway', 'Universidad de Costa Rica', '北京大学肿瘤医院'];

/** 1,200 orders for 1,500 tickets: every fourth order brings a guest. */
function orders(n: number): StoredOrder[] {
  const out: StoredOrder[] = [];
  let made = 0;
  for (let i = 0; made < n; i++) {
    const guest = i % 4 === 0 && made + 2 <= n ? 1 : 0;
    const zh = i % 3 === 0 ? chinese[i % chinese.length]! : undefined;
    const [first, last] = zh ? ['Xiao', `Person${i}`] : latin[i % latin.length]!;
    const base = paidOrder({ accompanying_person: guest, post_conference_activities_person: guest, post_conference_activities_attach: guest ? 1 : 0, morning_workshop: i % 2, afternoon_workshop: (i + 1) % 2 });
    out.push({
      ...base,
      id: `o${i}`,
      owner_id: `u${i}`,
      owner_email: `delegate${i}@example.org`,
      sequence: 1000 + i,
      order_no: `R24-${String(1000 + i).padStart(6, '0')}`,
      first_name: first,
      last_name: last,
      family_name_in_chinese: zh?.[0] ?? '',
      given_name_in_chinese: zh?.[1] ?? '',
      organization: orgs[i % orgs.length]!,
      primary_address_country: ['China', 'Norway', 'Costa Rica', 'Viet Nam', 'Denmark'][i % 5]!,
    });
    made += 1 + guest;
  }
  return out;
}

const all = orders(tickets);

// Payloads and QR versions.
const signStart = performance.now();
const views = all.flatMap((o) => ticketViews(o, keys));
const signMs = performance.now() - signStart;
const lengths = views.map((v) => v.qr!.length);
const versions = new Map<number, number>();
const qrStart = performance.now();
for (const v of views) {
  const version = QRCode.create(v.qr!, { errorCorrectionLevel: 'M' }).version;
  versions.set(version, (versions.get(version) ?? 0) + 1);
}
const qrMs = performance.now() - qrStart;

// The badge sheets, through the job's code, off any request.
const base = process.memoryUsage();
let peakRss = base.rss;
let peakHeap = base.heapUsed;
const sampleMemory = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
};
const speakers = new Set(all.filter((_, i) => i % 10 === 0).map((o) => o.owner_email));
const runs: { ms: number; bytes: number; pages: number; badges: number; missingGlyphs: number }[] = [];
for (let i = 0; i < 2; i++) {
  const started = performance.now();
  const made = await renderAllBadges(
    {
      orders: { page: async (cursor, limit) => { const from = Number(cursor ?? 0); const next = from + limit; return { orders: all.slice(from, next), next: next < all.length ? String(next) : null }; } },
      signer: async () => keys,
      roles: { account: async (id) => ({ role: id === 'u7' ? 'organiser' : 'delegate', review_roles: id === 'u9' ? { committee: { grant: 'g' } } : undefined }), speakers: async () => speakers },
      render: { ticket: () => Promise.reject(new Error('not here')), badges: (cards, layout, title) => renderBadges(cards, layout, title, sampleMemory) },
    },
    'badges-bench.pdf',
  );
  const ms = performance.now() - started;
  sampleMemory();
  fs.writeFileSync(outFile, made.bytes);
  runs.push({ ms, bytes: made.bytes.length, pages: made.pages, badges: made.badges, missingGlyphs: made.missingGlyphs });
}

console.log(
  JSON.stringify({
    orders: all.length,
    tickets: views.length,
    payload: { min: Math.min(...lengths), max: Math.max(...lengths) },
    versions: Object.fromEntries([...versions].sort((a, b) => a[0] - b[0])),
    signMs,
    qrMs,
    runs,
    baseRss: base.rss,
    baseHeap: base.heapUsed,
    peakRss,
    peakHeap,
    maxRss: process.resourceUsage().maxRSS * 1024,
  }),
);
