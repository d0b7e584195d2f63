/**
 * Conflicts the office overrides and assignments the committee changes by hand (issue 31,
 * decision 0057), in Chromium: an organiser finds "Review conflicts" in the office's navigation,
 * finds a reviewer at the authors' institution in conflict with an abstract, is asked for a reason
 * and overrides it; the committee opens the abstract and gives one reviewer's assignment to that
 * reviewer, chosen from the category's eligible reviewers. Axe on both; the office's list at 390 px.
 */
import type { Locator, Page } from '@playwright/test';
import { validAbstract } from '../support/bodies';
import { totpCode } from '../support/office';
import { api, bearer, expect, expectAccessible, logInAsNewDelegate, officeOrganiser, test } from './fixtures';
import { screenshots } from './office-ui-steps';
import { pinnedPage, teamMember } from './review-steps';

const SUBMITTING = '2024-05-10T02:00:00Z';
/** The assignment run's clock: before the reviewing journey's, whose run then never waits on this one's lease (decision 0057). */
const EARLY_RUN = '2024-05-18T02:00:00Z';
const CATEGORY = 'control';
const CATEGORY_LABEL = 'Cancer control and health services';



/** Pages through a paged table until `row` is on the page (under npm test the portal is shared with the API tests, whose rows are there too). */
async function pageTo(page: Page, table: Locator, row: Locator) {
  await expect(table).toBeVisible();
  for (let i = 0; i < 20 && !(await row.count()); i++) {
    const first = (await table.getByRole('row').nth(1).textContent()) ?? '';
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(table.getByRole('row').nth(1)).not.toHaveText(first);
  }
  await expect(row).toBeVisible();
}

