/**
 * The abstract review in Chromium (issue 31, first part): an author's abstract is submitted; the
 * office grants two reviewers and a committee member; the committee member opens the committee's
 * page from the menu and runs the assignment; a reviewer finds "Abstract review" in the menu, sees
 * the abstract in the queue, reads it blind, saves a draft, finds it again after a reload and
 * submits; the other reviewer declines with a reason; the committee ranks the category and decides
 * the abstract as a poster within its boards. Axe on each page; the review form at 390 px.
 */
import fs from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { validAbstract } from '../support/bodies';
import { api, bearer, expect, expectAccessible, logInAsNewDelegate, mailOrigin, officeOrganiser, test } from './fixtures';
import { pptxBytes } from '../support/files';
import { screenshots } from './office-ui-steps';
import { pinnedPage, placeWith, teamMember } from './review-steps';
import { totpCode } from '../support/office';

const SUBMITTING = '2024-05-10T02:00:00Z';
/** A review category the other browser tests leave alone. */
const CATEGORY = 'aetiology';



/** Chooses a radio option as a person does, by its visible label. */
async function choose(group: Locator, option: string) {
  await group.locator('label').filter({ hasText: option }).first().click();
  await expect(group.getByRole('radio', { name: option })).toBeChecked();
}

test('the committee assigns; a reviewer drafts, reloads and submits a blind review; another declines; the committee decides and publishes; the author reads "Accepted as poster", the mail, and uploads the poster', async ({ browser, page }) => {
  test.setTimeout(360_000);
  // The author's abstract, submitted before the deadline.
  const author = await pinnedPage(browser, SUBMITTING);
  const submitter = await logInAsNewDelegate(author, 'review-author');
  const title = `CERVICAL SCREENING COVERAGE ${Date.now().toString(36).toUpperCase()}`;
  const created = await author.request.post(api('/contribute'), { data: validAbstract({ abstract_category: 'aetiology.environment', title_of_abstract: title }), headers: await bearer(author) });
  expect(created.status(), await created.text()).toBe(200);

  await officeOrganiser(page, 'review-office');
  const reviewer = await teamMember(browser, page, 'review-reviewer', { reviewer_categories: [CATEGORY] });
  const decliner = await teamMember(browser, page, 'review-decliner', { reviewer_categories: [CATEGORY] });
  const chair = await teamMember(browser, page, 'review-chair', { committee: true });

  // Before the assignment the reviewer's list says what will happen.
  await reviewer.page.goto('/congress/venue');
  await reviewer.page.getByRole('banner').getByRole('button', { name: 'My portal' }).click();
  const menuLink = reviewer.page.getByRole('banner').getByRole('link', { name: 'Abstract review' });
  await expect(menuLink).toBeVisible();
  await menuLink.click();
  await expect(reviewer.page.getByRole('heading', { name: 'My reviews', level: 1 })).toBeVisible({ timeout: 45_000 });
  await expect(reviewer.page.getByRole('table', { name: 'Abstracts to review' }).getByText(title)).toHaveCount(0);

  // The committee member: the menu, the second factor (set up through the API, the code typed on the page), the assignment.
  const enrol = await chair.page.request.post(api('/office/second_factor/enrol'), { data: {}, headers: await bearer(chair.page) });
  const { secret } = ((await enrol.json()) as { data: { secret: string } }).data;
  expect((await chair.page.request.post(api('/office/second_factor/confirm'), { data: { code: await totpCode(secret) }, headers: await bearer(chair.page) })).status()).toBe(200);
  await chair.page.goto('/review/committee');
  await expect(chair.page.getByRole('heading', { name: 'Programme committee', level: 1 })).toBeVisible({ timeout: 45_000 });
  await expectAccessible(chair.page, 'committee page');
  await chair.page.getByRole('button', { name: 'Run the assignment' }).click();
  await chair.page.getByRole('alertdialog', { name: 'Assign reviewers now?' }).getByRole('button', { name: 'Assign' }).click();
  // The run is an office job: the page follows it until it says what it assigned.
  await expect(chair.page.getByRole('status').filter({ hasText: /assignments? made/ })).toBeVisible({ timeout: 90_000 });
  // Under npm test the category's pool also holds the API tests' reviewers, and the run spreads the
  // work over all of them: the committee gives this abstract to our two by hand where the run did not
  // (the change of reviewers is the committee's own, tested in review-conflicts.spec.ts).
  const abstractId = ((await created.json()) as { data: { id: string } }).data.id;
  await placeWith(chair.page, abstractId, [reviewer.page, decliner.page]);

  // The reviewer's list now has the abstract, with the progress.
  await reviewer.page.reload();
  const queue = reviewer.page.getByRole('table', { name: 'Abstracts to review' });
  const row = queue.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('To review');
  await expect(reviewer.page.getByRole('progressbar')).toBeVisible();
  await expectAccessible(reviewer.page, 'review queue');
  // The assigned abstracts for reading offline: a CSV with the abstract's text, blind.
  const [copy] = await Promise.all([reviewer.page.waitForEvent('download'), reviewer.page.getByRole('button', { name: 'Download my abstracts (CSV)' }).click()]);
  expect(copy.suggestedFilename()).toMatch(/^abstracts-to-review-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const copyText = (await fs.readFile((await copy.path())!)).toString('utf8');
  expect(copyText).toContain(title);
  expect(copyText).not.toContain('Zhang1');
  await row.getByRole('link', { name: title }).click();

  // Blind: the text, not the authors or their institution.
  await expect(reviewer.page.getByRole('heading', { name: title })).toBeVisible();
  await expect(reviewer.page.getByText('The review is blind: the authors and their institutions are not shown.')).toBeVisible();
  await expect(reviewer.page.getByRole('main').getByText('Zhang1')).toHaveCount(0);
  await expect(reviewer.page.getByRole('main').getByText('National Cancer Center')).toHaveCount(0);

  const form = reviewer.page.getByRole('form', { name: 'Your review' });
  await choose(form.getByRole('radiogroup', { name: /^Originality/ }), '4 - Clearly new');
  await form.getByRole('textbox', { name: 'Comment to the authors (sent with the decision)' }).fill('A clear design; give the coverage by age group.');
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(form.getByRole('status')).toContainText('Your draft is saved.');

  // After a reload the draft is there.
  await reviewer.page.reload();
  await expect(form.getByText('Draft saved')).toBeVisible();
  await expect(form.getByRole('radio', { name: '4 - Clearly new' })).toBeChecked();
  await expect(form.getByRole('textbox', { name: 'Comment to the authors (sent with the decision)' })).toHaveValue('A clear design; give the coverage by age group.');
  await expectAccessible(reviewer.page, 'review form');

  // Submitting without every rating is refused on the page, and nothing is lost.
  await form.getByRole('button', { name: 'Submit the review' }).click();
  await expect(form.getByRole('alert')).toContainText('Please rate every criterion from 1 to 5.');
  await choose(form.getByRole('radiogroup', { name: /^Methods and data quality/ }), '4 - Sound');
  await choose(form.getByRole('radiogroup', { name: /^Relevance/ }), '5 - Essential');
  await choose(form.getByRole('radiogroup', { name: /^Clarity/ }), '3 - Understandable');
  await choose(form.getByRole('radiogroup', { name: 'Your proposal' }), 'Accept as a poster');
  await form.getByRole('button', { name: 'Submit the review' }).click();
  await expect(form.getByRole('status')).toContainText('Your review is submitted. You can change it until the review closes.');
  await expect(form.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(reviewer.page.getByRole('heading', { name: 'The other reviews' })).toBeVisible();

  // At 390 px the form is usable.
  await reviewer.page.setViewportSize({ width: 390, height: 844 });
  const submit = form.getByRole('button', { name: 'Save the changes' });
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeVisible();
  expect(await reviewer.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await reviewer.page.screenshot({ path: `${screenshots}/review-form-390.png`, fullPage: true });

  await reviewer.page.getByRole('link', { name: 'Back to your abstracts' }).click();
  await expect(queue.getByRole('row').filter({ hasText: title })).toContainText('Submitted');

  // The other reviewer declines with a reason (a reason is required).
  await decliner.page.goto('/review');
  await decliner.page.getByRole('table', { name: 'Abstracts to review' }).getByRole('link', { name: title }).click();
  await decliner.page.getByRole('button', { name: 'Decline this abstract' }).click();
  const dialog = decliner.page.getByRole('alertdialog', { name: 'Decline this abstract?' });
  await dialog.getByRole('button', { name: 'Decline it' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Please say why you decline');
  await dialog.getByRole('textbox', { name: 'Why you decline' }).fill('I supervised the first author.');
  await dialog.getByRole('button', { name: 'Decline it' }).click();
  await expect(decliner.page.getByRole('status')).toContainText('You declined this abstract.');
  await decliner.page.getByRole('link', { name: 'Back to your abstracts' }).first().click();
  await expect(decliner.page.getByRole('table', { name: 'Abstracts to review' }).getByText(title)).toHaveCount(0);

  // The committee ranks the category and decides, within its poster boards.
  await chair.page.reload();
  await chair.page.getByRole('combobox', { name: 'Review category' }).selectOption(CATEGORY);
  const ranking = chair.page.getByRole('table', { name: 'Ranking of Aetiology and risk factors' });
  const ranked = ranking.getByRole('row').filter({ hasText: title });
  // (4 x 1 + 4 x 2 + 5 x 1.5 + 3 x 0.5) / 5 = 4.20, from one review; the other declined.
  await expect(ranked).toContainText('4.20');
  await expect(ranked).toContainText('oral 0 · poster 1 · reject 0');
  // Under npm test the portal is shared with the API tests, whose decisions and slots are there too: count from what is there.
  const slots = chair.page.getByRole('group', { name: 'Slots' });
  await expect(slots).toContainText(/Poster boards: \d+ of \d+ decided/);
  const [, before, quota] = /Poster boards: (\d+) of (\d+) decided/.exec((await slots.textContent()) ?? '')!;
  await ranked.getByRole('button', { name: title }).click();
  await expect(chair.page.getByText('I supervised the first author.', { exact: false })).toBeVisible();
  const decision = chair.page.getByRole('form', { name: 'Pending decision' });
  await decision.getByRole('combobox', { name: 'Pending decision' }).selectOption('poster');
  await decision.getByRole('button', { name: 'Save the decision' }).click();
  await expect(decision.getByRole('status')).toContainText('Pending: Accept as poster. Nothing is sent until the committee publishes the decisions.');
  await expect(slots).toContainText(`Poster boards: ${Number(before) + 1} of ${quota} decided`);
  await expect(ranked).toContainText('Accept as poster');
  await expect(chair.page.getByRole('form', { name: 'Slots per category' }).getByRole('group', { name: 'Aetiology and risk factors' })).toContainText(`Poster boards (${Number(before) + 1} decided)`);
  await expectAccessible(chair.page, 'committee deciding');
  await chair.page.screenshot({ path: `${screenshots}/review-committee.png`, fullPage: true });

  // The committee previews the authors' mail, then publishes the category.
  await chair.page.getByRole('button', { name: "Preview the authors' mail" }).click();
  const preview = chair.page.getByRole('region', { name: "The authors' mail" });
  await expect(preview).toContainText(`Subject: Accepted as poster P-###: ${title}`);
  await expect(preview).toContainText('Reviewer 1: A clear design; give the coverage by age group.');
  await chair.page.getByRole('combobox', { name: 'What to publish' }).selectOption(CATEGORY);
  await chair.page.getByRole('button', { name: 'Publish the decisions' }).click();
  await chair.page.getByRole('alertdialog', { name: 'Publish the decisions now?' }).getByRole('button', { name: 'Publish' }).click();
  await expect(chair.page.getByRole('status').filter({ hasText: 'The decisions are being published' })).toBeVisible();
  // Under npm test the API tests' publications are listed too (by their pinned clocks): ours is the category's.
  const publications = chair.page.getByRole('table', { name: 'Publications' });
  await expect(publications.getByRole('row').filter({ hasText: 'Aetiology and risk factors' }).first()).toContainText('Done', { timeout: 90_000 });
  await expectAccessible(chair.page, 'committee publication');
  await chair.page.screenshot({ path: `${screenshots}/review-publication.png`, fullPage: true });

  // The author sees the outcome and its number in the list of abstracts, and has the mail.
  await author.goto('/admin/pre');
  const mine = author.getByRole('table', { name: 'Your abstracts' }).getByRole('row').filter({ hasText: title });
  await expect(mine).toContainText(/Accepted as poster P-\d{3}/, { timeout: 45_000 });
  const number = /P-\d{3}/.exec((await mine.textContent()) ?? '')![0];
  await expectAccessible(author, 'abstracts with their status');
  await author.screenshot({ path: `${screenshots}/review-author-status.png`, fullPage: true });
  const mails = (await (await fetch(`${mailOrigin()}/store`)).json()) as { emails: { destination: { to: string[] }; subject: string; body: { text?: string } }[] };
  const mail = mails.emails.find((m) => m.subject === `Accepted as poster ${number}: ${title}` && m.destination.to.some((d) => d.toLowerCase() === submitter.toLowerCase()));
  expect(mail, `a mail "Accepted as poster ${number}: ${title}"`).toBeTruthy();
  expect(mail!.body.text).toContain(`Its number is ${number}.`);
  expect(mail!.body.text).toContain('/poster/upload');

  // The poster page offers the accepted abstract and ties the upload to it.
  await author.goto('/poster/upload');
  const presents = author.getByRole('combobox', { name: 'The accepted abstract this poster presents' });
  await expect(presents).toBeVisible({ timeout: 45_000 });
  await expect(presents.locator('option', { hasText: `${number}: ${title}` })).toHaveCount(1);
  await author.getByTestId('file-input-poster').setInputFiles({ name: 'Coverage poster.pptx', mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', buffer: pptxBytes(200_000) });
  await expect(author.getByText('Coverage poster.pptx file uploaded successfully.')).toBeVisible({ timeout: 30_000 });
  await expect(author.getByRole('list', { name: 'Your poster files' })).toContainText(`Presents ${number}: ${title}`);
  await expectAccessible(author, 'poster page with its abstract');

  // The office's outbox: the mails of the publication, each sent.
  await page.goto('/office/decision-mails');
  const publication = page.getByRole('combobox', { name: 'Publication' });
  await expect(publication).toBeVisible({ timeout: 45_000 });
  const ours = (await publication.locator('option', { hasText: 'Aetiology and risk factors' }).first().getAttribute('value'))!;
  await publication.selectOption(ours);
  const outbox = page.getByRole('table', { name: 'Mails of the publication' });
  await expect(outbox.getByRole('row').filter({ hasText: 'wei.zhang2@example.org' }).first()).toContainText('Sent', { timeout: 45_000 });
  await expectAccessible(page, 'decision mails');
  await page.screenshot({ path: `${screenshots}/office-decision-mails.png`, fullPage: true });
});
