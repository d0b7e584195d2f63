/**
 * Bench 12, part 2, in the app: the time from choosing a ticket on the check-in app's search to its
 * answer screen, in Debian Chromium at 390 px with the CPU slowed 4x (DevTools' throttling), a
 * device paired and synced with every ticket: offline (the phone's own answer from its copy in
 * IndexedDB and the rule) and online (the server's answer). Measured from the click to the answer
 * on the screen as the browser driver sees it, so a few milliseconds of the driver are in it. A
 * ticket chosen by search carries no signature: the QR's check (WebCrypto Ed25519, in the same
 * slowed page) is measured beside it. The camera's decoding is not measured.
 */
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../chromium';

export interface AppScanFigures {
  syncMs: number;
  offline: number[];
  online: number[];
  /** One ticket's signature checked with WebCrypto Ed25519 in the page (key imported each time, as a first scan does). */
  verify: number[];
}

/**
 * `at`: the portal's clock for the app's requests (local mode's x-app-now), on the congress's first
 * morning; the app follows the server's time. `signature`: a real ticket's signed bytes and key.
 */
export async function appScanBench(
  origin: string,
  at: string,
  pairingCode: string,
  orderNos: readonly string[],
  tickets: number,
  signature: { key: string; message: number[]; signature: number[] },
): Promise<AppScanFigures> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', extraHTTPHeaders: { 'x-app-now': at } });
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${origin}/checkin#pair=${pairingCode}`);
    const shown = new RegExp(`${tickets.toLocaleString('en')}|${tickets}`);
    await page.getByTestId('device-status').filter({ hasText: shown }).waitFor({ timeout: 120_000 });
    const syncMs = Date.now() - started;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const verify = await page.evaluate(async (s) => {
      const times: number[] = [];
      const raw = Uint8Array.from(atob(s.key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      for (let i = 0; i < 30; i++) {
        const t = performance.now();
        const key = await crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
        if (!(await crypto.subtle.verify({ name: 'Ed25519' }, key, new Uint8Array(s.signature), new Uint8Array(s.message)))) throw new Error('the signature did not verify');
        times.push(performance.now() - t);
      }
      return times;
    }, signature);

    const answer = page.getByTestId('answer');
    const search = page.getByRole('searchbox', { name: 'Search by name or order number' });
    const pick = async (orderNo: string) => {
      if (await answer.isVisible()) await page.getByRole('button', { name: 'Next scan' }).click();
      await search.fill(orderNo);
      const button = page.getByRole('list', { name: 'Tickets found' }).getByRole('button').first();
      await button.waitFor();
      const t = performance.now();
      await button.click();
      await answer.waitFor();
      return performance.now() - t;
    };
    const half = Math.floor(orderNos.length / 2);
    await context.setOffline(true);
    const offline: number[] = [];
    for (const orderNo of orderNos.slice(0, half)) offline.push(await pick(orderNo));
    await context.setOffline(false);
    const online: number[] = [];
    for (const orderNo of orderNos.slice(half)) online.push(await pick(orderNo));
    return { syncMs, offline, online, verify };
  } finally {
    await browser.close();
  }
}
