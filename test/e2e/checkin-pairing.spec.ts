/**
 * Pairing a door's phone by its camera, in Chinese (issue 34): the office's pairing code is a QR
 * of the app's address; the phone's fake camera films it (a video this test renders) and the app
 * pairs itself. The office gives a new pairing code (the old pairing stops, the new link pairs the
 * phone again), then revokes the device after a confirmation; the phone's next sync says its
 * pairing no longer works. Axe clean; 390 px screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium';
import { qrVideo } from './checkin-steps';
import { api, bearer, expect, expectAccessible, officeOrganiser, test } from './fixtures';

const DAY2 = '2024-11-05T02:00:00Z';

test('a phone pairs by scanning the office QR code (Chinese), and stops when the office revokes it', async ({
  page,
  pinClock,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await pinClock(DAY2);
  await officeOrganiser(page, 'checkin-pairing');
  const name = `入口${Math.random().toString(36).slice(2, 5)}`;
  const created = await page.request.post(api('/office/checkin/devices'), {
    data: { name, lists: ['gala-dinner', 'welcome-reception'], valid_until: '2024-11-07T15:00:00Z' },
    headers: await bearer(page),
  });
  expect(created.status(), await created.text()).toBe(200);
  const { pairing_code } = ((await created.json()) as { data: { pairing_code: string } }).data;

  // The office's page in Chinese: the device waits for its pairing.
  await page.goto('/zh/office/checkin');
  await expect(page.getByRole('heading', { name: '签到', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: '各名单人数' })).toContainText('欢迎酒会（11月4日）');
  await expect(
    page.getByRole('region', { name: '设备' }).getByRole('row').filter({ hasText: name }),
  ).toContainText('等待配对');
  await expectAccessible(page, '/zh/office/checkin');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/checkin-office-zh-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const video = path.resolve('test-results', `checkin-pairing-${Date.now()}.y4m`);
  fs.mkdirSync(path.dirname(video), { recursive: true });
  qrVideo(`${baseURL}/zh/checkin#pair=${pairing_code}`, video);
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
    const context = await cameras.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      permissions: ['camera'],
      extraHTTPHeaders: { 'x-app-now': DAY2, 'x-local-client-ip': '10.79.0.3' },
    });
    const phone = await context.newPage();
    await phone.goto('/zh/checkin');
    await expect(phone.getByRole('heading', { name: '签到', level: 1 })).toBeVisible();
    await expect(phone.getByText('此手机尚未配对')).toBeVisible();
    await expectAccessible(phone, '/zh/checkin, not paired');
    await phone.getByRole('button', { name: '扫描配对二维码' }).click();
    await expect(phone.getByText(`设备：${name}`)).toBeVisible({ timeout: 20_000 });
    await expect(phone.getByTestId('device-status')).toContainText('上次同步：10:00');
    // Two lists: the desk chooses one (in Chinese), then the scanner appears.
    const list = phone.getByRole('combobox', { name: '签到名单' });
    await list.selectOption({ label: '欢迎酒会（11月4日）' });
    await expect(phone.getByRole('button', { name: '开始扫描' })).toBeVisible();
    const start = (await phone.getByRole('button', { name: '开始扫描' }).boundingBox())!;
    expect(start.width).toBeGreaterThan(340);
    expect(start.height).toBeGreaterThanOrEqual(56);
    await expectAccessible(phone, '/zh/checkin, paired');
    await phone.screenshot({ path: 'test-results/checkin-app-zh-390.png' });

    // The office gives the device a new pairing code (a phone lost, or replaced): the old pairing stops.
    await page.goto('/office/checkin');
    const devices = page.getByRole('region', { name: 'Devices' });
    await expect(devices.getByRole('row').filter({ hasText: name })).toContainText('Paired');
    await devices.getByRole('button', { name: `New pairing code for ${name}` }).click();
    const pairing = page.getByRole('region', { name: `Pairing code for ${name}` });
    await expect(pairing.getByRole('img', { name: `Pairing QR code for ${name}` })).toBeVisible();
    await expect(devices.getByRole('row').filter({ hasText: name })).toContainText('Waiting for pairing');
    const renewed = (await pairing.getByTestId('pairing-link').getAttribute('href'))!;
    await phone.getByRole('button', { name: '立即同步' }).click();
    await expect(
      phone.getByText('此手机的配对已失效（已撤销或已过期）。请向注册处索取新的配对码。'),
    ).toBeVisible();
    await expect(phone.getByRole('button', { name: '开始扫描' })).toBeHidden();
    // The new link pairs the same device again (its copy and queue are kept); the office's page is English, so is the link.
    await phone.goto(renewed);
    await expect(phone.getByText(`Device: ${name}`)).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Start scanning' })).toBeVisible();
    await page.reload();
    await expect(devices.getByRole('row').filter({ hasText: name })).toContainText('Paired');

    // The office revokes the device, after saying what that does.
    await devices.getByRole('button', { name: `Revoke ${name}` }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog).toContainText('Its token stops working at once');
    await dialog.getByRole('button', { name: 'Revoke the device' }).click();
    await expect(
      page.getByText('Device revoked: its token no longer works and its uploads are refused.'),
    ).toBeVisible();
    await expect(devices.getByRole('row').filter({ hasText: name })).toContainText('Revoked');

    // The phone hears of it at its next sync (in Chinese again).
    await phone.goto('/zh/checkin');
    await expect(
      phone.getByText('此手机的配对已失效（已撤销或已过期）。请向注册处索取新的配对码。'),
    ).toBeVisible();
    await expect(phone.getByRole('button', { name: '开始扫描' })).toBeHidden();
    await expectAccessible(phone, '/zh/checkin, revoked');
    await phone.screenshot({ path: 'test-results/checkin-app-zh-revoked-390.png', fullPage: true });
  } finally {
    await cameras.close();
  }
});
