/**
 * The programme committee builds the programme in its editor (issue 33): a room and an oral session
 * through the page, two accepted orals placed and put in another order with the keyboard, a poster
 * session numbered and one board set by hand, a room booked twice seen and fixed, a save over a
 * draft another member changed meanwhile (409) said and kept, the publication confirmed with what
 * it holds, the version read back, and a delegate finding the session on /program. Axe on the
 * editor; screenshots at 1366 and 390 px.
 *
 * The programme is the portal's one, shared by every test of a run: this journey works in a room of
 * its own on 4 November (no other test uses that day), places every other accepted abstract it
 * finds through the API before publishing (as test/e2e/programme.spec.ts does), and leaves its
 * sessions valid behind it, so that another test's publication is not refused because of them.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@playwright/test';
import { validAbstract } from '../support/bodies';
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
import { pinnedPage, teamMember, userIdOn } from './review-steps';

const documents = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamoOrigin(),
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );

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

interface Draft {
  programme: {
    version: number;
    rooms: { id: string; name: string }[];
    sessions: { id: string; title: string }[];
  };
  problems: { code: string }[];
  unplaced: { id: string; type: 'oral' | 'poster' }[];
}

/** The committee's API as the page calls it, for what this journey does not do through the page (another member's change, other tests' abstracts). */
function committeeApi(chair: Page) {
  const call = async (method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown) => {
    const r = await chair.request.fetch(api(`/review/committee/programme${path}`), {
      method,
      data,
      headers: await bearer(chair),
    });
    const body = (await r.json()) as { message: string; data: Draft };
    expect(r.status(), JSON.stringify(body).slice(0, 1500)).toBe(200);
    return body.data;
  };
  return call;
}

