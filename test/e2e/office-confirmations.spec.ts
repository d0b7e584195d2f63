/**
 * Nothing moves money or mails many delegates before the organiser has read what it does (issue
 * 29, item 7), as a person sees it at 1366 and 390 px: the dialog names the amount, the delegate,
 * the method and what follows, or the number of recipients; "Cancel" / "Don't send" leaves
 * everything as it was; confirming acts.
 */
import type { Page } from '@playwright/test';
import type { JobView } from '#core/office/jobs';
import { api, bearer, expect, expectAccessible, mailOrigin, officeOrganiser, test } from './fixtures';
import { AUGUST, apiDelegate, openPage, screenshots } from './office-ui-steps';

/** The dialog at both widths: on screen, inside the viewport, screenshotted. */
async function dialogAtBothWidths(page: Page, name: string) {
  const dialog = page.getByRole('alertdialog');
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${screenshots}/${name}-${width}.png` });
  }
}

test('confirming a transfer and cancelling an order say what will happen first, and "Cancel" changes nothing', async ({ browser, page, pinClock }) => {
  test.setTimeout(180_000);
  const delegate = await apiDelegate(browser, 'confirm');
  const order = await delegate.place();
  await delegate.context.close();
  await pinClock(AUGUST);
  await officeOrganiser(page, 'confirm-office');
  await page.setViewportSize({ width: 1366, height: 900 });
  await openPage(page, `/office/orders/${order.id}`, `Order ${order.order_no}`);
  const money = page.getByRole('region', { name: 'Money' });
  const confirm = page.getByRole('form', { name: 'Confirm a transfer' });

  await confirm.getByRole('textbox', { name: 'Amount received (US$)' }).fill('400.00');
  await confirm.getByRole('button', { name: 'Confirm the transfer' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Book US$400.00 for order ${order.order_no}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`US$400.00 received by bank transfer from Wei Zhang (${delegate.email}), order ${order.order_no}, which awaits US$650.00.`);
  await expect(dialog).toContainText('US$250.00 is still missing: the order stays Checking and the delegate is told by mail what is missing.');
  await expectAccessible(page, 'transfer confirmation');
  await dialogAtBothWidths(page, 'confirm-transfer-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(money).toContainText('received US$0.00');

  // More than awaited: the surplus is said before it is booked.
  await confirm.getByRole('textbox', { name: 'Amount received (US$)' }).fill('700.00');
  await confirm.getByRole('button', { name: 'Confirm the transfer' }).click();
  const more = page.getByRole('alertdialog', { name: `Book US$700.00 for order ${order.order_no}?` });
  await expect(more).toContainText('The order becomes Paid. US$50.00 more than awaited arrived: it becomes a bank refund to Wei Zhang, for the office to send.');
  await more.getByRole('button', { name: 'Book US$700.00' }).click();
  // The order is Paid: the form goes, its answer stays on the page.
  await expect(page.getByRole('region', { name: 'Money' }).getByRole('status').filter({ hasText: 'The transfer is confirmed' })).toBeVisible();
  await expect(money).toContainText('received US$700.00');

  // Cancelling with another amount: the refund, its method and the reason, before anything moves.
  const cancel = page.getByRole('form', { name: 'Cancel the order' });
  await cancel.getByText('Another amount').click();
  await cancel.getByRole('textbox', { name: 'Refund (US$)' }).fill('325.00');
  await cancel.getByRole('textbox', { name: 'Reason' }).fill('Visa refused');
  await cancel.getByRole('button', { name: 'Cancel the order' }).click();
  const cancelling = page.getByRole('alertdialog', { name: `Cancel order ${order.order_no}?` });
  await expect(cancelling).toContainText(`Order ${order.order_no} of Wei Zhang (${delegate.email}) is cancelled.`);
  await expect(cancelling).toContainText('US$325.00 is refunded by bank transfer: the office sends it from the congress account and records it as sent.');
  await expect(cancelling).toContainText('The reason, which the delegate reads: Visa refused');
  await dialogAtBothWidths(page, 'cancel-order-dialog');
  await cancelling.getByRole('button', { name: 'Keep the order' }).click();
  await expect(cancelling).toBeHidden();
  await expect(page.getByText(/\): Paid$/)).toBeVisible();
  await cancel.getByRole('button', { name: 'Cancel the order' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel and refund US$325.00' }).click();
  await expect(page.getByText(/\): Refunding$/)).toBeVisible();
});

test('the transfers page looks the order up by its reference before asking; a retry with nothing failed is refused without a dialog', async ({ browser, page, pinClock }) => {
  test.setTimeout(180_000);
  const delegate = await apiDelegate(browser, 'confirm-ref');
  const order = await delegate.place();
  await delegate.context.close();
  await pinClock(AUGUST);
  await officeOrganiser(page, 'confirm-ref-office');
  await openPage(page, '/office/transfers', 'Bank transfers');
  const confirm = page.getByRole('form', { name: 'Confirm a transfer' });
  await confirm.getByRole('textbox', { name: 'Payment reference' }).fill(order.reference.toLowerCase());
  await confirm.getByRole('textbox', { name: 'Amount received (US$)' }).fill('650');
  await confirm.getByRole('button', { name: 'Confirm the transfer' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Book US$650.00 for order ${order.order_no}?` });
  await expect(dialog).toContainText(`from Wei Zhang (${delegate.email}), order ${order.order_no}, which awaits US$650.00.`);
  await expect(dialog).toContainText('The order becomes Paid and the delegate is told by mail.');
  await dialog.getByRole('button', { name: 'Book US$650.00' }).click();
  await expect(confirm.getByRole('status')).toContainText('The transfer is confirmed: the order is paid');

  const retry = page.getByRole('form', { name: 'Try a failed card refund again' });
  await retry.getByRole('textbox', { name: 'Payment reference' }).fill(order.reference);
  await retry.getByRole('button', { name: 'Try the refund again' }).click();
  await expect(retry.getByRole('alert')).toContainText('This order has no failed refund to try again.');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('a mail to many says how many delegates get it before it is sent; "Don\'t send" sends nothing', async ({ browser, page, pinClock }) => {
  test.setTimeout(180_000);
  const delegate = await apiDelegate(browser, 'confirm-mail');
  const order = await delegate.place();
  await delegate.context.close();
  await pinClock(AUGUST);
  await officeOrganiser(page, 'confirm-mail-office');
  expect((await page.request.post(api(`/office/transfers/${order.reference}/received`), { data: { amount: '650.00' }, headers: await bearer(page) })).status()).toBe(200);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openPage(page, '/office/mail', 'Mail to delegates');
  const form = page.getByRole('form', { name: 'Write a mail' });
  const subject = `Not sent ${Date.now().toString(36)}`;
  await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await form.getByRole('textbox', { name: 'Text' }).fill('Dear {first_name}, this is never sent.');
  await form.getByRole('button', { name: 'Send the mail' }).click();
  const dialog = page.getByRole('alertdialog', { name: /^Send this mail to \d+ delegates?\?$/ });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  const count = Number(/(\d+)/.exec((await dialog.getByRole('heading').first().textContent())!)![1]);
  expect(count).toBeGreaterThanOrEqual(1);
  await expect(dialog).toContainText(`${count} delegate${count === 1 ? '' : 's'} get it (All paid orders; one mail per address).`);
  await expect(dialog).toContainText(`Subject: ${subject}`);
  await expect(dialog.getByRole('button', { name: `Send to ${count} delegate${count === 1 ? '' : 's'}` })).toBeEnabled();
  await expectAccessible(page, 'mail confirmation');
  await dialogAtBothWidths(page, 'mail-dialog');
  await dialog.getByRole('button', { name: "Don't send" }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The mail was not sent: nobody gets it.' })).toBeVisible();
  const listed = page.getByRole('list', { name: 'Mails sent' }).getByRole('listitem').filter({ hasText: subject });
  await expect(listed).toContainText('Not sent');
  // The count said is the job's, and no delegate got the mail.
  const jobs = ((await (await page.request.get(api('/office/mail'), { headers: await bearer(page) })).json()) as { data: { items: JobView[] } }).data.items;
  expect(jobs.find((j) => j.label === subject)).toMatchObject({ state: 'cancelled', total: count });
  const store = (await (await fetch(`${mailOrigin()}/store`)).json()) as { emails: { subject: string }[] };
  expect(store.emails.some((m) => m.subject.startsWith('Not sent'))).toBe(false);
});