test('the office overrides a conflict with a reason; the committee gives an assignment to that reviewer', async ({ browser, page }) => {
  test.setTimeout(240_000);
  const author = await pinnedPage(browser, SUBMITTING);
  await logInAsNewDelegate(author, 'conflict-author');
  const title = `PALLIATIVE CARE ACCESS ${Date.now().toString(36).toUpperCase()}`;
  const created = await author.request.post(api('/contribute'), { data: validAbstract({ abstract_category: 'control.survivorship', title_of_abstract: title }), headers: await bearer(author) });
  expect(created.status(), await created.text()).toBe(200);

  await officeOrganiser(page, 'conflict-office');
  // Three reviewers of the category without a conflict: the run's pool when this file runs alone.
  for (const n of [1, 2, 3]) await teamMember(browser, page, `conflict-fair${n}`, { reviewer_categories: [CATEGORY] });
  // The abstract's authors are at the National Cancer Center.
  const colleague = await teamMember(browser, page, 'conflict-ncc', { reviewer_categories: [CATEGORY] }, 'National Cancer Center, Beijing');
  const chair = await teamMember(browser, page, 'conflict-chair', { committee: true });
  const enrol = await chair.page.request.post(api('/office/second_factor/enrol'), { data: {}, headers: await bearer(chair.page) });
  const { secret } = ((await enrol.json()) as { data: { secret: string } }).data;
  expect((await chair.page.request.post(api('/office/second_factor/confirm'), { data: { code: await totpCode(secret) }, headers: await bearer(chair.page) })).status()).toBe(200);
  // The run is an office job: asked for (another file's run under way answers 409: ask again), then followed until done.
  await expect(async () => {
    const run = await chair.page.request.post(api('/review/assignments/run'), { data: {}, headers: { ...(await bearer(chair.page)), 'x-app-now': EARLY_RUN } });
    expect(run.status(), await run.text()).toBe(200);
    const id = ((await run.json()) as { data: { job: { id: string } } }).data.job.id;
    await expect(async () => {
      const runs = (await (await chair.page.request.get(api(`/review/assignments?job=${id}`), { headers: await bearer(chair.page) })).json()) as { data: { job: { state: string } | null } };
      expect(runs.data.job?.state).toBe('done');
    }).toPass({ timeout: 90_000 });
  }).toPass({ timeout: 180_000 });

  // The office: the conflict, a reason asked for, then the override.
  await page.goto('/office');
  const nav = page.getByRole('navigation', { name: 'Office' });
  await nav.getByRole('link', { name: 'Review conflicts' }).click();
  await expect(page.getByRole('heading', { name: 'Review conflicts', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Review category' }).selectOption(CATEGORY);
  const table = page.getByRole('table', { name: `Conflicts in ${CATEGORY_LABEL}` });
  const row = table.getByRole('row').filter({ hasText: title }).filter({ hasText: colleague.email });
  await pageTo(page, table, row);
  await expect(row).toContainText("shares an author's institution");
  await expect(row).toContainText('Holds');
  await expectAccessible(page, 'review conflicts');
  await row.getByRole('button', { name: `Override the conflict of ${colleague.email} with ${title}` }).click();
  const card = page.getByRole('form', { name: 'Override the conflict' });
  await card.getByRole('button', { name: 'Override the conflict' }).click();
  await expect(card.getByText('Please give the reason (it is kept in the audit log).')).toBeVisible();
  await card.getByRole('textbox', { name: 'Reason' }).fill('Another department of the centre; no joint work.');
  await card.getByRole('button', { name: 'Override the conflict' }).click();
  await expect(card).toContainText(`The conflict is overridden: ${colleague.email} may review this abstract`);
  await expect(row).toContainText('Overridden');
  await expect(row).toContainText('Another department of the centre; no joint work.');
  await expect(row.getByRole('button', { name: `Restore the conflict of ${colleague.email} with ${title}` })).toBeVisible();

  // The committee: the abstract's reviewers, one assignment given to the colleague.
  await chair.page.goto('/review/committee');
  await expect(chair.page.getByRole('heading', { name: 'Programme committee', level: 1 })).toBeVisible({ timeout: 45_000 });
  await chair.page.getByRole('combobox', { name: 'Review category' }).selectOption(CATEGORY);
  const ranking = chair.page.getByRole('table', { name: `Ranking of ${CATEGORY_LABEL}` });
  const ranked = ranking.getByRole('button', { name: title });
  await pageTo(chair.page, ranking, ranked);
  await ranked.click();
  const form = chair.page.getByRole('form', { name: 'Change the reviewers' });
  const from = form.getByRole('combobox', { name: 'Take the assignment from' });
  const giveTo = form.getByRole('combobox', { name: 'Give it to' });
  // One of the abstract's reviewers gives way (under npm test the category's pool also holds the API tests' reviewers, so the
  // run may have chosen any of them); the colleague is offered now that the conflict is overridden.
  const fromValue = await from.locator('option').filter({ hasText: /@/ }).first().getAttribute('value');
  await expect(from.locator('option').filter({ hasText: colleague.email })).toHaveCount(0);
  await from.selectOption(fromValue!);
  const toValue = await giveTo.locator('option').filter({ hasText: colleague.email }).getAttribute('value');
  await giveTo.selectOption(toValue!);
  await form.getByRole('button', { name: 'Save the reviewers' }).click();
  await expect(form.getByRole('status')).toContainText(`${colleague.email} reviews this abstract instead of`);
  await expect(chair.page.getByText(new RegExp(`${colleague.email.replace(/[.+]/g, '\\$&')}\\)?: not submitted yet`))).toBeVisible();
  await expectAccessible(chair.page, 'committee reviewers form');
  await form.scrollIntoViewIfNeeded();
  await chair.page.screenshot({ path: `${screenshots}/review-committee-reviewers.png` });

  // The colleague now finds the abstract in their list.
  await colleague.page.goto('/review');
  await expect(colleague.page.getByRole('table', { name: 'Abstracts to review' }).getByRole('link', { name: title })).toBeVisible({ timeout: 45_000 });

  // At 390 px the office's list and its action are usable.
  await page.setViewportSize({ width: 390, height: 844 });
  const restore = row.getByRole('button', { name: `Restore the conflict of ${colleague.email} with ${title}` });
  await restore.scrollIntoViewIfNeeded();
  await expect(restore).toBeVisible();
  await page.screenshot({ path: `${screenshots}/review-conflicts-390.png`, fullPage: true });
});
