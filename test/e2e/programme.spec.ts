/**
 * The published programme (issue 33): /program as a delegate reads it on a phone and a laptop, and
 * "My presentations" as a presenter reads it in the account.
 *
 * The programme is the portal's one: these tests edit it through the committee's API over the
 * draft's version, so they run one after another (two at once would refuse each other's saves
 * with 409). They still never assume they own it: each adds its own rooms and sessions, places
 * whatever else is accepted, and reads back what was published.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { validAbstract } from '../support/bodies';
import { calendarEvents } from '../support/calendar';
import { pptxBytes } from '../support/files';
import type { PublicProgramme } from '#core/programme/public-programme';
import { totpCode } from '../support/office';
import {
  api,
  bearer,
  dynamoOrigin,
  expect,
  expectAccessible,
  logInAsNewDelegate,
  officeOrganiser,
  test,
  uniqueEmail,
} from './fixtures';
import { noSidewaysScroll } from './registration-steps';
import type { MyPresentations } from '#core/programme/my-presentations';
import { pinnedPage, teamMember, userIdOn } from './review-steps';

test.describe.configure({ mode: 'serial' });

test('before the first publication /program says so and offers the PDFs, in both languages', async ({
  page,
  consoleErrors,
}) => {
  // The portal's programme is shared by every test of a run: "not published yet" is the API's answer here.
  await page.route('**/api/v1/admin/programme', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ code: 404, message: 'The programme has not been published yet.', data: null }),
    }),
  );
  await page.route('**/api/v1/admin/programme/status', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 200, message: '', data: { published: false } }) }),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  // The home page's programme cards still lead to the PDFs (in a new window).
  const status = page.waitForResponse('**/api/v1/admin/programme/status');
  await page.goto('/');
  await status;
  const fullCard = page.getByTestId('home-card').filter({ hasText: 'Full Programme' });
  await expect(fullCard).toHaveAttribute('href', '/pdf/full-programme.pdf');
  await expect(fullCard).toHaveAttribute('target', '_blank');
  await page.goto('/program');
  await expect(page.getByRole('heading', { name: 'Programme', level: 1 })).toBeVisible();
  await expect(page.getByText('The programme is not published yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Full Programme (PDF)' })).toHaveAttribute(
    'href',
    '/pdf/full-programme.pdf',
  );
  await expect(page.getByRole('link', { name: 'Program at a glance (PDF)' })).toBeVisible();
  await noSidewaysScroll(page);
  await expectAccessible(page, 'programme not published');
  await page.screenshot({ path: 'test-results/programme-not-published-390.png', fullPage: true });

  await page.goto('/zh/program');
  await expect(page.getByRole('heading', { name: '大会日程', level: 1 })).toBeVisible();
  await expect(page.getByText('日程尚未发布')).toBeVisible();
  await expect(page.getByRole('link', { name: '完整日程（PDF）' })).toBeVisible();
  expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});

/** As the publication of the decisions leaves an abstract (functions/storage/review-publication.ts). */
async function accept(ownerId: string, abstractId: string, outcome: 'oral' | 'poster', number: string) {
  const published_at = '2024-07-01T02:00:00.000Z';
  await documents().send(
    new UpdateCommand({
      TableName: 'congress',
      Key: { pk: `USER#${ownerId}`, sk: `ABSTRACT#${abstractId}` },
      UpdateExpression: 'SET review_outcome = :o, presentation = :p',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':o': { outcome, number, published_at },
        ':p': { type: outcome, accepted_at: published_at, number },
      },
    }),
  );
}
const documents = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamoOrigin(),
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );

interface Draft {
  programme: {
    version: number;
    rooms: { id: string; name: string }[];
    sessions: { id: string; title: string }[];
  };
  problems: { code: string; abstract_ids: string[] }[];
  unplaced: { id: string; type: 'oral' | 'poster' }[];
}

