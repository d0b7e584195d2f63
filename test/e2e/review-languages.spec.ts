/**
 * The abstract review in Chinese (issue 32): a reviewer opens /zh/review, finds the abstract in
 * the Chinese queue, opens its review form and reads the criteria, the values of their scales,
 * the proposals and the form's labels in Chinese; a submission without every rating is refused in
 * Chinese on the page, and the API refuses an incomplete submission in Chinese too (X-Language);
 * the complete review is submitted and confirmed in Chinese. Axe on each page; nothing is wider
 * than the screen at 390 px; screenshots at 390 and 1366 px.
 */
import type { Locator, Page } from '@playwright/test';
import { validAbstract } from '../support/bodies';
import { totpCode } from '../support/office';
import { api, bearer, expect, expectAccessible, logInAsNewDelegate, officeOrganiser, test } from './fixtures';
import { screenshots } from './office-ui-steps';
import { pinnedPage, placeWith, runAssignmentFor, teamMember } from './review-steps';

const SUBMITTING = '2024-05-10T02:00:00Z';
/** A review category the other review journeys leave alone. */
const CATEGORY = 'topics';

/** Chooses a radio option as a person does, by its visible label. */
async function choose(group: Locator, option: string) {
  await group.locator('label').filter({ hasText: option }).first().click();
  await expect(group.getByRole('radio', { name: option })).toBeChecked();
}