test('the committee builds a day in the editor (two oral sessions and a poster session), sees a room booked twice and fixes it, publishes, and a delegate sees the session on /program', async ({
  browser,
  page,
  consoleErrors,
}) => {
  test.setTimeout(300_000);
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const number = (prefix: string, i: number) => `${prefix}-E${tag}${i}`;

  // An author's two orals and a poster, accepted.
  const author = await pinnedPage(browser, '2024-05-10T02:00:00Z');
  await logInAsNewDelegate(author, 'editor-author');
  const submit = async (title: string, last: string) => {
    const r = await author.request.post(api('/contribute'), {
      data: validAbstract({
        title_of_abstract: title,
        authors: [
          {
            first_name: 'Mei',
            last_name: last,
            email: uniqueEmail('editor-presenter'),
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
  const titles = {
    o1: `ORAL CAVITY CANCER TRENDS ${tag}`,
    o2: `LUNG SCREENING PILOT ${tag}`,
    p1: `REGISTRY LINKAGE ${tag}`,
  };
  const o1 = await submit(titles.o1, `Han${tag}`);
  const o2 = await submit(titles.o2, `Liu${tag}`);
  const p1 = await submit(titles.p1, `Zhao${tag}`);
  const ownerId = await userIdOn(author);
  await accept(ownerId, o1, 'oral', number('O', 1));
  await accept(ownerId, o2, 'oral', number('O', 2));
  await accept(ownerId, p1, 'poster', number('P', 1));
  await author.context().close();

  // A member of the programme committee past the second factor.
  const officePage = await pinnedPage(browser, '2024-07-10T02:00:00Z');
  await officeOrganiser(officePage, 'editor-office');
  const { page: chair } = await teamMember(browser, officePage, 'editor-chair', { committee: true });
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
  const call = committeeApi(chair);

  // The editor is a tab of the committee's pages.
  await chair.setViewportSize({ width: 1366, height: 900 });
  await chair.goto('/review/committee');
  await chair.getByRole('navigation', { name: 'Review' }).getByRole('link', { name: 'Programme' }).click();
  await expect(chair.getByRole('heading', { name: 'Programme editor', level: 1 })).toBeVisible({
    timeout: 45_000,
  });
  await expect(chair.getByRole('list', { name: 'Accepted abstracts without a place' })).toContainText(
    `${number('O', 1)} (oral): ${titles.o1}`,
  );

  // A room: a refusal under its field, then added.
  const room = `Hall E ${tag}`;
  const addRoom = chair.getByRole('form', { name: 'Add a room' });
  await addRoom.getByRole('textbox', { name: 'Name', exact: true }).fill(room);
  await addRoom.getByRole('spinbutton', { name: 'Seats' }).fill('0');
  await addRoom.getByRole('button', { name: 'Add the room' }).click();
  await expect(
    addRoom.getByText('Please give the number of seats: a whole number from 1 to 10,000.'),
  ).toBeVisible();
  await addRoom.getByRole('spinbutton', { name: 'Seats' }).fill('300');
  await addRoom.getByRole('button', { name: 'Add the room' }).click();
  await expect(chair.getByText('The room is saved.')).toBeVisible();
  await expect(chair.getByRole('list', { name: 'Rooms' })).toContainText(`${room}300 seats`);

  // An oral session on 4 November, 14:00-15:00 CST, with both orals; the second moved up with the keyboard.
  const orals = `Editor orals ${tag}`;
  await chair.getByRole('button', { name: 'Add a session' }).click();
  let form = chair.getByRole('form', { name: 'Add a session' });
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(orals);
  await form.getByRole('combobox', { name: 'Type', exact: true }).selectOption('oral');
  await form.getByRole('combobox', { name: 'Room', exact: true }).selectOption({ label: room });
  await form.getByRole('combobox', { name: 'Starts on', exact: true }).selectOption('2024-11-04');
  await form.getByLabel('Start time').fill('14:00');
  await form.getByRole('combobox', { name: 'Ends on', exact: true }).selectOption('2024-11-04');
  await form.getByLabel('End time').fill('15:00');
  await form.getByRole('button', { name: 'Add a chair' }).click();
  await form.getByRole('textbox', { name: 'Chair 1', exact: true }).fill('Freddie Bray');
  const addTalk = form.getByRole('combobox', { name: 'Add an accepted oral presentation', exact: true });
  await addTalk.selectOption({ label: `${number('O', 1)} · ${titles.o1}` });
  await form.getByRole('button', { name: 'Add the talk' }).click();
  await addTalk.selectOption({ label: `${number('O', 2)} · ${titles.o2}` });
  await form.getByRole('button', { name: 'Add the talk' }).click();
  await form.getByRole('spinbutton', { name: `Minutes for ${number('O', 1)}` }).fill('20');
  await expect(form.getByText(`14:20–14:35: ${number('O', 2)} · ${titles.o2}`)).toBeVisible();
  await form.getByRole('button', { name: `Move ${number('O', 2)} up` }).focus();
  await chair.keyboard.press('Enter');
  await expect(form.getByText(`14:00–14:15: ${number('O', 2)} · ${titles.o2}`)).toBeVisible();
  await expect(form.getByText(`14:15–14:35: ${number('O', 1)} · ${titles.o1}`)).toBeVisible();
  await expectAccessible(chair, 'the session form');
  await form.getByRole('button', { name: 'Save the session' }).click();
  await expect(chair.getByText('The session is saved.')).toBeVisible();
  await expect(
    chair.getByRole('group', { name: 'Congress days' }).getByRole('button', { name: /^4 November 2024/ }),
  ).toHaveAttribute('aria-pressed', 'true');
  const oralCard = chair.getByRole('article', { name: orals });
  await expect(oralCard).toContainText('4 November 2024, 14:00–15:00 CST (UTC+8)');
  await expect(oralCard.getByRole('list', { name: `Talks of ${orals}` })).toContainText(
    `14:00–14:15 (15 min): ${number('O', 2)} · ${titles.o2}14:15–14:35 (20 min): ${number('O', 1)} · ${titles.o1}`,
  );

  // A poster session in the same room at an overlapping time: the room is booked twice.
  const posters = `Editor posters ${tag}`;
  await chair.getByRole('button', { name: 'Add a session' }).click();
  form = chair.getByRole('form', { name: 'Add a session' });
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(posters);
  await form.getByRole('combobox', { name: 'Type', exact: true }).selectOption('poster');
  await form.getByRole('combobox', { name: 'Room', exact: true }).selectOption({ label: room });
  await form.getByLabel('Start time').fill('14:30');
  await form.getByLabel('End time').fill('16:00');
  await form
    .getByRole('combobox', { name: 'Add an accepted poster', exact: true })
    .selectOption({ label: `${number('P', 1)} · ${titles.p1}` });
  await form.getByRole('button', { name: 'Add the poster' }).click();
  await form.getByRole('button', { name: 'Save the session' }).click();
  await expect(chair.getByText('The session is saved.')).toBeVisible();
  const posterCard = chair.getByRole('article', { name: posters });
  const clash = `${room} is booked twice: “${orals}” and “${posters}” overlap from 4 November 2024, 14:30 CST (UTC+8).`;
  await expect(posterCard).toContainText('1 problem in this session');
  await expect(posterCard).toContainText(clash);
  await expect(oralCard).toContainText(clash);
  await expect(chair.getByRole('list', { name: 'Problems of the draft' })).toContainText(clash);

  // Its boards numbered by the API, then one set by hand.
  await posterCard.getByRole('button', { name: `Number the boards of ${posters}` }).click();
  await expect(posterCard.getByText('The poster boards are numbered.')).toBeVisible();
  await expect(posterCard.getByRole('list', { name: `Posters of ${posters}` })).toContainText(
    `Board 1: ${number('P', 1)} · ${titles.p1}`,
  );

  // Fixed: the poster session moves after the talks (and its board is set by hand).
  await posterCard.getByRole('button', { name: `Edit the session ${posters}` }).click();
  form = chair.getByRole('form', { name: `Edit the session ${posters}` });
  await form.getByLabel('Start time').fill('15:00');
  await form.getByRole('spinbutton', { name: `Board of ${number('P', 1)}` }).fill('7');
  await expect(form.getByText('Set by hand')).toBeVisible();
  await form.getByRole('button', { name: 'Save the session' }).click();
  await expect(chair.getByText('The session is saved.')).toBeVisible();
  await expect(posterCard).not.toContainText('booked twice');
  await expect(posterCard.getByRole('list', { name: `Posters of ${posters}` })).toContainText(
    `Board 7: ${number('P', 1)} · ${titles.p1} (set by hand)`,
  );
  await expect(chair.getByRole('region', { name: 'Problems of the draft' })).not.toContainText(clash);

  // A second oral session after the posters, 16:00-17:00: the day has two oral sessions and a poster session.
  const closing = `Editor closing orals ${tag}`;
  await chair.getByRole('button', { name: 'Add a session' }).click();
  form = chair.getByRole('form', { name: 'Add a session' });
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(closing);
  await form.getByRole('combobox', { name: 'Type', exact: true }).selectOption('oral');
  await form.getByRole('combobox', { name: 'Room', exact: true }).selectOption({ label: room });
  await form.getByLabel('Start time').fill('16:00');
  await form.getByLabel('End time').fill('17:00');
  await form.getByRole('button', { name: 'Add a chair' }).click();
  await form.getByRole('textbox', { name: 'Chair 1', exact: true }).fill('Wanqing Chen');
  await form.getByRole('button', { name: 'Save the session' }).click();
  await expect(chair.getByText('The session is saved.')).toBeVisible();
  await expect(chair.getByRole('article', { name: closing })).toContainText('4 November 2024, 16:00–17:00 CST (UTC+8)');
  await expect(chair.getByRole('region', { name: 'Problems of the draft' })).not.toContainText('booked twice');

  // Another member saves meanwhile: the save is refused (409), said, the draft read again, and what was typed kept.
  await oralCard.getByRole('button', { name: `Edit the session ${orals}` }).click();
  form = chair.getByRole('form', { name: `Edit the session ${orals}` });
  await form.getByRole('textbox', { name: 'Title in Chinese (optional)' }).fill(`编辑器口头报告 ${tag}`);
  let other = await call('get', '');
  other = await call('post', '/rooms', {
    name: `Elsewhere ${tag}`,
    capacity: 10,
    version: other.programme.version,
  });
  const elsewhere = other.programme.rooms.find((r) => r.name === `Elsewhere ${tag}`)!;
  await call('delete', `/rooms/${elsewhere.id}`, { version: other.programme.version });
  await form.getByRole('button', { name: 'Save the session' }).click();
  await expect(
    form.getByText(
      'The programme was changed by another committee member since you opened it. Reload it to see the changes, then make yours again.',
    ),
  ).toBeVisible();
  await expect(form.getByText('What you typed is kept')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Title in Chinese (optional)' })).toHaveValue(
    `编辑器口头报告 ${tag}`,
  );
  await form.getByRole('button', { name: 'Save the session' }).click();
  await expect(chair.getByText('The session is saved.')).toBeVisible();
  await expect(form).toBeHidden();

  await expectAccessible(chair, 'the programme editor');
  await chair.screenshot({ path: 'test-results/programme-editor-1366.png', fullPage: true });
  await chair.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(chair);
  await chair.screenshot({ path: 'test-results/programme-editor-390.png', fullPage: true });
  // The session form on a phone: its talks with their buttons.
  await oralCard.getByRole('button', { name: `Edit the session ${orals}` }).click();
  form = chair.getByRole('form', { name: `Edit the session ${orals}` });
  await form.getByRole('button', { name: `Move ${number('O', 1)} up` }).scrollIntoViewIfNeeded();
  await noSidewaysScroll(chair);
  await chair.screenshot({ path: 'test-results/programme-editor-form-390.png' });
  await form.getByRole('button', { name: 'Cancel' }).click();
  await chair.setViewportSize({ width: 1366, height: 900 });

  // Every other accepted abstract of the run (other tests') gets a place through the API, on 7 November
  // as programme.spec.ts places them, so that the draft has no problem; then the page publishes it.
  let published = false;
  for (let round = 0; round < 3 && !published; round++) {
    let draft = await call('get', '');
    const others = draft.unplaced.filter((u) => u.type === 'oral');
    const session = (
      title: string,
      type: string,
      from: string,
      to: string,
      extra: Record<string, unknown>,
    ) => ({
      title,
      type,
      room_id: draft.programme.rooms.find((r) => r.name === room)!.id,
      starts_at: `2024-11-07T${from}+08:00`,
      ends_at: `2024-11-07T${to}+08:00`,
      version: draft.programme.version,
      ...extra,
    });
    if (others.length)
      draft = await call(
        'post',
        '/sessions',
        session(`Other orals ${tag} ${round}`, 'oral', `0${round + 1}:00`, `0${round + 2}:00`, {
          talks: others.map((o) => ({ abstract_id: o.id, minutes: 1 })),
        }),
      );
    if (draft.unplaced.some((u) => u.type === 'poster')) {
      draft = await call(
        'post',
        '/sessions',
        session(`Other posters ${tag} ${round}`, 'poster', `1${round + 2}:00`, `1${round + 3}:00`, {}),
      );
      const s = draft.programme.sessions.find((x) => x.title === `Other posters ${tag} ${round}`)!;
      draft = await call('post', `/sessions/${s.id}/boards`, {
        version: draft.programme.version,
        add_unplaced: true,
      });
    }
    await chair.getByRole('button', { name: 'Reload the draft' }).click();
    await expect(chair.getByText(`Draft version ${draft.programme.version}`)).toBeVisible();
    if (draft.problems.length) continue;
    await expect(chair.getByText('The draft has no problems: it can be published.')).toBeVisible();
    await chair.getByRole('button', { name: 'Publish the programme' }).click();
    const dialog = chair.getByRole('alertdialog', { name: 'Publish the programme?' });
    await expect(dialog).toContainText(
      /This is the first publication|changes? since version|Nothing changed since version/,
    );
    await expectAccessible(chair, 'the publication dialog');
    await chair.screenshot({ path: 'test-results/programme-editor-publish-1366.png' });
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    const outcome = chair.getByText(/^Version \d+ of the programme is published\.$/);
    const refused = chair.getByText(
      'The programme was changed by another committee member since you opened it.',
      { exact: false },
    );
    await expect(outcome.or(refused).first()).toBeVisible();
    published = await outcome.isVisible();
  }
  expect(published).toBe(true);
  const versionNumber = Number(
    /Version (\d+)/.exec(
      (await chair.getByText(/^Version \d+ of the programme is published\.$/).textContent())!,
    )![1],
  );

  // The version is in the history, readable with its sessions.
  const history = chair.getByRole('list', { name: 'Published versions' });
  await history.getByRole('button', { name: `Read version ${versionNumber}` }).click();
  await expect(chair.locator(`#version-${versionNumber}`)).toContainText(
    `4 November 2024, 14:00 CST (UTC+8)–15:00, Oral session: ${orals} (${room}), 2 abstracts`,
  );

  // The editor in Chinese.
  await chair.goto('/zh/review/committee/programme');
  await expect(chair.getByRole('heading', { name: '日程编排', level: 1 })).toBeVisible({ timeout: 45_000 });
  await expect(chair.getByRole('article', { name: `编辑器口头报告 ${tag}` })).toContainText(
    '2024年11月4日 14:00–15:00（北京时间，UTC+8）',
  );

  // A delegate finds the session on /program.
  await page.goto('/program');
  await page
    .getByRole('group', { name: 'Congress days' })
    .getByRole('button', { name: '4 November 2024' })
    .click();
  const published4 = page.getByRole('article', { name: orals });
  await expect(published4).toContainText('14:00–15:00 CST');
  await expect(published4).toContainText(room);
  await expect(published4).toContainText('Chairs: Freddie Bray');
  await expect(published4).toContainText(titles.o2);
  expect(consoleErrors).toEqual([]);
});
