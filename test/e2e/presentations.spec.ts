/**
 * Poster and oral uploads in Chromium: a 30 MB pptx goes straight to S3 with a moving progress
 * bar and is listed once the server has checked it; removal asks first; a PDF dropped on the
 * oral page is refused before anything is sent.
 */
import { MiB, pptxBytes } from '../support/files';
import { expect, expectAccessible, logInAsNewDelegate, test } from './fixtures';

test('upload a 30 MB poster with a moving progress bar, then remove it', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await logInAsNewDelegate(page, 'poster');
  await page.goto('/poster/upload');
  await expect(page.getByRole('heading', { name: 'Poster upload' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Poster guideline/ })).toBeVisible();
  await expect(page.getByText('You have not uploaded a poster yet.')).toBeVisible();
  await expectAccessible(page, 'poster page');

  // Slow the upload link to about 15 MB/s, so the bar has time to move on loopback.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 15 * MiB });

  const bytes = pptxBytes(30 * MiB);
  await page.getByTestId('file-input-poster').setInputFiles({
    name: 'My poster.pptx',
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    buffer: bytes,
  });
  const bar = page.getByRole('progressbar', { name: 'Uploading My poster.pptx' });
  await expect(bar).toBeVisible();
  const seen = new Set<number>();
  while (await bar.isVisible().catch(() => false)) {
    // A short timeout: the bar may vanish between the two calls (a locator call would otherwise wait for it).
    const now = Number(await bar.getAttribute('aria-valuenow', { timeout: 200 }).catch(() => null));
    if (Number.isFinite(now)) seen.add(now);
    await page.waitForTimeout(50);
  }
  const between = [...seen].filter((v) => v > 0 && v < 100);
  expect(between.length, `progress values seen: ${[...seen].sort((a, b) => a - b).join(', ')}`).toBeGreaterThanOrEqual(2);

  await expect(page.getByText('My poster.pptx file uploaded successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your files (1 of 5)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download My poster.pptx' })).toBeVisible();
  await expect(page.getByText('30.0 MB')).toBeVisible();

  // Still there after a reload: it is stored, not just shown.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Download My poster.pptx' })).toBeVisible();

  await page.getByRole('button', { name: 'Remove My poster.pptx' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this file?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('You have not uploaded a poster yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('You have not uploaded a poster yet.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a PDF dropped on the oral page is refused at once; a file can be cancelled mid-way', async ({ page }) => {
  await logInAsNewDelegate(page, 'oral');
  await page.goto('/oral/upload');
  await expect(page.getByRole('heading', { name: 'Oral presentation upload' })).toBeVisible();

  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['%PDF-1.4 slides'], 'talk.pdf', { type: 'application/pdf' }));
    return dt;
  });
  await page.getByTestId('drop-zone-oral').dispatchEvent('drop', { dataTransfer });
  await expect(page.getByRole('alert').filter({ hasText: 'talk.pdf: You can only upload ppt or pptx files.' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  // Over 20 MB is refused before upload too.
  await page.getByTestId('file-input-oral').setInputFiles({ name: 'long talk.pptx', mimeType: 'application/octet-stream', buffer: pptxBytes(21 * MiB) });
  await expect(page.getByText('long talk.pptx: File Must Smaller Than 20MB')).toBeVisible();

  // Cancel: slow the link right down, start, cancel; nothing is listed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
  await page.getByTestId('file-input-oral').setInputFiles({ name: 'slides.pptx', mimeType: 'application/octet-stream', buffer: pptxBytes(5 * MiB) });
  await expect(page.getByRole('progressbar', { name: 'Uploading slides.pptx' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the upload of slides.pptx' }).click();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText('You have not uploaded a presentation yet.')).toBeVisible();
  await expectAccessible(page, 'oral page');
  // The cancelled upload gave its place back: nothing is left unfinished.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.goto('/admin/center');
  await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unfinished uploads' })).toHaveCount(0);
});

test('an upload left unfinished is listed in the account centre and can be removed there', async ({ page }) => {
  await logInAsNewDelegate(page, 'unfinished');
  const token = await page.evaluate(() => localStorage.getItem('userToken'));
  // As if the tab had been closed half-way: signed, never confirmed.
  const presign = await page.request.post('/api/v1/admin/uploads/presign', {
    headers: { authorization: `Bearer ${token}` },
    data: { purpose: 'poster', file_name: 'Half-uploaded poster.pptx', size: 2 * MiB },
  });
  expect(presign.status()).toBe(200);
  await page.goto('/admin/center');
  const section = page.getByRole('region', { name: 'Unfinished uploads' });
  await expect(section).toBeVisible();
  await expect(section.getByText('Half-uploaded poster.pptx')).toBeVisible();
  await expect(section.getByText('Upload not finished.')).toBeVisible();
  await expectAccessible(page, 'account centre with an unfinished upload');
  await section.getByRole('button', { name: 'Remove Half-uploaded poster.pptx' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this file?' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('The file has been removed.')).toBeVisible();
  await expect(section).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unfinished uploads' })).toHaveCount(0);
});
