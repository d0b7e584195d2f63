/**
 * The doors in Chromium (issue 34): the office creates two check-in devices on /office/checkin and
 * shows their pairing codes; two phones (contexts of a browser whose fake camera films a ticket's
 * QR code, a video this test renders) open the pairing links, sync, lose the network, reload the
 * app from its service worker, and both let the same ticket in offline (the second scan on the
 * first phone says "already admitted"); back online, the queues empty by themselves and the office
 * sees the duplicate in the conflict report. Axe on the new pages; 390 px screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium';
import { qrVideo } from './checkin-steps';
import { validOrder } from '../support/bodies';
import {
  api,
  bearer,
  expect,
  expectAccessible,
  mailedLink,
  officeOrganiser,
  PASSWORD,
  test,
  uniqueEmail,
} from './fixtures';

const AUGUST = '2024-08-01T02:00:00Z';
/** The congress's second day, 10:00 in Beijing: the doors' clock (the devices follow the server's). */
const DAY2 = '2024-11-05T02:00:00Z';
/** A list valid once per ticket (conference entry lets people in again: no conflict there). */
const LIST = 'Gala dinner (6 November)';

/** A delegate's order placed in August and paid by a transfer the office confirms (the page's organiser, on day 2). */
async function paidOrder(browser: Browser, page: Page, names: Record<string, string>) {
  const august = await browser.newContext({
    extraHTTPHeaders: { 'x-app-now': AUGUST, 'x-local-client-ip': '10.78.0.34' },
  });
  const email = uniqueEmail('checkin');
  expect(
    (
      await august.request.post(api('/email_register'), {
        data: { email, password: PASSWORD, confirm: PASSWORD },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await august.request.post(api('/activate'), {
        data: { token: (await mailedLink(email, 'activate')).split('/').pop() },
      })
    ).status(),
  ).toBe(200);
  const login = await august.request.post(api('/login'), { data: { email, password: PASSWORD } });
  const auth = {
    authorization: `Bearer ${((await login.json()) as { data: { api_token: string } }).data.api_token}`,
  };
  const placed = await august.request.post(api('/registration/submission'), {
    data: validOrder(names),
    headers: auth,
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const { id } = ((await placed.json()) as { data: { id: string } }).data;
  const detail = (
    (await (await august.request.get(api(`/registration/submission/${id}`), { headers: auth })).json()) as {
      data: { order: { reference: string; order_no: string } };
    }
  ).data.order;
  expect(
    (
      await august.request.post(api(`/registration/submission/transfer-payment/${id}`), {
        data: { type: 'done' },
        headers: auth,
      })
    ).status(),
  ).toBe(200);
  await august.close();
  const received = await page.request.post(api(`/office/transfers/${detail.reference}/received`), {
    data: { amount: '650.00' },
    headers: await bearer(page),
  });
  expect(received.status(), await received.text()).toBe(200);
  const tickets = await page.request.get(api(`/office/orders/${id}/tickets`), {
    headers: await bearer(page),
  });
  expect(tickets.status(), await tickets.text()).toBe(200);
  const body = (await tickets.json()) as { data: { tickets: { id: string; qr: string | null }[] } };
  return { id, orderNo: detail.order_no, ticket: body.data.tickets[0]! };
}

/** The office creates a device for the gala dinner's door and reads its pairing link. */
async function createDevice(page: Page, name: string): Promise<string> {
  const form = page.getByRole('form', { name: 'New device' });
  await form.getByRole('textbox', { name: 'Device name' }).fill(name);
  await form.getByRole('group', { name: 'Lists it may scan' }).getByText(LIST, { exact: true }).click();
  await form.getByRole('button', { name: 'Create the device' }).click();
  const pairing = page.getByRole('region', { name: `Pairing code for ${name}` });
  await expect(pairing).toBeVisible();
  const qr = pairing.getByRole('img', { name: `Pairing QR code for ${name}` });
  await expect(qr).toBeVisible();
  const box = (await qr.boundingBox())!;
  expect(Math.round(box.width)).toBe(280);
  return (await pairing.getByTestId('pairing-link').getAttribute('href'))!;
}

async function phone(
  browser: Browser,
  baseURL: string,
  ip: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    permissions: ['camera'],
    extraHTTPHeaders: { 'x-app-now': DAY2, 'x-local-client-ip': ip },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

async function pair(p: Page, link: string, name: string) {
  await p.goto(link);
  await expect(p.getByText(`Device: ${name}`)).toBeVisible();
  await expect(p.getByTestId('current-list')).toHaveText(LIST);
  await expect(p.getByTestId('device-status')).toContainText('Last sync 10:00');
  // The pairing code left the address at once.
  expect(new URL(p.url()).hash).toBe('');
  // The service worker holds the app before the network goes.
  expect(await p.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
}

const queue = (p: Page) => p.getByTestId('queue-length');

test('two offline phones admit the same ticket; back online the office sees the duplicate in the conflict report', async ({
  browser,
  page,
  pinClock,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // Device names of this run (the office lists every device the portal has).
  const run = Math.random().toString(36).slice(2, 6);
  const [deskA, deskB] = [`Desk A ${run}`, `Desk B ${run}`];
  await pinClock(DAY2);
  await officeOrganiser(page, 'checkin-office');
  const family = `Okafor${Math.random().toString(36).slice(2, 6)}`;
  const order = await paidOrder(browser, page, { first_name: 'Amara', last_name: family });
  expect(order.ticket.qr).toMatch(/^[0-9A-Z $%*+\-./:]{114}$/);

  // The office's page, from its navigation.
  await page.goto('/office');
  await page
    .getByRole('navigation', { name: 'Office' })
    .getByRole('link', { name: 'Check-in', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Counts per list' })).toBeVisible();
  const linkA = await createDevice(page, deskA);
  await expectAccessible(page, 'office check-in with a pairing code');
  const linkB = await createDevice(page, deskB);
  expect(linkA).toMatch(/\/checkin#pair=[\w-]{20,}$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('region', { name: `Pairing code for ${deskB}` }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/checkin-office-pairing-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Two phones whose cameras film the ticket.
  const video = path.resolve('test-results', `checkin-qr-${order.ticket.id}.y4m`);
  fs.mkdirSync(path.dirname(video), { recursive: true });
  qrVideo(order.ticket.qr!, video);
  const cameras = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const a = await phone(cameras, baseURL!, '10.78.1.1');
    const b = await phone(cameras, baseURL!, '10.78.1.2');
    await pair(a.page, linkA, deskA);
    await pair(b.page, linkB, deskB);
    await expectAccessible(a.page, 'check-in app, paired');
    await a.page.screenshot({ path: 'test-results/checkin-app-ready-390.png', fullPage: true });

    // The network goes; the app reloads from its service worker and says it is offline.
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await a.page.reload();
    await expect(a.page.getByText(`Device: ${deskA}`)).toBeVisible();
    await expect(
      a.page.getByText('Offline: this phone answers from its copy and sends the scans later.'),
    ).toBeVisible();
    await expect(
      b.page.getByText('Offline: this phone answers from its copy and sends the scans later.'),
    ).toBeVisible();

    // Desk A scans: admitted, answered on the phone, queued.
    await a.page.getByRole('button', { name: 'Start scanning' }).click();
    const answerA = a.page.getByTestId('answer');
    await expect(answerA).toHaveAttribute('data-answer', 'admitted', { timeout: 20_000 });
    const alertA = answerA.getByRole('alert');
    await expect(alertA).toContainText('Admitted');
    await expect(alertA).toContainText(`Amara ${family}`);
    await expect(alertA).toContainText('Answered on this phone (offline)');
    const box = (await alertA.boundingBox())!;
    expect(box.width).toBeGreaterThan(340);
    expect(box.height).toBeGreaterThan(200);
    expect(await alertA.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(17, 105, 50)');
    const next = a.page.getByRole('button', { name: 'Next scan' });
    const nextBox = (await next.boundingBox())!;
    expect(nextBox.height).toBeGreaterThanOrEqual(56);
    expect(nextBox.y + nextBox.height).toBeLessThanOrEqual(844);
    await expect(queue(a.page)).toHaveAttribute('data-count', '1');
    await expectAccessible(a.page, 'answer: admitted');
    await a.page.screenshot({ path: 'test-results/checkin-answer-admitted-390.png' });

    // The same ticket again on Desk A, found by name (a ticket left in the camera's frame is not
    // read twice): already admitted, at 10:00 on Desk A, still offline.
    await next.click();
    await a.page.getByRole('button', { name: 'Stop the camera' }).click();
    await a.page
      .getByRole('searchbox', { name: 'Search by name or order number' })
      .fill(family.toLowerCase());
    await a.page.getByRole('button', { name: `Check in Amara ${family}` }).click();
    await expect(answerA).toHaveAttribute('data-answer', 'already');
    await expect(answerA.getByRole('alert')).toContainText(`Already admitted 10:00 at ${deskA}`);
    await expect(answerA.getByRole('alert')).toContainText('Answered on this phone (offline)');
    expect(await answerA.getByRole('alert').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(253, 186, 116)',
    );
    await expectAccessible(a.page, 'answer: already');
    await a.page.screenshot({ path: 'test-results/checkin-answer-already-390.png' });
    await expect(queue(a.page)).toHaveAttribute('data-count', '2');

    // Desk B, offline, does not know: it lets the same ticket in.
    await b.page.getByRole('button', { name: 'Start scanning' }).click();
    await expect(b.page.getByTestId('answer')).toHaveAttribute('data-answer', 'admitted', {
      timeout: 20_000,
    });
    await expect(queue(b.page)).toHaveAttribute('data-count', '1');

    // The network returns: the queues are sent by themselves.
    await a.context.setOffline(false);
    await b.context.setOffline(false);
    await expect(queue(a.page)).toHaveAttribute('data-count', '0', { timeout: 45_000 });
    await expect(queue(b.page)).toHaveAttribute('data-count', '0', { timeout: 45_000 });
    await expect(
      a.page.getByText('Offline: this phone answers from its copy and sends the scans later.'),
    ).toBeHidden();

    // Online, by search: the server answers (it knows both desks' scans).
    await a.page.getByRole('button', { name: 'Next scan' }).click();
    await a.page.getByRole('searchbox', { name: 'Search by name or order number' }).fill(family);
    await a.page.getByRole('button', { name: `Check in Amara ${family}` }).click();
    await expect(answerA).toHaveAttribute('data-answer', 'already');
    await expect(answerA).toContainText('Answered by the server.');
    await expect(queue(a.page)).toHaveAttribute('data-count', '0');

    // The office cancels the order: its tickets are revoked. Online the server refuses the ticket;
    // Desk B, synced and then offline again, refuses it from its own copy (the revocation list).
    const cancelled = await page.request.post(api(`/office/orders/${order.id}/cancel`), {
      data: { refund: 'other', refund_amount: '0.00', reason: 'Check-in test' },
      headers: await bearer(page),
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await a.page.getByRole('button', { name: 'Next scan' }).click();
    await a.page.getByRole('searchbox', { name: 'Search by name or order number' }).fill(order.orderNo);
    await a.page.getByRole('button', { name: `Check in Amara ${family}` }).click();
    await expect(answerA).toHaveAttribute('data-answer', 'revoked');
    await expect(answerA.getByRole('alert')).toContainText('Ticket revoked: the order was cancelled');
    expect(await answerA.getByRole('alert').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(153, 25, 25)',
    );
    await expectAccessible(a.page, 'answer: revoked');
    await a.page.screenshot({ path: 'test-results/checkin-answer-revoked-390.png' });

    // The sync's last read is the entries: once it is answered, B's copy knows of the revocation.
    const synced = b.page.waitForResponse((r) => r.url().includes('/checkin/entries'));
    await b.page.getByRole('button', { name: 'Sync now' }).click();
    await synced;
    await expect(b.page.getByRole('button', { name: 'Sync now' })).toBeEnabled();
    await b.context.setOffline(true);
    await b.page.getByRole('button', { name: 'Next scan' }).click();
    const answerB = b.page.getByTestId('answer');
    await expect(answerB).toHaveAttribute('data-answer', 'revoked', { timeout: 20_000 });
    await expect(answerB.getByRole('alert')).toContainText('Answered on this phone (offline)');
    await b.context.setOffline(false);
    await expect(queue(b.page)).toHaveAttribute('data-count', '0', { timeout: 45_000 });
  } finally {
    await cameras.close();
  }

  // The office: one entry, the duplicate in the conflict report (which devices, when).
  await page.reload();
  const conflicts = page.getByRole('region', { name: 'Conflict report' });
  const row = conflicts.getByRole('row').filter({ hasText: order.ticket.id });
  await expect(row).toContainText('Admitted twice');
  await expect(row).toContainText(deskB);
  await expect(row).toContainText(deskA);
  const devices = page.getByRole('region', { name: 'Devices' });
  await expect(devices.getByRole('row').filter({ hasText: deskA })).toContainText('Paired');
  await expectAccessible(page, 'office check-in with a conflict');
  await page.setViewportSize({ width: 390, height: 844 });
  await conflicts.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/checkin-office-conflicts-390.png' });
  // On the office's laptop: the whole page, every table at its width.
  await page.setViewportSize({ width: 1366, height: 900 });
  // From the top: a full-page picture of a scrolled page paints the sticky header where it was.
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'the office page at 1366 px').toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/checkin-office-1366.png', fullPage: true });
});