async function atBothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} at 1366 px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${screenshots}/${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} at 390 px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${screenshots}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('a reviewer reviews an abstract in Chinese: the queue, the criteria and their values, a refused and an accepted submission', async ({ browser, page }) => {
  test.setTimeout(240_000);
  // An author's abstract, submitted before the deadline.
  const author = await pinnedPage(browser, SUBMITTING);
  await logInAsNewDelegate(author, 'zh-review-author');
  const title = `REGISTRY LINKAGE IN CHINESE ${Date.now().toString(36).toUpperCase()}`;
  const created = await author.request.post(api('/contribute'), { data: validAbstract({ abstract_category: 'topics.ai', title_of_abstract: title }), headers: await bearer(author) });
  expect(created.status(), await created.text()).toBe(200);
  const abstractId = ((await created.json()) as { data: { id: string } }).data.id;

  // The office grants a reviewer and a committee member; the committee gives the abstract to the reviewer (through the API, as its page does).
  await officeOrganiser(page, 'zh-review-office');
  const reviewer = await teamMember(browser, page, 'zh-reviewer', { reviewer_categories: [CATEGORY] });
  const chair = await teamMember(browser, page, 'zh-review-chair', { committee: true });
  const enrol = await chair.page.request.post(api('/office/second_factor/enrol'), { data: {}, headers: await bearer(chair.page) });
  const { secret } = ((await enrol.json()) as { data: { secret: string } }).data;
  expect((await chair.page.request.post(api('/office/second_factor/confirm'), { data: { code: await totpCode(secret) }, headers: await bearer(chair.page) })).status()).toBe(200);
  // The committee's run gives the new abstract its reviewers (an office job, followed until it is done); the reviewer is made one of them.
  await runAssignmentFor(chair.page);
  await placeWith(chair.page, abstractId, [reviewer.page]);

  const errors: string[] = [];
  reviewer.page.on('pageerror', (error) => errors.push(error.message));

  // The queue in Chinese.
  const zh = reviewer.page;
  await zh.goto('/zh/review');
  await expect(zh.getByRole('heading', { name: '我的评审', level: 1 })).toBeVisible({ timeout: 45_000 });
  await expect(zh.getByText('供 IACR 2024 摘要评审专家及学术委员会使用。')).toBeVisible();
  const queue = zh.getByRole('table', { name: '待评审的摘要' });
  const row = queue.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('待评审');
  await expect(zh.getByRole('button', { name: '下载我的摘要（CSV）' })).toBeVisible();
  await expect(zh.getByText(/^评审意见可在 2024年6月14日 24:00 \(UTC\+8\) 前保存和修改。$/)).toBeVisible();
  await expect(zh.getByRole('heading', { name: '您的利益冲突' })).toBeVisible();
  await expectAccessible(zh, 'Chinese review queue');
  await atBothWidths(zh, 'review-queue-zh');

  // The review form in Chinese: the criteria with their weights, each value's label, the proposals.
  await row.getByRole('link', { name: title }).click();
  await expect(zh).toHaveURL(new RegExp(`/zh/review/abstracts/${abstractId}$`));
  await expect(zh.getByRole('heading', { name: title })).toBeVisible();
  await expect(zh.getByRole('heading', { name: '评审摘要', level: 1 })).toBeVisible();
  await expect(zh.getByText('本次评审为盲审：不显示作者及其单位。')).toBeVisible();
  await expect(zh.getByText('特定人群与专题：人工智能与大数据在癌症监测中的应用')).toBeVisible();
  const form = zh.getByRole('form', { name: '您的评审意见' });
  await expect(form.getByText('待评审', { exact: true })).toBeVisible();
  const originality = form.getByRole('radiogroup', { name: /^创新性（权重 1）/ });
  await expect(originality.getByRole('radio', { name: '1 - 无新意' })).toBeAttached();
  await expect(form.getByRole('radiogroup', { name: /^方法与数据质量（权重 2）/ }).getByRole('radio', { name: '5 - 堪称典范' })).toBeAttached();
  await expect(form.getByRole('radiogroup', { name: /^与肿瘤登记及防控的相关性（权重 1.5）/ })).toBeVisible();
  await expect(form.getByRole('radiogroup', { name: /^摘要的清晰度（权重 0.5）/ })).toBeVisible();
  await expect(form.getByRole('radiogroup', { name: '您的建议' }).getByRole('radio', { name: '接收为口头报告' })).toBeAttached();
  await expect(form.getByRole('textbox', { name: '给作者的意见（随评审结果发送）' })).toBeVisible();
  await expect(form.getByRole('button', { name: '保存草稿' })).toBeVisible();
  await expect(zh.getByRole('button', { name: '拒绝评审此摘要' })).toBeVisible();
  // No English of the form is left (the abstract's own text is the author's).
  for (const english of ['Your review', 'Originality', 'Clearly new', 'Accept as a poster', 'Submit the review', 'Save as draft']) await expect(form.getByText(english)).toHaveCount(0);

  // A submission without every rating is refused in Chinese, on the page.
  await choose(originality, '4 - 创新明显');
  await form.getByRole('button', { name: '提交评审意见' }).click();
  await expect(form.getByRole('alert')).toHaveText('请为每项评分标准打分（1至5分）。');
  // The API refuses it in Chinese too (the page's language in X-Language), and in English without it.
  const detail = await zh.request.get(api(`/review/abstracts/${abstractId}`), { headers: await bearer(zh) });
  const version = ((await detail.json()) as { data: { review: { version: number } } }).data.review.version;
  const incomplete = { ratings: { originality: 4 }, proposal: 'poster', comment_to_authors: '', comment_to_committee: '', submit: true, version };
  const refusedZh = await zh.request.put(api(`/review/abstracts/${abstractId}/review`), { data: incomplete, headers: { ...(await bearer(zh)), 'x-language': 'zh-Hans' } });
  expect(refusedZh.status()).toBe(422);
  const bodyZh = (await refusedZh.json()) as { message: string; data: { errors: Record<string, string> } };
  expect(bodyZh.message).toBe('请为每项评分标准打分（1至5分）。');
  expect(bodyZh.data.errors.ratings).toBe('请为每项评分标准打分（1至5分）。');
  const refusedEn = await zh.request.put(api(`/review/abstracts/${abstractId}/review`), { data: incomplete, headers: await bearer(zh) });
  expect(((await refusedEn.json()) as { message: string }).message).toBe('Please rate every criterion from 1 to 5.');

  await expectAccessible(zh, 'Chinese review form');
  await atBothWidths(zh, 'review-form-zh');

  // The complete review is submitted and confirmed in Chinese.
  await choose(form.getByRole('radiogroup', { name: /^方法与数据质量/ }), '4 - 可靠');
  await choose(form.getByRole('radiogroup', { name: /^与肿瘤登记及防控的相关性/ }), '5 - 至关重要');
  await choose(form.getByRole('radiogroup', { name: /^摘要的清晰度/ }), '3 - 可以理解');
  await choose(form.getByRole('radiogroup', { name: '您的建议' }), '接收为壁报');
  await form.getByRole('textbox', { name: '给作者的意见（随评审结果发送）' }).fill('设计清晰；请按年龄组给出覆盖率。');
  await form.getByRole('button', { name: '提交评审意见' }).click();
  await expect(form.getByRole('status')).toHaveText('您的评审意见已提交。评审截止前您仍可修改。');
  await expect(form.getByText('已提交', { exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: '保存修改' })).toBeVisible();
  await expect(zh.getByRole('heading', { name: '其他评审意见' })).toBeVisible();
  await atBothWidths(zh, 'review-form-submitted-zh');

  // Back in the queue (the link keeps /zh), the abstract is submitted.
  await zh.getByRole('link', { name: '返回您的摘要列表' }).click();
  await expect(zh).toHaveURL(/\/zh\/review$/);
  await expect(queue.getByRole('row').filter({ hasText: title })).toContainText('已提交');
  expect(errors).toEqual([]);
});