test('a delegate browses the published programme on a phone: the session on now, a talk found by its author and by its number, the posters of a board, in Chinese too', async ({
  browser,
  page,
  pinClock,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36).slice(-5).toUpperCase();

  // Two authors submit in May; the review accepts two orals and two posters.
  const author = await pinnedPage(browser, '2024-05-10T02:00:00Z');
  await logInAsNewDelegate(author, 'programme-author');
  const submit = async (title: string, first: string, last: string) => {
    const r = await author.request.post(api('/contribute'), {
      data: validAbstract({
        title_of_abstract: title,
        authors: [
          {
            first_name: first,
            last_name: last,
            email: uniqueEmail('presenter'),
            institute: 'Henan Cancer Registry',
            city: 'Zhengzhou',
            country: 'China',
          },
        ],
      }),
      headers: await bearer(author),
    });
    expect(r.status(), await r.text()).toBe(200);
    return ((await r.json()) as { data: { id: string } }).data.id;
  };
  const o1 = await submit(`SCREENING UPTAKE IN LINZHOU ${tag}`, 'Wenqiang', `Wei${tag}`);
  const o2 = await submit(`LIVER CANCER SURVIVAL ${tag}`, 'Ana', `Silva${tag}`);
  const p1 = await submit(`REGISTRY COMPLETENESS IN RURAL COUNTIES ${tag}`, 'Łukasz', `Nowak${tag}`);
  const p2 = await submit(`DEATH CERTIFICATE ONLY CASES ${tag}`, 'Ayşe', `Öztürk${tag}`);
  // One more accepted poster this journey does not place itself, as other tests' are in a full run.
  const p3 = await submit(`CHILDHOOD CANCER INCIDENCE ${tag}`, 'Wei', `Zhang${tag}`);
  const ownerId = await userIdOn(author);
  const n = (prefix: string, i: number) =>
    `${prefix}-${String(900 + (parseInt(tag, 36) % 90)).padStart(3, '0')}${i}`;
  await accept(ownerId, o1, 'oral', n('O', 1));
  await accept(ownerId, o2, 'oral', n('O', 2));
  await accept(ownerId, p1, 'poster', n('P', 1));
  await accept(ownerId, p2, 'poster', n('P', 2));
  await accept(ownerId, p3, 'poster', n('P', 3));
  await author.context().close();

  // The programme committee builds the days through its API (its editor is a later slice) and publishes.
  const officePage = await pinnedPage(browser, '2024-07-10T02:00:00Z');
  await officeOrganiser(officePage, 'programme-office');
  const { page: chair } = await teamMember(browser, officePage, 'programme-chair', { committee: true });
  const enrol = await chair.request.post(api('/office/second_factor/enrol'), {
    data: {},
    headers: await bearer(chair),
  });
  const { secret } = ((await enrol.json()) as { data: { secret: string } }).data;
  expect(
    (
      await chair.request.post(api('/office/second_factor/confirm'), {
        data: { code: await totpCode(secret) },
        headers: await bearer(chair),
      })
    ).status(),
  ).toBe(200);
  const call = async (method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown) => {
    const r = await chair.request.fetch(api(`/review/committee/programme${path}`), {
      method,
      data,
      headers: await bearer(chair),
    });
    return { status: r.status(), body: (await r.json()) as { message: string; data: Draft } };
  };
  const ok = async (method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown) => {
    const r = await call(method, path, data);
    expect(r.status, JSON.stringify(r.body).slice(0, 1500)).toBe(200);
    return r.body.data;
  };
  // The programme is the portal's one: this journey starts it again from nothing.
  let draft = await ok('get', '');
  for (const s of draft.programme.sessions)
    draft = await ok('delete', `/sessions/${s.id}`, { version: draft.programme.version });
  for (const r of draft.programme.rooms)
    draft = await ok('delete', `/rooms/${r.id}`, { version: draft.programme.version });
  draft = await ok('post', '/rooms', {
    name: 'Hall A',
    name_zh: '主会场 A 厅',
    capacity: 600,
    version: draft.programme.version,
  });
  draft = await ok('post', '/rooms', {
    name: 'Poster hall',
    name_zh: '壁报展区',
    capacity: 400,
    version: draft.programme.version,
  });
  const [hall, posterHall] = draft.programme.rooms.map((r) => r.id);
  const session = (
    title: string,
    title_zh: string,
    type: string,
    room_id: string | undefined,
    from: string,
    to: string,
    extra: Record<string, unknown> = {},
  ) => ({
    title,
    title_zh,
    type,
    room_id: room_id ?? '',
    starts_at: `${from}+08:00`,
    ends_at: `${to}+08:00`,
    chairs: [{ name: 'Freddie Bray' }],
    talks: [],
    boards: [],
    version: draft.programme.version,
    ...extra,
  });
  draft = await ok(
    'post',
    '/sessions',
    session(
      `Registry methods ${tag}`,
      `登记方法 ${tag}`,
      'oral',
      hall,
      '2024-11-05T09:00',
      '2024-11-05T10:30',
      {
        talks: [
          { abstract_id: o1, minutes: 20 },
          { abstract_id: o2, minutes: 20 },
        ],
      },
    ),
  );
  draft = await ok(
    'post',
    '/sessions',
    session(`Posters ${tag}`, `壁报 ${tag}`, 'poster', posterHall, '2024-11-05T12:00', '2024-11-05T13:30', {
      boards: [
        { abstract_id: p1, board: 1 },
        { abstract_id: p2, board: 2 },
      ],
    }),
  );
  draft = await ok(
    'post',
    '/sessions',
    session('Gala dinner', '晚宴', 'social', undefined, '2024-11-06T18:30', '2024-11-06T21:00', {
      chairs: [],
    }),
  );
  // Every other accepted abstract of the run (other tests') gets a place, then the draft is published;
  // a decision published meanwhile by another test is placed on the next round.
  let published = false;
  for (let round = 0; round < 3 && !published; round++) {
    const orals = draft.unplaced.filter((u) => u.type === 'oral');
    if (orals.length)
      draft = await ok(
        'post',
        '/sessions',
        session(
          `Other orals ${tag} ${round}`,
          `其他口头报告 ${tag} ${round}`,
          'oral',
          hall,
          `2024-11-07T0${round + 1}:00`,
          `2024-11-07T0${round + 2}:00`,
          { talks: orals.map((o) => ({ abstract_id: o.id, minutes: 1 })) },
        ),
      );
    // Their posters in a poster session of their own (numbering ours again would move our boards),
    // at another time than their talks (a presenter is never in two places).
    if (draft.unplaced.some((u) => u.type === 'poster')) {
      draft = await ok(
        'post',
        '/sessions',
        session(
          `Other posters ${tag} ${round}`,
          `其他壁报 ${tag} ${round}`,
          'poster',
          posterHall,
          `2024-11-07T1${round + 2}:00`,
          `2024-11-07T1${round + 3}:00`,
        ),
      );
      const s = draft.programme.sessions.find((x) => x.title === `Other posters ${tag} ${round}`)!;
      draft = await ok('post', `/sessions/${s.id}/boards`, {
        version: draft.programme.version,
        add_unplaced: true,
      });
    }
    expect(draft.problems).toEqual([]);
    const r = await call('post', '/publications', { version: draft.programme.version });
    published = r.status === 200;
    if (!published) draft = await ok('get', '');
  }
  expect(published).toBe(true);
  expect(draft.programme.sessions.some((x) => x.title.startsWith(`Other posters ${tag}`))).toBe(true);

  // A delegate (not logged in) on a phone, during the first session of 5 November.
  await pinClock('2024-11-05T01:20:00Z');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  // The home page's programme cards lead to /program now, in this window.
  const glance = page.getByTestId('home-card').filter({ hasText: 'Program at a glance' });
  await expect(glance).toHaveAttribute('href', '/program');
  await expect(glance).not.toHaveAttribute('target', /./);
  await expect(glance).toHaveAccessibleName(/^Program at a glance/);
  await expect(glance).not.toContainText('new tab');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Programme', exact: true })
    .click();
  await expect(page).toHaveURL(/\/program$/);
  await expect(page.getByRole('heading', { name: 'Programme', level: 1 })).toBeVisible();
  const days = page.getByRole('group', { name: 'Congress days' });
  await expect(days.getByRole('button', { name: '5 November 2024' })).toHaveAttribute('aria-pressed', 'true');
  const methods = page.getByRole('article', { name: `Registry methods ${tag}` });
  await expect(methods).toBeVisible();
  await expect(methods).toContainText('09:00–10:30 CST');
  await expect(methods).toContainText('Oral session');
  await expect(methods).toContainText('Hall A');
  await expect(methods).toContainText('Chairs: Freddie Bray');
  await expect(methods.getByText('On now')).toBeVisible();
  await expect(methods).toContainText(`09:20–09:40 CST · ${n('O', 2)}`);
  await expect(methods).toContainText(`Presenting: Ana Silva${tag}`);
  const posters = page.getByRole('article', { name: `Posters ${tag}` });
  await expect(posters.getByText('Next')).toBeVisible();
  await expect(posters.getByText(`Board 1 · ${n('P', 1)}`)).toBeHidden();
  await posters.getByRole('button', { name: 'Show the posters' }).click();
  await expect(posters.getByText(`Board 1 · ${n('P', 1)}`)).toBeVisible();
  await expect(posters.getByText(`REGISTRY COMPLETENESS IN RURAL COUNTIES ${tag}`)).toBeVisible();
  await noSidewaysScroll(page);
  await expectAccessible(page, 'programme');
  await page.screenshot({ path: 'test-results/programme-390.png', fullPage: true });

  // The calendar: a session's event to import (read back by a real parser), the feed to subscribe to,
  // and the link an event carries back to its session, which opens that session's day.
  const add = methods.getByRole('link', { name: `Add to calendar: Registry methods ${tag}` });
  await expect(add).toBeVisible();
  const ics = await page.request.get((await add.getAttribute('href'))!);
  expect([ics.status(), ics.headers()['content-type']]).toEqual([200, 'text/calendar; charset=utf-8']);
  const [event] = calendarEvents(await ics.text());
  expect([event!.summary, event!.location, event!.starts_at]).toEqual([
    `Registry methods ${tag}`,
    'Hall A',
    '2024-11-05T01:00:00.000Z',
  ]);
  const url = String(event!.url);
  expect(url).toMatch(/\/program#session-/);
  await expect(
    page.getByRole('link', { name: 'Subscribe to the programme in your calendar' }),
  ).toHaveAttribute('href', '/api/v1/admin/programme/calendar?lang=en');
  const gala = draft.programme.sessions.find((x) => x.title === 'Gala dinner')!.id;
  await page.goto(`/program#session-${gala}`);
  await expect(
    page.getByRole('group', { name: 'Congress days' }).getByRole('button', { name: '6 November 2024' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article', { name: 'Gala dinner' })).toBeVisible();

  // Another day, then a search over every day: by an author's name without its accents, then by a number.
  await days.getByRole('button', { name: '6 November 2024' }).click();
  await expect(page.getByRole('article', { name: 'Gala dinner' })).toContainText('Social event');
  await expect(methods).toBeHidden();
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(`ozturk${tag}`);
  await expect(page.getByRole('status').filter({ hasText: 'matches' })).toHaveText('1 session matches.');
  await expect(posters.getByText(`DEATH CERTIFICATE ONLY CASES ${tag}`)).toBeVisible();
  await expect(posters.getByText(`REGISTRY COMPLETENESS IN RURAL COUNTIES ${tag}`)).toBeHidden();
  await search.fill(n('O', 1));
  await expect(methods.getByText(`SCREENING UPTAKE IN LINZHOU ${tag}`)).toBeVisible();
  await expect(methods.getByText(`LIVER CANCER SURVIVAL ${tag}`)).toBeHidden();
  await page.getByRole('button', { name: 'Clear the search and filters' }).click();
  // Back on 5 November (the day chosen before the search was 6 November), the poster sessions only.
  await expect(days.getByRole('button', { name: '6 November 2024' })).toHaveAttribute('aria-pressed', 'true');
  await days.getByRole('button', { name: '5 November 2024' }).click();
  await page.getByRole('combobox', { name: 'Type' }).selectOption('poster');
  await expect(posters).toBeVisible();
  await expect(methods).toBeHidden();
  await expect(page.getByRole('article').filter({ hasNotText: 'Poster session' })).toHaveCount(0);

  // A talk's title leads to its abstract's own page: the text as published, and back to its session.
  await page.goto('/program');
  await methods.getByRole('link', { name: `SCREENING UPTAKE IN LINZHOU ${tag}` }).click();
  await expect(page).toHaveURL(/\/program\/abstracts\/[^/]+$/);
  await expect(page.getByRole('heading', { name: `SCREENING UPTAKE IN LINZHOU ${tag}`, level: 1 })).toBeVisible();
  await expect(page.getByText(n('O', 1), { exact: true })).toBeVisible();
  await expect(page.getByText('Oral presentation', { exact: true })).toBeVisible();
  await expect(page.getByText(/^5 November 2024, \d\d:\d\d–\d\d:\d\d CST$/)).toBeVisible();
  await expect(page.getByText(`Methods ${tag}, Hall A`)).toBeVisible();
  const authors = page.getByRole('region', { name: 'Authors' });
  await expect(authors).toContainText('(presenting)');
  await expect(page.getByRole('region', { name: 'Abstract' }).getByText('Background:')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add this talk to your calendar' })).toBeVisible();
  await noSidewaysScroll(page);
  await expectAccessible(page, 'abstract page');
  await page.screenshot({ path: 'test-results/programme-abstract-390.png', fullPage: true });
  const abstractAddress = page.url();
  await page.getByRole('link', { name: 'Back to the programme' }).click();
  await expect(page).toHaveURL(/\/program#session-/);
  await expect(methods).toBeVisible();

  // Opened from a shared link, the page comes whole from the server (decision 0072): a browser
  // that runs no script at all reads the title, the session and the text.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const plain = await noScript.newPage();
  const served = await plain.goto(abstractAddress);
  expect(served?.status()).toBe(200);
  await expect(plain.getByRole('heading', { name: `SCREENING UPTAKE IN LINZHOU ${tag}`, level: 1 })).toBeVisible();
  await expect(plain.getByText(`Methods ${tag}, Hall A`)).toBeVisible();
  await expect(plain.getByRole('region', { name: 'Abstract' }).getByText('Background:')).toBeVisible();
  await plain.screenshot({ path: 'test-results/programme-abstract-no-script-390.png', fullPage: true });
  await noScript.close();
  // With scripts, the same page is hydrated in place (a mismatch would be a console error) and
  // its links work inside the app; it did not ask the API for the abstract again.
  const asked: string[] = [];
  page.on('request', (r) => void (r.url().includes('/api/v1/admin/programme/abstracts/') && asked.push(r.url())));
  await page.goto(abstractAddress);
  await expect(page.getByRole('heading', { name: `SCREENING UPTAKE IN LINZHOU ${tag}`, level: 1 })).toBeVisible();
  // Hydrated: React has taken over the page's own link (its props are on the element).
  await page.waitForFunction(() => {
    const back = [...document.querySelectorAll('#root a')].find((a) => a.getAttribute('href')?.startsWith('/program#'));
    return Boolean(back && Object.keys(back).some((key) => key.startsWith('__reactProps')));
  });
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole('link', { name: 'Back to the programme' }).click();
  await expect(page).toHaveURL(/\/program#session-/);
  await expect(methods).toBeVisible();
  // The same document: the app moved to the programme, no page was loaded.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(asked).toEqual([]);

  // The same in Chinese: the home page's card, the sessions' Chinese titles and rooms, the words of the page.
  await page.goto('/zh');
  await expect(page.getByTestId('home-card').filter({ hasText: '完整日程' })).toHaveAttribute('href', '/zh/program');
  await page.goto('/zh/program');
  await expect(page.getByRole('heading', { name: '大会日程', level: 1 })).toBeVisible();
  const zhMethods = page.getByRole('article', { name: `登记方法 ${tag}` });
  await expect(zhMethods).toContainText('09:00–10:30（北京时间）');
  await expect(zhMethods).toContainText('口头报告专场');
  await expect(zhMethods).toContainText('主会场 A 厅');
  await expect(zhMethods.getByText('正在进行')).toBeVisible();
  await noSidewaysScroll(page);
  await expectAccessible(page, 'programme in Chinese');
  await page.screenshot({ path: 'test-results/programme-zh-390.png', fullPage: true });
  await zhMethods.getByRole('link', { name: `SCREENING UPTAKE IN LINZHOU ${tag}` }).click();
  await expect(page).toHaveURL(/\/zh\/program\/abstracts\/[^/]+$/);
  await expect(page.getByText('口头报告', { exact: true })).toBeVisible();
  await expect(page.getByText(`登记方法 ${tag}，主会场 A 厅`)).toBeVisible();
  await expect(page.getByRole('region', { name: '作者' })).toContainText('（报告人）');
  await expect(page.getByRole('link', { name: '返回大会日程' })).toBeVisible();
  await expectAccessible(page, 'abstract page in Chinese');
  await page.screenshot({ path: 'test-results/programme-abstract-zh-390.png', fullPage: true });
  expect(consoleErrors).toEqual([]);
});

test('a delegate keeps their own programme: picks a session and a talk, shows only those, and takes their calendar address; in Chinese too', async ({
  page,
  consoleErrors,
}) => {
  // Whatever the run published last: a session with talks, and one of its talks.
  const published = (await (await page.request.get(api('/programme'))).json()) as { data: PublicProgramme };
  const session = published.data.sessions.find((s) => s.talks.length > 1)!;
  const talk = session.talks[1]!;
  expect(session).toBeDefined();

  // Not logged in: the page says how to get one.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/program#session-${session.id}`);
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add to my programme/ })).toHaveCount(0);

  await logInAsNewDelegate(page, 'mine');
  await page.goto(`/program#session-${session.id}`);
  const panel = page.getByRole('region', { name: 'My programme' });
  await expect(panel).toContainText('Nothing picked yet');
  await expect(panel.getByRole('checkbox', { name: 'Show only my programme' })).toBeDisabled();
  const card = page.getByRole('article', { name: session.title });
  await card.getByRole('button', { name: `Add to my programme: ${session.title}` }).click();
  await expect(card.getByRole('button', { name: `In my programme (press to remove): ${session.title}` })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: `Add to my programme: ${talk.title}` }).click();
  await expect(panel).toContainText('2 sessions and talks picked.');
  const address = panel.getByRole('textbox', { name: "Your calendar's address" });
  await expect(address).toHaveValue(/\/api\/v1\/admin\/account\/programme\/calendar\?key=[\w-]{43}&lang=en$/);

  // Only mine: the picked session is there, any other session of its day is not.
  await panel.getByText('Show only my programme').click();
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await noSidewaysScroll(page);
  await expectAccessible(page, 'my programme');
  await page.screenshot({ path: 'test-results/programme-mine-390.png', fullPage: true });

  // The calendar at that address holds the two picks; the picks stay after a reload.
  const ics = await page.request.get(await address.inputValue());
  expect(ics.status()).toBe(200);
  expect(calendarEvents(await ics.text()).map((e) => e.uid).sort()).toEqual(
    [`session-${session.id}@iacr2024-beijing.org`, `talk-${talk.abstract_id}@iacr2024-beijing.org`].sort(),
  );
  await page.reload();
  await expect(page.getByRole('region', { name: 'My programme' })).toContainText('2 sessions and talks picked.');
  await page.getByRole('article', { name: session.title }).getByRole('button', { name: `In my programme (press to remove): ${talk.title}` }).click();
  await expect(page.getByRole('region', { name: 'My programme' })).toContainText('1 session or talk picked.');

  // In Chinese: the panel's words and the buttons.
  await page.goto(`/zh/program#session-${session.id}`);
  const zhPanel = page.getByRole('region', { name: '我的日程' });
  await expect(zhPanel).toContainText('已选择 1 个专场和报告。');
  await expect(page.getByRole('button', { name: /^已在我的日程中（点击移除）：/ })).toHaveCount(1);
  await expect(zhPanel.getByRole('textbox', { name: '您的日历地址' })).toHaveValue(/&lang=zh-Hans$/);
  await expectAccessible(page, 'my programme in Chinese');
  // On a laptop: the programme with the panel, and a talk's own page.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/program#session-${session.id}`);
  await expect(page.getByRole('region', { name: 'My programme' })).toBeVisible();
  await page.screenshot({ path: 'test-results/programme-mine-1366.png' });
  await page.goto(`/program/abstracts/${talk.abstract_id}`);
  await expect(page.getByRole('heading', { name: talk.title, level: 1 })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/programme-abstract-1366.png', fullPage: true });
  expect(consoleErrors).toEqual([]);
});

test('a presenter opens My presentations from the account on a phone, in English and Chinese, and follows the link to upload the slides, uploads them and sees them counted', async ({ browser }) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const number = (prefix: string) => `${prefix}-${String(700 + (parseInt(tag, 36) % 90)).padStart(3, '0')}`;

  // The presenter submits in May (the clock of this page stays there: uploads are open).
  const author = await pinnedPage(browser, '2024-05-10T02:00:00Z');
  await logInAsNewDelegate(author, 'presenter');
  const submit = async (title: string) => {
    const r = await author.request.post(api('/contribute'), {
      data: validAbstract({
        title_of_abstract: title,
        authors: [{ first_name: 'Min', last_name: `Zhao${tag}`, email: uniqueEmail('presenter'), institute: 'Henan Cancer Registry', city: 'Zhengzhou', country: 'China' }],
      }),
      headers: await bearer(author),
    });
    expect(r.status(), await r.text()).toBe(200);
    return ((await r.json()) as { data: { id: string } }).data.id;
  };
  const talk = await submit(`OESOPHAGEAL CANCER SCREENING ${tag}`);
  const poster = await submit(`GASTRIC CANCER TRENDS ${tag}`);
  const ownerId = await userIdOn(author);
  const oralNumber = number('O');
  const posterNumber = number('P');
  await author.setViewportSize({ width: 390, height: 844 });

  // Accepted, nothing published with them yet: the page says where they will appear.
  await accept(ownerId, talk, 'oral', oralNumber);
  await accept(ownerId, poster, 'poster', posterNumber);

  // The committee adds its own room and sessions, places what else is waiting, and publishes.
  const officePage = await pinnedPage(browser, '2024-07-10T02:00:00Z');
  await officeOrganiser(officePage, 'presentations-office');
  const { page: chair } = await teamMember(browser, officePage, 'presentations-chair', { committee: true });
  const enrol = await chair.request.post(api('/office/second_factor/enrol'), { data: {}, headers: await bearer(chair) });
  const { secret } = ((await enrol.json()) as { data: { secret: string } }).data;
  expect((await chair.request.post(api('/office/second_factor/confirm'), { data: { code: await totpCode(secret) }, headers: await bearer(chair) })).status()).toBe(200);
  const call = async (method: 'get' | 'post', path: string, data?: unknown) => {
    const r = await chair.request.fetch(api(`/review/committee/programme${path}`), { method, data, headers: await bearer(chair) });
    return { status: r.status(), body: (await r.json()) as { message: string; data: Draft } };
  };
  const ok = async (method: 'get' | 'post', path: string, data?: unknown) => {
    const r = await call(method, path, data);
    expect(r.status, JSON.stringify(r.body).slice(0, 1500)).toBe(200);
    return r.body.data;
  };
  const room = `Room ${tag}`;
  const session = (title: string, type: 'oral' | 'poster', roomId: string, from: string, to: string, extra: Record<string, unknown>, version: number) => ({
    title,
    title_zh: `${type === 'oral' ? '筛查专场' : '壁报专场'} ${tag}`,
    type,
    room_id: roomId,
    starts_at: `${from}+08:00`,
    ends_at: `${to}+08:00`,
    chairs: [{ name: 'Freddie Bray' }],
    talks: [],
    boards: [],
    version,
    ...extra,
  });
  let published = false;
  for (let round = 0; round < 4 && !published; round++) {
    let draft = await ok('get', '');
    if (!draft.programme.rooms.some((r) => r.name === room)) draft = await ok('post', '/rooms', { name: room, name_zh: `${tag} 号会场`, capacity: 200, version: draft.programme.version });
    const roomId = draft.programme.rooms.find((r) => r.name === room)!.id;
    // Our talk on 7 November at 08:00 with whatever orals are waiting after it, our poster and the waiting posters at 10:00 (ours: board 1).
    const orals = draft.unplaced.filter((u) => u.type === 'oral');
    if (orals.length)
      draft = await ok('post', '/sessions', session(`Screening ${tag} ${round}`, 'oral', roomId, '2024-11-07T08:00', '2024-11-07T09:30', { talks: orals.map((o) => ({ abstract_id: o.id, minutes: o.id === talk ? 15 : 1 })) }, draft.programme.version));
    if (draft.unplaced.some((u) => u.type === 'poster')) {
      draft = await ok('post', '/sessions', session(`Posters ${tag} ${round}`, 'poster', roomId, '2024-11-07T10:00', '2024-11-07T11:30', {}, draft.programme.version));
      const s = draft.programme.sessions.find((x) => x.title === `Posters ${tag} ${round}`)!;
      draft = await ok('post', `/sessions/${s.id}/boards`, { version: draft.programme.version, add_unplaced: true });
    }
    const r = await call('post', '/publications', { version: draft.programme.version });
    published = r.status === 200;
  }
  expect(published).toBe(true);
  await officePage.context().close();
  await chair.context().close();

  // What the latest publication says of our two (another test may have published after us: read it, do not assume it).
  const mine = (await (await author.request.get(api('/account/presentations'), { headers: await bearer(author) })).json()) as { data: MyPresentations };
  const [oral, board] = mine.data.items;
  expect([oral?.number, board?.number]).toEqual([oralNumber, posterNumber]);
  expect(oral!.place).not.toBeNull();
  expect(board!.place?.board).toBeGreaterThan(0);

  // From the account centre, on a phone.
  await author.goto('/admin/center');
  await author.getByRole('link', { name: 'My presentations' }).first().click();
  await expect(author).toHaveURL(/\/admin\/presentations$/);
  await expect(author.getByRole('heading', { name: 'My presentations', level: 1 })).toBeVisible();
  const talkCard = author.getByTestId(`presentation-${oralNumber}`);
  await expect(talkCard.getByRole('heading', { name: `OESOPHAGEAL CANCER SCREENING ${tag}` })).toBeVisible();
  await expect(talkCard.getByText('Oral presentation')).toBeVisible();
  await expect(talkCard.getByText(`Abstract ${oralNumber}`)).toBeVisible();
  await expect(talkCard.getByText(oral!.place!.session_title)).toBeVisible();
  await expect(talkCard.getByText(/\d{2}:\d{2}–\d{2}:\d{2} CST/)).toBeVisible();
  await expect(talkCard.getByText('25 October 2024, 24:00 CST (UTC+8)')).toBeVisible();
  await expect(talkCard.getByText('No slides uploaded yet')).toBeVisible();
  const posterCard = author.getByTestId(`presentation-${posterNumber}`);
  await expect(posterCard.getByText('Board number')).toBeVisible();
  await expect(posterCard.getByText(String(board!.place!.board), { exact: true })).toBeVisible();
  await expect(posterCard.getByText('No poster uploaded yet')).toBeVisible();
  await noSidewaysScroll(author);
  await expectAccessible(author, 'my presentations');
  await author.screenshot({ path: 'test-results/my-presentations-390.png', fullPage: true });

  // In Chinese: every label in Chinese, the room by its Chinese name where the programme gives one.
  await author.goto('/zh/admin/presentations');
  await expect(author.getByRole('heading', { name: '我的报告', level: 1 })).toBeVisible();
  const zhCard = author.getByTestId(`presentation-${oralNumber}`);
  await expect(zhCard.getByText('口头报告')).toBeVisible();
  await expect(zhCard.getByText(/（北京时间）/)).toBeVisible();
  await expect(zhCard.getByText('尚未上传幻灯片')).toBeVisible();
  await noSidewaysScroll(author);
  await author.screenshot({ path: 'test-results/my-presentations-zh-390.png', fullPage: true });

  // The link leads to the upload page of the slides, in the same language.
  await zhCard.getByRole('link', { name: '上传幻灯片' }).click();
  await expect(author).toHaveURL(/\/zh\/oral\/upload$/);
  await expect(author.getByRole('heading', { level: 1 })).toBeVisible();
  // The presenter uploads the slides there; My presentations then says so.
  await author.goto('/oral/upload');
  await author.getByTestId('file-input-oral').setInputFiles({ name: 'my talk.pptx', mimeType: 'application/octet-stream', buffer: pptxBytes(64 * 1024) });
  await expect(author.getByText('my talk.pptx file uploaded successfully.')).toBeVisible();
  await author.goto('/admin/presentations');
  await expect(author.getByTestId(`presentation-${oralNumber}`).getByText('Slides uploaded', { exact: true })).toBeVisible();
  await expect(author.getByTestId(`presentation-${posterNumber}`).getByText('No poster uploaded yet')).toBeVisible();

  // On a laptop the cards stand two a row.
  await author.setViewportSize({ width: 1280, height: 800 });
  await author.goto('/admin/presentations');
  await expect(author.getByTestId(`presentation-${oralNumber}`)).toBeVisible();
  await author.screenshot({ path: 'test-results/my-presentations-1280.png', fullPage: true });
});

test('a delegate without an accepted abstract sees that nothing is listed yet', async ({ page }) => {
  await logInAsNewDelegate(page, 'no-presentation');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/presentations');
  await expect(page.getByText('No accepted presentation yet')).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/my-presentations-empty-390.png', fullPage: true });
});

test('the office builds the abstract book, reads it and publishes it to delegates; /program then offers it', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await officeOrganiser(page, 'book');
  await page.goto('/office/exports');
  await page.getByRole('button', { name: 'Export abstract book (pdf)' }).click();
  // The worker builds it off the request path; the list looks again until it is done.
  const publish = page.getByRole('button', { name: /^Publish to delegates: abstract_book-/ }).first();
  await expect(publish).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page, 'exports with a book');
  await publish.click();
  await expect(page.getByRole('status').filter({ hasText: 'is published to delegates.' })).toBeVisible();

  // A delegate (no login) finds it on /program and gets the PDF.
  const visitor = await page.context().browser()!.newPage();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto('/program');
  const book = visitor.getByRole('link', { name: /^Abstract book \(PDF, (\d+ kB|\d+\.\d MB)\)$/ });
  await expect(book).toBeVisible();
  const pdf = await visitor.request.get((await book.getAttribute('href'))!);
  expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await visitor.goto('/zh/program');
  await expect(visitor.getByRole('link', { name: /^摘要集（PDF，(\d+ kB|\d+\.\d MB)）$/ })).toBeVisible();
  await visitor.close();
  expect(consoleErrors).toEqual([]);
});
