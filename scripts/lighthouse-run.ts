/**
 * One Lighthouse run (mobile preset) of one page, in its own process so that the portal living in
 * the bench's process keeps answering. `npm run bench` starts it:
 *
 *   tsx scripts/lighthouse-run.ts <url> <report.json>
 *
 * With LIGHTHOUSE_SESSION set (JSON: { token, userId }) the page is measured logged in: the
 * session is put where the SPA keeps it (localStorage, web/src/lib/session.ts) on a same-origin
 * JSON address that loads none of the site's files, and Lighthouse keeps that storage. With
 * LIGHTHOUSE_NOW (an ISO instant) every request carries it as x-app-now (the local portal's clock).
 * With LIGHTHOUSE_TRACE=1 the run's trace (unthrottled; Lighthouse simulates the slow phone from
 * it, each task 4x as long) is written beside the report as <report>.trace.json, to find which
 * tasks the long tasks of the report are; with LIGHTHOUSE_PROFILE=1 as well, the trace holds the
 * JS samples (which functions those tasks ran).
 */
import fs from 'node:fs';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from './chromium';

const [url, reportPath] = process.argv.slice(2);
if (!url || !reportPath) {
  console.error('usage: tsx scripts/lighthouse-run.ts <url> <report.json>');
  process.exit(2);
}
const session = process.env.LIGHTHOUSE_SESSION ? (JSON.parse(process.env.LIGHTHOUSE_SESSION) as { token: string; userId: string }) : null;

const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
try {
  const page = await browser.newPage();
  if (session) {
    await page.goto(new URL('/api/v1/admin/now', url).href);
    await page.evaluate((s) => {
      localStorage.setItem('userToken', s.token);
      localStorage.setItem('userID', s.userId);
    }, session);
  }
  const result = await lighthouse(
    url,
    {
      // LIGHTHOUSE_PROFILE=1: the trace holds the JS samples too (ProfileChunk events: which
      // functions a long task ran; sampling slows the page, so its scores are not the page's).
      ...(process.env.LIGHTHOUSE_PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
      // Keep the session stored above (storage is otherwise cleared before the run).
      disableStorageReset: Boolean(session),
      // The portal's clock for every request of the page (local mode only): the season the page is measured in.
      ...(process.env.LIGHTHOUSE_NOW ? { extraHeaders: { 'x-app-now': process.env.LIGHTHOUSE_NOW } } : {}),
    },
    undefined,
    page,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  if (process.env.LIGHTHOUSE_TRACE) fs.writeFileSync(reportPath.replace(/\.json$/, '.trace.json'), JSON.stringify((result.artifacts as unknown as { Trace: unknown }).Trace));
  fs.writeFileSync(reportPath, typeof result.report === 'string' ? result.report : result.report.join(''));
} finally {
  await browser.close();
}
