/**
 * The programme through the API (issue 33, second slice): only the programme committee, past the
 * second factor, reads and edits the draft; rooms and sessions are refused under their fields with
 * the form's words (in English and in Chinese), saved over the version read (409 when stale) and
 * answered with the draft's problems; a poster session's boards are numbered; publication is
 * refused with every problem listed, and accepted when the checks find none: a numbered version
 * with its changes, audited, readable later; anyone reads the latest published programme.
 *
 * The accepted abstracts are made as the publication of the decisions leaves them (`review_outcome`
 * and `presentation` on the abstract, test/api/publication.test.ts goes through the review for
 * that): this file is about the programme, not the review. Under `npm test` other files' accepted
 * abstracts are in the portal too: the tests look at their own sessions and abstracts, and place
 * every other accepted abstract before publishing.
 *
 * The abstract book (decision 0066) is an export of the office built from the latest publication:
 * requested here, after this file published, because the programme is one for the whole run (a
 * second file publishing would race this one's versions). Its refusal before any publication is
 * test/unit/core/office/abstract-book-export.test.ts's (a run cannot know nothing is published).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { officeMessages } from '#core/office/access';
import type { DraftView } from '#core/programme/edit-programme';
import { programmeMessages as m } from '#core/programme/schemas';
import { myProgrammeMessages as my } from '#core/programme/my-programme';
import { delegatesBookMessages } from '#core/programme/delegates-book';
import { problemTexts } from '#core/programme/checks';
import type { PublicProgramme } from '#core/programme/public-programme';
import type { PublishedSummary, PublishedVersion } from '#core/programme/ports';
import type { PublishedAbstract } from '#core/programme/abstract-pages';
import { localise } from '#core/i18n/server-messages';
import type { JobView } from '#core/office/jobs';
import type { MyPresentations } from '#core/programme/my-presentations';
import { pdfText } from '../support/pdf';
import { validAbstract } from '../support/bodies';
import { pptxBytes } from '../support/files';
import { SESSION_ENDED } from '#core/accounts/authenticate';
import { calendarEvents } from '../support/calendar';
import { call, db, mailsTo, newDelegate, officeSession, origin, sendToJobsQueue, totpCode, until, userIdOf } from './support';

const SUBMITTING = '2024-05-10T02:00:00Z';
const BASE = '/review/committee/programme';
const zh = { 'x-language': 'zh-Hans' };
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Problem = DraftView['problems'][number];
interface Envelope<T> {
  status: number;
  body: { code: number; message: string; data: T };
  headers: Headers;
}

let chair: { token: string; email: string };
let chairId: string;
let office: { token: string; email: string };
let reviewer: { token: string };
let delegate: { token: string };
/** The accounts that submitted our abstracts: the first O1, O2 and P1, the second P2, P3 and R1. */
let authors: { first: { token: string; email: string }; second: { token: string; email: string } };
/** Our abstracts by their role in the tests: two orals, three posters (P1 and P3 share their presenter with O1), one rejected. */
const ids: Record<'o1' | 'o2' | 'p1' | 'p2' | 'p3' | 'r1', string> = {
  o1: '',
  o2: '',
  p1: '',
  p2: '',
  p3: '',
  r1: '',
};
const numbers = { o1: 'O-901', o2: 'O-902', p1: 'P-901', p2: 'P-902', p3: 'P-903' } as const;

const person = (name: string) => ({
  last_name: `Li-${name}`,
  first_name: 'Na',
  email: `${name}-${tag}@example.org`,
  institute: 'Henan Cancer Registry',
  city: 'Zhengzhou',
  country: 'China',
});
/** The presenters (the first author presents): A gives O1 and stands at P1 and P3. */
const presenter = { a: person('a'), b: person('b'), c: person('c'), d: person('d') };

function as<T>(
  token: string,
  method: string,
  path: string,
  json?: unknown,
  headers?: Record<string, string>,
) {
  return call<T>(method, `${BASE}${path}`, { token, json, headers }) as Promise<Envelope<T>>;
}
const committee = <T = DraftView>(
  method: string,
  path: string,
  json?: unknown,
  headers?: Record<string, string>,
) => as<T>(chair.token, method, path, json, headers);

async function draft(): Promise<DraftView> {
  const r = await committee('GET', '');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}
const ok = <T>(r: Envelope<T>, message?: string) => {
  expect(r.status, JSON.stringify(r.body).slice(0, 2000)).toBe(200);
  if (message) expect(r.body.message).toBe(message);
  return r.body.data;
};
const mine = () => new Set(Object.values(ids));
const ourProblems = (view: DraftView, sessions: string[]) =>
  view.problems.filter(
    (p) =>
      p.session_ids.some((s) => sessions.includes(s)) ||
      p.abstract_ids.some((a) => mine().has(a)) ||
      p.abstract_ids.includes(`gone-${tag}`),
  );

const oralForm = (version: number, over: Record<string, unknown> = {}) => ({
  title: `Registry methods ${tag}`,
  type: 'oral',
  room_id: '',
  starts_at: '2024-11-05T09:00+08:00',
  ends_at: '2024-11-05T10:00+08:00',
  chairs: [{ name: 'Freddie Bray' }],
  talks: [],
  version,
  ...over,
});

async function submit(token: string, who: typeof presenter.a, title: string) {
  const created = await call<{ id: string }>('POST', '/contribute', {
    token,
    at: SUBMITTING,
    json: validAbstract({
      title_of_abstract: title,
      authors: [who, person(`co-${title.length}`)],
      presenter_abstract: true,
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.id;
}

/** As the publication of the decisions leaves an abstract (storage/review-publication.ts). */
async function accept(
  ownerToken: string,
  id: string,
  outcome: 'oral' | 'poster' | 'reject',
  number?: string,
) {
  const ownerId = await userIdOf(ownerToken);
  const published_at = '2024-07-01T02:00:00.000Z';
  await db().send(
    new UpdateCommand({
      TableName: 'congress',
      Key: { pk: `USER#${ownerId}`, sk: `ABSTRACT#${id}` },
      UpdateExpression: 'SET review_outcome = :o, presentation = :p',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':o': { outcome, ...(number ? { number } : {}), published_at },
        ':p': number && outcome !== 'reject' ? { type: outcome, accepted_at: published_at, number } : null,
      },
    }),
  );
}

beforeAll(async () => {
  office = await officeSession('programme-office');
  const member = await newDelegate('programme-chair');
  expect(
    (
      await call('PUT', '/office/review_team', {
        token: office.token,
        json: { email: member.email, committee: true },
      })
    ).status,
  ).toBe(200);
  const enrol = await call<{ secret: string }>('POST', '/office/second_factor/enrol', {
    token: member.token,
  });
  expect(
    (
      await call('POST', '/office/second_factor/confirm', {
        token: member.token,
        json: { code: await totpCode(enrol.body.data.secret) },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await call('POST', '/update', {
        token: member.token,
        json: {
          first_name: 'Wanqing',
          last_name: 'Chen',
          occupation: 'Epidemiologist',
          organization: 'National Cancer Center',
          country: 'China',
          mobile: '+86 10 8778 8000',
        },
      })
    ).status,
  ).toBe(200);
  chair = member;
  chairId = await userIdOf(chair.token);

  const r = await newDelegate('programme-reviewer');
  await call('POST', '/update', {
    token: r.token,
    json: {
      occupation: 'Epidemiologist',
      organization: 'Cancer Registry of Norway',
      country: 'Norway',
      mobile: '+47 1234 5678',
    },
  });
  expect(
    (
      await call('PUT', '/office/review_team', {
        token: office.token,
        json: { email: r.email, reviewer_categories: ['topics'] },
      })
    ).status,
  ).toBe(200);
  reviewer = r;
  delegate = await newDelegate('programme-delegate');

  const [first, second] = [await newDelegate('programme-author1'), await newDelegate('programme-author2')];
  authors = { first, second };
  // Presenter B has an account that reads Chinese: their mails are in Chinese (decision 0059).
  const b = await newDelegate('programme-presenter-b', presenter.b.email);
  expect((await call('PUT', '/language', { json: { language: 'zh-Hans' }, token: b.token })).status).toBe(200);
  ids.o1 = await submit(first.token, presenter.a, `SCREENING UPTAKE IN LINZHOU ${tag}`.toUpperCase());
  ids.o2 = await submit(first.token, presenter.b, `LIVER CANCER TRENDS ${tag}`.toUpperCase());
  ids.p1 = await submit(first.token, presenter.a, `REGISTRY COMPLETENESS ${tag}`.toUpperCase());
  ids.p2 = await submit(second.token, presenter.c, `CERVICAL SCREENING COVERAGE ${tag}`.toUpperCase());
  ids.p3 = await submit(second.token, presenter.a, `DEATH CERTIFICATE ONLY CASES ${tag}`.toUpperCase());
  ids.r1 = await submit(second.token, presenter.d, `A REJECTED STUDY ${tag}`.toUpperCase());
  await accept(first.token, ids.o1, 'oral', numbers.o1);
  await accept(first.token, ids.o2, 'oral', numbers.o2);
  await accept(first.token, ids.p1, 'poster', numbers.p1);
  await accept(second.token, ids.p2, 'poster', numbers.p2);
  await accept(second.token, ids.p3, 'poster', numbers.p3);
  await accept(second.token, ids.r1, 'reject');
}, 120_000);

describe('who may call the programme routes', () => {
  it('refuses a delegate, a reviewer and the office without the committee role, and a committee member without the second factor', async () => {
    for (const who of [delegate, reviewer, office]) {
      for (const [method, path, json] of [
        ['GET', '', undefined],
        ['POST', '/rooms', { name: 'Hall A', capacity: 10, version: 0 }],
        ['POST', '/publications', { version: 0 }],
        ['GET', '/publications', undefined],
      ] as const) {
        const r = await as(who.token, method, path, json);
        expect([r.status, r.body.message], `${method} ${path}`).toEqual([403, officeMessages.committeeOnly]);
      }
    }
    const pending = await newDelegate('programme-pending');
    await call('PUT', '/office/review_team', {
      token: office.token,
      json: { email: pending.email, committee: true },
    });
    const r = await as(pending.token, 'GET', '');
    expect([r.status, r.body.message]).toEqual([403, officeMessages.enrolmentRequired]);
    // Nobody signed in: 401.
    expect((await call('GET', BASE)).status).toBe(401);
  });
});

describe('the draft and its forms', () => {
  it('lists the accepted abstracts not placed yet (orals first), not the rejected one; nothing is published', async () => {
    const view = await draft();
    const unplaced = view.unplaced.filter((u) => mine().has(u.id));
    expect(unplaced.map((u) => [u.number, u.type])).toEqual([
      [numbers.o1, 'oral'],
      [numbers.o2, 'oral'],
      [numbers.p1, 'poster'],
      [numbers.p2, 'poster'],
      [numbers.p3, 'poster'],
    ]);
    expect(unplaced[0]!.presenters).toEqual([`Na Li-a`]);
    expect(view.placed.filter((a) => mine().has(a.id))).toEqual([]);
    expect(JSON.stringify(view.unplaced)).not.toContain(`@example.org`);
    const unscheduled = view.problems.filter(
      (p) => p.code === 'unscheduled' && mine().has(p.abstract_ids[0]!),
    );
    expect(unscheduled.map((p) => p.abstract_ids[0])).toEqual([ids.o1, ids.o2, ids.p1, ids.p2, ids.p3]);
    expect(view.published).toBeNull();
    const none = await call('GET', '/programme');
    expect([none.status, none.body.message]).toEqual([404, m.notPublished]);
    expect(none.headers.get('cache-control')).toBe('no-store');
    const noneZh = await call('GET', '/programme', { headers: zh });
    expect(noneZh.body.message).toBe('日程尚未发布。');
    // A presenter sees their accepted abstracts, with no place yet: nothing is published.
    const presents = await call<MyPresentations>('GET', '/account/presentations', { token: authors.first.token });
    expect(presents.status, JSON.stringify(presents.body)).toBe(200);
    expect(presents.body.data.published).toBeNull();
    expect(presents.body.data.items.map((i) => [i.number, i.type, i.place, i.upload.uploaded, i.upload.path])).toEqual([
      [numbers.o1, 'oral', null, false, '/oral/upload'],
      [numbers.o2, 'oral', null, false, '/oral/upload'],
      [numbers.p1, 'poster', null, false, '/poster/upload'],
    ]);
  });

  it('refuses a room without a name or seats, or without its version, under each field (and in Chinese)', async () => {
    const r = await committee('POST', '/rooms', { name: ' ', capacity: 0 });
    expect(r.status).toBe(422);
    expect(r.body.data).toEqual({
      errors: { name: m.roomName, capacity: m.capacity, version: m.changedMeanwhile },
    });
    const long = await committee('POST', '/rooms', { name: 'x'.repeat(301), capacity: 12.5, version: 0 });
    expect(long.body.data).toEqual({ errors: { name: m.tooLong, capacity: m.capacity } });
    const inChinese = await committee('POST', '/rooms', { name: ' ', capacity: 10, version: 0 }, zh);
    expect([inChinese.status, inChinese.body.message]).toEqual([422, '请填写会场名称。']);
  });

  it("refuses a session under its field with the form's words, every one of them", async () => {
    const { programme } = await draft();
    const v = programme.version;
    const board = (abstract_id: string, n: number) => ({ abstract_id, board: n });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ title: ' ', room_id: 'r' }, { title: m.title }],
      [{ title: 'x'.repeat(301), room_id: 'r' }, { title: m.tooLong }],
      [{ type: 'keynote', room_id: 'r' }, { type: m.type }],
      [{ room_id: '' }, { room_id: m.room }],
      [{ room_id: 'r', starts_at: '2024-11-05T09:00' }, { starts_at: m.time }],
      [{ room_id: 'r', ends_at: '2024-11-05T08:00+08:00' }, { ends_at: m.endsBeforeStart }],
      [{ room_id: 'r', starts_at: '2024-11-03T09:00+08:00' }, { starts_at: m.outsideCongress }],
      [{ room_id: 'r', chairs: [{ name: ' ' }] }, { 'chairs.0.name': m.chair }],
      [
        { room_id: 'r', chairs: Array.from({ length: 11 }, (_, i) => ({ name: `Chair ${i}` })) },
        { chairs: m.tooMany },
      ],
      [{ room_id: 'r', talks: [{ abstract_id: ' ', minutes: 10 }] }, { 'talks.0.abstract_id': m.abstract }],
      [{ room_id: 'r', talks: [{ abstract_id: ids.o1, minutes: 0 }] }, { 'talks.0.minutes': m.minutes }],
      [
        {
          room_id: 'r',
          talks: [
            { abstract_id: ids.o1, minutes: 10 },
            { abstract_id: ids.o1, minutes: 10 },
          ],
        },
        { 'talks.1.abstract_id': m.abstractTwice },
      ],
      [
        { room_id: 'r', type: 'poster', talks: [{ abstract_id: ids.o1, minutes: 10 }] },
        { talks: m.talksOnlyOral },
      ],
      [{ room_id: 'r', boards: [board(ids.p1, 1)] }, { boards: m.boardsOnlyPoster }],
      [{ room_id: 'r', type: 'poster', boards: [board(ids.p1, 0)] }, { 'boards.0.board': m.board }],
      [
        { room_id: 'r', type: 'poster', boards: [board(ids.p1, 1), board(ids.p2, 1)] },
        { 'boards.1.board': m.boardTwice },
      ],
      [{ room_id: 'r', version: undefined }, { version: m.changedMeanwhile }],
    ];
    for (const [over, errors] of cases) {
      const r = await committee('POST', '/sessions', oralForm(v, over));
      expect([r.status, r.body.data], JSON.stringify(over).slice(0, 200)).toEqual([422, { errors }]);
    }
    const inChinese = await committee(
      'POST',
      '/sessions',
      oralForm(v, { room_id: 'r', ends_at: '2024-11-05T08:00+08:00' }),
      zh,
    );
    expect([inChinese.status, inChinese.body.message]).toEqual([422, '专场的结束时间须晚于开始时间。']);
    // Nothing was saved.
    expect((await draft()).programme.version).toBe(v);
  });
});

describe('rooms and sessions over the version read', () => {
  let hallA = '';
  let hallB = '';
  let s1 = '';
  let s2 = '';
  let s3 = '';

  it('adds and changes rooms; a save over an older version is refused with 409 in both languages; an unknown room is 404', async () => {
    const v = (await draft()).programme.version;
    const added = ok(
      await committee('POST', '/rooms', { name: `Hall A ${tag}`, capacity: 600, version: v }),
      m.roomSaved,
    );
    expect(added.programme.version).toBe(v + 1);
    hallA = added.programme.rooms.find((r) => r.name === `Hall A ${tag}`)!.id;
    const stale = await committee('POST', '/rooms', { name: `Hall B ${tag}`, capacity: 200, version: v });
    expect([stale.status, stale.body.message]).toEqual([409, m.changedMeanwhile]);
    const staleZh = await committee(
      'POST',
      '/rooms',
      { name: `Hall B ${tag}`, capacity: 200, version: v },
      zh,
    );
    expect([staleZh.status, staleZh.body.message]).toEqual([
      409,
      '您打开日程后，其他委员会成员已对其进行修改。请重新加载以查看修改，然后再次进行您的修改。',
    ]);
    const second = ok(
      await committee('POST', '/rooms', {
        name: `Hall B ${tag}`,
        name_zh: '二号厅',
        capacity: 200,
        version: v + 1,
      }),
    );
    hallB = second.programme.rooms.find((r) => r.name === `Hall B ${tag}`)!.id;
    const changed = ok(
      await committee('PUT', `/rooms/${hallA}`, {
        name: `Hall A ${tag}`,
        name_zh: '一号厅',
        capacity: 650,
        version: v + 2,
      }),
      m.roomSaved,
    );
    expect(changed.programme.rooms.find((r) => r.id === hallA)).toEqual({
      id: hallA,
      name: `Hall A ${tag}`,
      name_zh: '一号厅',
      capacity: 650,
    });
    const unknown = await committee('PUT', '/rooms/no-such-room', {
      name: 'Nowhere',
      capacity: 1,
      version: v + 3,
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, m.noSuchRoom]);
    const staleChange = await committee('PUT', `/rooms/${hallA}`, {
      name: 'Old',
      capacity: 1,
      version: v + 2,
    });
    expect(staleChange.status).toBe(409);
    const staleDelete = await committee('DELETE', `/rooms/${hallB}`, { version: v + 2 });
    expect([staleDelete.status, staleDelete.body.message]).toEqual([409, m.changedMeanwhile]);
    const unknownDelete = await committee('DELETE', '/rooms/no-such-room', { version: v + 3 });
    expect([unknownDelete.status, unknownDelete.body.message]).toEqual([404, m.noSuchRoom]);
  });

  it('keeps sessions with problems in the draft and lists every problem the checks find', async () => {
    let v = (await draft()).programme.version;
    const save = async (form: Record<string, unknown>) => {
      const view = ok(await committee('POST', '/sessions', { ...form, version: v }), m.sessionSaved);
      v = view.programme.version;
      return view.programme.sessions.find((s) => s.title === form.title)!.id;
    };
    // S1: O1 and O2 take 70 minutes of 60; S2: P1 on a board while its presenter gives O1; S3 in Hall A at once with S1.
    s1 = await save(
      oralForm(v, {
        title: `Methods ${tag}`,
        room_id: hallA,
        talks: [
          { abstract_id: ids.o1, minutes: 30 },
          { abstract_id: ids.o2, minutes: 40 },
        ],
      }),
    );
    s2 = await save(
      oralForm(v, {
        title: `Posters ${tag}`,
        type: 'poster',
        room_id: hallB,
        ends_at: '2024-11-05T10:30+08:00',
        boards: [{ abstract_id: ids.p1, board: 1 }],
      }),
    );
    s3 = await save(
      oralForm(v, {
        title: `Overlap ${tag}`,
        room_id: hallA,
        starts_at: '2024-11-05T09:30+08:00',
        ends_at: '2024-11-05T10:30+08:00',
        talks: [
          { abstract_id: ids.r1, minutes: 10 },
          { abstract_id: ids.p2, minutes: 10 },
          { abstract_id: ids.o2, minutes: 10 },
          { abstract_id: `gone-${tag}`, minutes: 10 },
        ],
      }),
    );
    // Hall B taken out: its poster session has no room of the programme.
    const deleted = ok(await committee('DELETE', `/rooms/${hallB}`, { version: v }), m.roomDeleted);
    v = deleted.programme.version;
    const problems = ourProblems(deleted, [s1, s2, s3]);
    const codes = (code: string) => problems.filter((p) => p.code === code);
    expect(codes('talks_overrun').map((p) => p.session_ids)).toEqual([[s1]]);
    expect(codes('room_twice').map((p) => p.session_ids)).toEqual([[s1, s3]]);
    expect(codes('no_room').map((p) => p.session_ids)).toEqual([[s2]]);
    // S1 and S2 start together: their order is their rooms' ids'.
    expect(codes('presenter_twice').map((p) => [...p.abstract_ids].sort())).toEqual([
      [ids.o1, ids.p1].sort(),
    ]);
    expect(codes('not_accepted').map((p) => p.abstract_ids)).toEqual([[ids.r1]]);
    expect(codes('wrong_session').map((p) => p.abstract_ids)).toEqual([[ids.p2]]);
    expect(codes('placed_twice').map((p) => p.abstract_ids)).toEqual([[ids.o2]]);
    expect(codes('withdrawn').map((p) => p.abstract_ids)).toEqual([[`gone-${tag}`]]);
    expect(codes('unscheduled').map((p) => p.abstract_ids)).toEqual([[ids.p3]]);
    expect(deleted.unplaced.filter((u) => mine().has(u.id)).map((u) => u.number)).toEqual([numbers.p3]);
  });

  it('refuses to publish while there is any problem: 409, the count, every problem listed, in English and in Chinese', async () => {
    const view = await draft();
    const count = view.problems.length;
    const refused = await committee<null>('POST', '/publications', { version: view.programme.version });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(localise('en', problemTexts.notPublishable(count)));
    const errors = (refused.body.data as unknown as { errors: Record<string, string> }).errors;
    expect(Object.keys(errors)).toHaveLength(count);
    const overrun = view.problems.findIndex(
      (p: Problem) => p.code === 'talks_overrun' && p.session_ids[0] === s1,
    );
    expect(errors[`problems.${overrun}`]).toBe(
      `The talks of “Methods ${tag}” take 70 minutes, longer than the session (60 minutes).`,
    );
    const inChinese = await committee<null>('POST', '/publications', { version: view.programme.version }, zh);
    expect([inChinese.status, inChinese.body.message]).toEqual([
      409,
      localise('zh-Hans', problemTexts.notPublishable(count)),
    ]);
    expect(
      (inChinese.body.data as unknown as { errors: Record<string, string> }).errors[`problems.${overrun}`],
    ).toBe(`“Methods ${tag}”的报告共需 70 分钟，超出专场时长（60 分钟）。`);
    expect((await call('GET', '/programme')).status).toBe(404);
    expect(ok(await committee<{ items: PublishedSummary[] }>('GET', '/publications')).items).toEqual([]);
  });

  it('changes and deletes sessions over the version read: 409 when stale, 404 when gone', async () => {
    let v = (await draft()).programme.version;
    const staleUpdate = await committee(
      'PUT',
      `/sessions/${s1}`,
      oralForm(v - 1, { title: `Methods ${tag}`, room_id: hallA }),
    );
    expect([staleUpdate.status, staleUpdate.body.message]).toEqual([409, m.changedMeanwhile]);
    const staleUpdateZh = await committee(
      'PUT',
      `/sessions/${s1}`,
      oralForm(v - 1, { title: `Methods ${tag}`, room_id: hallA }),
      zh,
    );
    expect(staleUpdateZh.body.message).toBe(
      '您打开日程后，其他委员会成员已对其进行修改。请重新加载以查看修改，然后再次进行您的修改。',
    );
    const staleDelete = await committee('DELETE', `/sessions/${s3}`, { version: v - 1 });
    expect([staleDelete.status, staleDelete.body.message]).toEqual([409, m.changedMeanwhile]);
    const unknown = await committee('PUT', '/sessions/no-such-session', oralForm(v, { room_id: hallA }));
    expect([unknown.status, unknown.body.message]).toEqual([404, m.noSuchSession]);
    const unknownZh = await committee('DELETE', '/sessions/no-such-session', { version: v }, zh);
    expect([unknownZh.status, unknownZh.body.message]).toEqual([
      404,
      '日程中没有该专场（可能已被其他委员会成员删除）。',
    ]);

    // S1 fits its hour (O1 then O2); S3 goes; the poster session moves to the afternoon, in a hall of the programme.
    let view = ok(
      await committee(
        'PUT',
        `/sessions/${s1}`,
        oralForm(v, {
          title: `Methods ${tag}`,
          room_id: hallA,
          chairs: [{ account_id: chairId }, { name: 'Freddie Bray' }],
          talks: [
            { abstract_id: ids.o1, minutes: 30 },
            { abstract_id: ids.o2, minutes: 25 },
          ],
        }),
      ),
      m.sessionSaved,
    );
    view = ok(
      await committee('DELETE', `/sessions/${s3}`, { version: view.programme.version }),
      m.sessionDeleted,
    );
    expect(view.programme.sessions.some((s) => s.id === s3)).toBe(false);
    view = ok(
      await committee('POST', '/rooms', {
        name: `Poster hall ${tag}`,
        capacity: 300,
        version: view.programme.version,
      }),
    );
    const posterHall = view.programme.rooms.find((r) => r.name === `Poster hall ${tag}`)!.id;
    view = ok(
      await committee(
        'PUT',
        `/sessions/${s2}`,
        oralForm(view.programme.version, {
          title: `Posters ${tag}`,
          type: 'poster',
          room_id: posterHall,
          starts_at: '2024-11-05T14:00+08:00',
          ends_at: '2024-11-05T16:00+08:00',
          boards: [{ abstract_id: ids.p1, board: 1 }],
        }),
      ),
    );
    v = view.programme.version;
    const left = ourProblems(view, [s1, s2]);
    expect(left.map((p) => [p.code, p.abstract_ids])).toEqual([
      ['unscheduled', [ids.p2]],
      ['unscheduled', [ids.p3]],
    ]);
  });

  it("numbers a poster session's boards: by category and number, a presenter's posters side by side; not in an oral session", async () => {
    const v = (await draft()).programme.version;
    const oral = await committee('POST', `/sessions/${s1}/boards`, { version: v });
    expect([oral.status, oral.body.message]).toEqual([409, m.notPosterSession]);
    const gone = await committee('POST', '/sessions/no-such-session/boards', { version: v });
    expect([gone.status, gone.body.message]).toEqual([404, m.noSuchSession]);
    const stale = await committee('POST', `/sessions/${s2}/boards`, { version: v - 1, add_unplaced: true });
    expect(stale.status).toBe(409);
    const view = ok(
      await committee('POST', `/sessions/${s2}/boards`, { version: v, add_unplaced: true }),
      m.boardsNumbered,
    );
    const boards = view.programme.sessions.find((s) => s.id === s2)!.boards;
    const boardOf = (id: string) => boards.find((b) => b.abstract_id === id)!.board;
    // P1 and P3 share their presenter: next to each other, P2 after them; no number twice.
    expect(boardOf(ids.p3)).toBe(boardOf(ids.p1) + 1);
    expect(boardOf(ids.p2)).toBeGreaterThan(boardOf(ids.p3));
    expect(new Set(boards.map((b) => b.board)).size).toBe(boards.length);
    expect(view.unplaced.filter((u) => u.type === 'poster')).toEqual([]);
    // The editor names what the draft places.
    expect(view.placed.find((a) => a.id === ids.p1)).toEqual({
      id: ids.p1,
      type: 'poster',
      number: numbers.p1,
      title: `REGISTRY COMPLETENESS ${tag}`.toUpperCase(),
      presenters: ['Na Li-a'],
    });
  });

  it('publishes the draft when the checks find nothing: version 1, audited, readable; anyone reads it without logging in', async () => {
    let view = await draft();
    // Any other file's accepted orals get a session of their own on another day.
    const others = view.unplaced.filter((u) => u.type === 'oral');
    if (others.length) {
      view = ok(
        await committee(
          'POST',
          '/sessions',
          oralForm(view.programme.version, {
            title: `Others ${tag}`,
            room_id: view.programme.rooms[0]!.id,
            starts_at: '2024-11-06T09:00+08:00',
            ends_at: '2024-11-06T12:00+08:00',
            talks: others.map((o) => ({ abstract_id: o.id, minutes: 1 })),
          }),
        ),
      );
    }
    expect(view.problems).toEqual([]);
    const stale = await committee('POST', '/publications', { version: view.programme.version - 1 });
    expect([stale.status, stale.body.message]).toEqual([409, m.changedMeanwhile]);
    const published = await committee<{ number: number; changes: unknown[]; mail: number }>(
      'POST',
      '/publications',
      { version: view.programme.version },
      zh,
    );
    expect([published.status, published.body.message]).toEqual([200, '日程第 1 版已发布。']);
    expect(published.body.data).toMatchObject({ number: 1, changes: [], mail: 0 });
    expect((await draft()).published).toMatchObject({ number: 1 });

    const audit = await db().send(
      new QueryCommand({
        TableName: 'congress',
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': 'AUDIT#programme#1' },
      }),
    );
    expect(audit.Items).toHaveLength(1);
    expect(audit.Items![0]).toMatchObject({
      action: 'programme.published',
      actor: { kind: 'committee', id: chairId },
      after: { number: 1, version: view.programme.version },
    });

    const list = ok(await committee<{ items: PublishedSummary[] }>('GET', '/publications')).items;
    expect(list).toEqual([
      expect.objectContaining({
        number: 1,
        published_by: chairId,
        version: view.programme.version,
        sessions: view.programme.sessions.length,
        changes: 0,
      }),
    ]);
    const first = ok(await committee<PublishedVersion>('GET', '/publications/1'));
    expect(first.sessions.map((s) => s.id).sort()).toEqual(view.programme.sessions.map((s) => s.id).sort());

    const pub = await call<PublicProgramme>('GET', '/programme');
    expect(pub.status).toBe(200);
    // The same for everyone: kept a minute by browsers (and CloudFront: decision 0064); the committee's answers never.
    expect([pub.headers.get('cache-control'), pub.headers.get('vary')]).toEqual([
      'public, max-age=60',
      'x-language',
    ]);
    expect((await committee('GET', '/publications/1')).headers.get('cache-control')).toBe('no-store');
    expect(JSON.stringify(pub.body.data)).not.toMatch(/@example\.org|account_id|Li-d/);
    const methods = pub.body.data.sessions.find((s) => s.id === s1)!;
    expect(methods).toMatchObject({
      title: `Methods ${tag}`,
      type: 'oral',
      room: { name: `Hall A ${tag}`, name_zh: '一号厅' },
      starts_at: '2024-11-05T01:00:00.000Z',
      ends_at: '2024-11-05T02:00:00.000Z',
      chairs: ['Wanqing Chen', 'Freddie Bray'],
    });
    expect(methods.talks).toEqual([
      {
        abstract_id: ids.o1,
        number: numbers.o1,
        title: `SCREENING UPTAKE IN LINZHOU ${tag}`.toUpperCase(),
        category: 'descriptive.incidence-mortality',
        presenters: ['Na Li-a'],
        authors: ['Na Li-a', expect.any(String)],
        starts_at: '2024-11-05T01:00:00.000Z',
        ends_at: '2024-11-05T01:30:00.000Z',
        minutes: 30,
      },
      expect.objectContaining({
        abstract_id: ids.o2,
        number: numbers.o2,
        presenters: ['Na Li-b'],
        starts_at: '2024-11-05T01:30:00.000Z',
        minutes: 25,
      }),
    ]);
    const posters = pub.body.data.sessions.find((s) => s.id === s2)!.posters;
    expect(posters.filter((p) => mine().has(p.abstract_id)).map((p) => p.number)).toEqual([
      numbers.p1,
      numbers.p3,
      numbers.p2,
    ]);
    expect(posters.every((p, i) => i === 0 || p.board > posters[i - 1]!.board)).toBe(true);
  });

  it('publishes a change as version 2 with what moved and whose presenters to tell; version 1 stays readable', async () => {
    const view = await draft();
    // O2 before O1: both talks move.
    const moved = ok(
      await committee(
        'PUT',
        `/sessions/${s1}`,
        oralForm(view.programme.version, {
          title: `Methods ${tag}`,
          room_id: view.programme.sessions.find((s) => s.id === s1)!.room_id,
          talks: [
            { abstract_id: ids.o2, minutes: 25 },
            { abstract_id: ids.o1, minutes: 30 },
          ],
        }),
      ),
    );
    // The draft says beforehand what the publication will list (the editor's confirmation shows it).
    const preview = moved.changes as unknown as { id: string; values: Record<string, unknown> }[];
    expect(preview.map((c) => [c.id, c.values.abstract])).toEqual([
      ['review.programme.change.talkMoved', numbers.o2],
      ['review.programme.change.talkMoved', numbers.o1],
    ]);
    const published = await committee<{
      number: number;
      changes: { id: string; values: Record<string, unknown> }[];
      mail: number;
    }>('POST', '/publications', { version: moved.programme.version });
    expect((await draft()).changes).toEqual([]);
    expect([published.status, published.body.message]).toEqual([
      200,
      'Version 2 of the programme is published.',
    ]);
    expect(published.body.data.mail).toBe(2);
    expect(published.body.data.changes.map((c) => [c.id, c.values.abstract])).toEqual([
      ['review.programme.change.talkMoved', numbers.o2],
      ['review.programme.change.talkMoved', numbers.o1],
    ]);
    const second = ok(await committee<PublishedVersion>('GET', '/publications/2'));
    expect(second.diff.mail.sort()).toEqual([ids.o1, ids.o2].sort());
    expect(second.diff.placements).toEqual(
      expect.arrayContaining([{ abstract_id: ids.o1, changes: ['time'] }]),
    );
    expect(ok(await committee<PublishedVersion>('GET', '/publications/1')).number).toBe(1);
    expect(
      ok(await committee<{ items: PublishedSummary[] }>('GET', '/publications')).items.map((i) => i.number),
    ).toEqual([2, 1]);
    const missing = await committee('GET', '/publications/99');
    expect([missing.status, missing.body.message]).toEqual([404, m.noSuchVersion]);
    const missingZh = await committee('GET', '/publications/99', undefined, zh);
    expect(missingZh.body.message).toBe('没有该已发布的日程版本。');
    expect((await committee('GET', '/publications/first')).status).toBe(422);
    // The public reads the latest.
    const pub = await call<PublicProgramme>('GET', '/programme');
    expect(pub.body.data.number).toBe(2);
    expect(pub.body.data.sessions.find((s) => s.id === s1)!.talks.map((t) => t.number)).toEqual([
      numbers.o2,
      numbers.o1,
    ]);
  });

  it("tells the presenters whose place version 2 changed, the old and the new place, each in their language, once; nobody at version 1", async () => {
    const changed = (to: string) => mailsTo(to).then((all) => all.filter((m) => m.subject.includes(numbers.o1) || m.subject.includes(numbers.o2)));
    const [a] = await until('the mail to presenter A', () => changed(presenter.a.email), (m) => m.length >= 1, 30_000);
    expect(a!.subject).toBe(`${numbers.o1}: the place of your presentation has changed`);
    const text = a!.body.text!.replace(/\s+/g, ' ');
    expect(text).toContain(`Dear Na, version 2 of the programme changes where or when ${numbers.o1} "${`SCREENING UPTAKE IN LINZHOU ${tag}`.toUpperCase()}" is presented.`);
    expect(text).toContain(`Before: Methods ${tag}, Hall A ${tag}, 5 November 2024 09:00–09:30 CST`);
    expect(text).toContain(`Now: Methods ${tag}, Hall A ${tag}, 5 November 2024 09:25–09:55 CST`);
    expect(text).toMatch(/http\S+\/admin\/presentations/);
    // B's account reads Chinese: the whole mail is in Chinese, the room by its Chinese name.
    const [b] = await until('the mail to presenter B', () => changed(presenter.b.email), (m) => m.length >= 1, 30_000);
    expect(b!.subject).toBe(`${numbers.o2}：您的报告安排有变动`);
    const zhText = b!.body.text!.replace(/\s+/g, ' ');
    expect(zhText).toContain(`原安排：Methods ${tag}，一号厅，2024年11月5日 09:30–09:55（北京时间）`);
    expect(zhText).toContain(`现安排：Methods ${tag}，一号厅，2024年11月5日 09:00–09:25（北京时间）`);
    expect(zhText).toMatch(/http\S+\/zh\/admin\/presentations/);
    // Presenters whose place did not change (P1's A is told once, about O1 only), and the co-authors, get nothing.
    expect(await changed(presenter.c.email)).toEqual([]);
    // The job is audited and done; every recipient recorded as sent; its message again sends nobody twice.
    // The job records its recipients after their mails are sent: under a full run the record may come a moment after the mails.
    const readJobs = () => db().send(new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :p AND begins_with(sk, :j)', FilterExpression: '#k = :k', ExpressionAttributeNames: { '#k': 'kind' }, ExpressionAttributeValues: { ':p': 'OFFICEJOBS', ':j': 'JOB#', ':k': 'programme_mail' } }));
    const jobs = await until('the mail job done', readJobs, (r) => r.Items?.find((j) => j.programme_publication === 2)?.state === 'done', 30_000);
    const job = jobs.Items!.find((j) => j.programme_publication === 2)!;
    expect(job).toMatchObject({ state: 'done', total: 2, counts: { sent: 2, withheld: 0, opted_out: 0, failed: 0 }, requested_by: { id: chairId } });
    expect(jobs.Items!.filter((j) => j.programme_publication === 1)).toEqual([]);
    const audit = await db().send(new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': `AUDIT#programme_mail#${job.id}` } }));
    expect(audit.Items![0]).toMatchObject({ action: 'programme.presenters_mail_requested', after: { publication: 2, abstracts: 2 } });
    await sendToJobsQueue(JSON.stringify({ job: job.id }));
    await sendToJobsQueue(JSON.stringify({ job: job.id, batch: 0 }));
    await new Promise((r) => setTimeout(r, 3000));
    expect(await changed(presenter.a.email)).toHaveLength(1);
    expect(await changed(presenter.b.email)).toHaveLength(1);
  }, 60_000);

  it("shows a presenter their accepted abstracts where the latest publication places them, with their uploads; only their own", async () => {
    const presentations = (token: string, headers?: Record<string, string>) => call<MyPresentations>('GET', '/account/presentations', { token, headers });
    // Slides for O2, named as presenting it.
    const presign = await call<{ key: string; url: string; headers: Record<string, string> }>('POST', '/uploads/presign', {
      token: authors.first.token,
      json: { purpose: 'oral', file_name: 'o2.pptx', size: pptxBytes().length, abstract_id: ids.o2 },
    });
    expect(presign.status, JSON.stringify(presign.body)).toBe(200);
    expect((await fetch(presign.body.data.url, { method: 'PUT', headers: presign.body.data.headers, body: new Uint8Array(pptxBytes()) })).ok).toBe(true);
    expect((await call('POST', '/oral/upload', { token: authors.first.token, json: { key: presign.body.data.key } })).status).toBe(200);

    const first = await presentations(authors.first.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body.data.published).toMatchObject({ number: 2 });
    const [o1, o2, p1] = first.body.data.items;
    // Version 2 put O2 first: O1 is the second talk, at its own time.
    expect(o1).toMatchObject({
      abstract_id: ids.o1,
      number: numbers.o1,
      type: 'oral',
      title: `SCREENING UPTAKE IN LINZHOU ${tag}`.toUpperCase(),
      place: { session_id: s1, session_title: `Methods ${tag}`, room: { name: `Hall A ${tag}`, name_zh: '一号厅' }, starts_at: '2024-11-05T01:25:00.000Z', ends_at: '2024-11-05T01:55:00.000Z' },
      upload: { uploaded: false, path: '/oral/upload', deadline: '2024-10-25T16:00:00.000Z' },
    });
    expect(o2).toMatchObject({ number: numbers.o2, place: { starts_at: '2024-11-05T01:00:00.000Z' }, upload: { uploaded: true } });
    expect(p1).toMatchObject({ number: numbers.p1, type: 'poster', place: { session_id: s2, board: expect.any(Number) }, upload: { uploaded: false, path: '/poster/upload' } });
    expect(p1!.place!.board).toBeGreaterThan(0);
    // The other account sees its own (P2, P3; never the rejected R1), the same in Chinese (the data carries no text).
    const second = await presentations(authors.second.token, zh);
    expect(second.body.data.items.map((i) => i.number)).toEqual([numbers.p2, numbers.p3]);
    // A delegate without an accepted abstract: an empty list; nobody signed in: 401 in the reader's language.
    expect((await presentations(delegate.token)).body.data.items).toEqual([]);
    const anonymous = await call('GET', '/account/presentations');
    expect(anonymous.status).toBe(401);
    const ended = await call('GET', '/account/presentations', { token: 'not-a-session-token' });
    expect([ended.status, ended.body.message]).toEqual([401, SESSION_ENDED]);
  });

  it('reminds the presenters without a file 7 and 2 days before their session starts (on the tick\'s clock), once each, never one whose file is uploaded', async () => {
    const ours = new RegExp(`^(${Object.values(numbers).join('|')}): please upload your (slides|poster)$`);
    const reminders = (to: string) => mailsTo(to).then((all) => all.filter((m) => ours.test(m.subject)).map((m) => m.subject));
    const tick = (at: string) => sendToJobsQueue(JSON.stringify({ task: 'presenter-reminders', at }));
    const settle = () => new Promise((r) => setTimeout(r, 3000));
    // Methods starts on 5 November at 09:00 CST (01:00 UTC): one second before 7 days before it, nothing of ours.
    await tick('2024-10-29T00:59:59.000Z');
    await settle();
    expect(await reminders(presenter.a.email)).toEqual([]);
    // Exactly 7 days before: A, who gives O1 without slides; never B, whose O2 slides are uploaded.
    await tick('2024-10-29T01:00:00.000Z');
    await until('the 7-day reminder of O1', () => reminders(presenter.a.email), (m) => m.length >= 1, 30_000);
    const [mail] = (await mailsTo(presenter.a.email)).filter((m) => ours.test(m.subject));
    expect(mail!.body.text!.replace(/\s+/g, ' ')).toContain(`is presented in 7 days: Methods ${tag}, Hall A ${tag}, 5 November 2024 09:25–09:55 CST. We have no slides for it yet.`);
    // The same tick again (a redelivery, a second run) sends nothing more.
    await tick('2024-10-29T01:00:00.000Z');
    await tick('2024-10-29T01:15:00.000Z');
    await settle();
    expect(await reminders(presenter.a.email)).toEqual([`${numbers.o1}: please upload your slides`]);
    // The poster session (14:00 CST): A's two posters, C's one; then 2 days before each, once more each.
    await tick('2024-10-29T06:00:00.000Z');
    await until('the posters\' reminders', () => reminders(presenter.c.email), (m) => m.length >= 1, 30_000);
    await tick('2024-11-03T06:00:00.000Z');
    await until('the 2-day reminders', () => reminders(presenter.a.email), (m) => m.length >= 6, 30_000);
    await tick('2024-11-03T06:15:00.000Z');
    await settle();
    expect((await reminders(presenter.a.email)).sort()).toEqual(
      [numbers.o1, numbers.o1, numbers.p1, numbers.p1, numbers.p3, numbers.p3].map((n) => `${n}: please upload your ${n.startsWith('O') ? 'slides' : 'poster'}`).sort(),
    );
    expect(await reminders(presenter.c.email)).toEqual([`${numbers.p2}: please upload your poster`, `${numbers.p2}: please upload your poster`]);
    expect(await reminders(presenter.b.email)).toEqual([]);
    expect((await mailsTo(presenter.b.email)).filter((m) => m.subject.includes('请上传'))).toEqual([]);
  }, 120_000);

  it('offers the published programme as a calendar file: the feed, a session, a talk, in Chinese; a talk that moved counts one revision', async () => {
    const ics = (query: string, headers: Record<string, string> = {}) =>
      fetch(new URL(`/api/v1/admin/programme/calendar${query}`, origin()), {
        headers: { 'x-local-client-ip': '10.9.33.1', ...headers },
      });
    const feed = await ics('');
    expect(feed.status).toBe(200);
    expect([feed.headers.get('content-type'), feed.headers.get('cache-control')]).toEqual([
      'text/calendar; charset=utf-8',
      'public, max-age=300',
    ]);
    expect(feed.headers.get('content-disposition')).toBe('inline; filename="iacr2024-programme.ics"');
    const events = calendarEvents(await feed.text());
    // Version 2 put O2 first (25 minutes) and O1 after it: O1 moved once, the session itself did not.
    expect(events.find((e) => e.uid === `talk-${ids.o1}@iacr2024-beijing.org`)).toMatchObject({
      summary: `${numbers.o1} ${`SCREENING UPTAKE IN LINZHOU ${tag}`.toUpperCase()}`,
      sequence: 1,
      starts_at: '2024-11-05T01:25:00.000Z',
      ends_at: '2024-11-05T01:55:00.000Z',
      location: `Hall A ${tag}`,
    });
    expect(events.find((e) => e.uid === `session-${s1}@iacr2024-beijing.org`)).toMatchObject({
      summary: `Methods ${tag}`,
      sequence: 0,
      starts_at: '2024-11-05T01:00:00.000Z',
    });

    const one = calendarEvents(await (await ics(`?session=${s1}&lang=zh-Hans`)).text());
    expect(one).toEqual([
      expect.objectContaining({ uid: `session-${s1}@iacr2024-beijing.org`, location: '一号厅' }),
    ]);
    const talk = await ics(`?talk=${ids.o2}`);
    expect(talk.headers.get('content-disposition')).toBe(`inline; filename="iacr2024-talk-${ids.o2}.ics"`);
    expect(calendarEvents(await talk.text()).map((e) => [e.uid, e.sequence])).toEqual([
      [`talk-${ids.o2}@iacr2024-beijing.org`, 1],
    ]);

    // Refusals are envelopes, in the reader's language.
    const unknown = await ics('?session=no-such-session');
    expect([unknown.status, ((await unknown.json()) as { message: string }).message]).toEqual([
      404,
      m.notInProgramme,
    ]);
    const unknownZh = await ics(`?talk=${ids.r1}`, zh);
    expect([unknownZh.status, ((await unknownZh.json()) as { message: string }).message]).toEqual([
      404,
      '已发布的日程中没有该专场或报告。',
    ]);
    const language = await ics('?lang=fr');
    expect([
      language.status,
      ((await language.json()) as { data: { errors: Record<string, string> } }).data.errors.lang,
    ]).toEqual([422, m.calendarLanguage]);
  });

  it("gives each placed abstract its own page: the text as published, its authors and their institutes, its session; no page for one not placed", async () => {
    const page = await call<PublishedAbstract>('GET', `/programme/abstracts/${ids.o1}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('public, max-age=300');
    expect(page.body.data).toMatchObject({
      abstract_id: ids.o1,
      number: numbers.o1,
      type: 'oral',
      title: `SCREENING UPTAKE IN LINZHOU ${tag}`.toUpperCase(),
      session_id: s1,
      keywords: 'liver cancer; incidence; registry',
      affiliations: ['Henan Cancer Registry, Zhengzhou, China'],
      // Version 2 put O2 (25 minutes) first.
      starts_at: '2024-11-05T01:25:00.000Z',
      ends_at: '2024-11-05T01:55:00.000Z',
    });
    expect(page.body.data.authors.map((a) => [a.name, a.presenter, a.affiliations])).toEqual([
      ['Na Li-a', true, [1]],
      [`Na Li-co-${`SCREENING UPTAKE IN LINZHOU ${tag}`.length}`, false, [1]],
    ]);
    expect(page.body.data.sections.map((s) => s.label)).toEqual(['Background', 'Methods']);
    // Nothing of the account or the e-mail addresses is on a public page.
    expect(JSON.stringify(page.body.data)).not.toMatch(/@example\.org|owner_id|email/);
    const poster = ok(await call<PublishedAbstract>('GET', `/programme/abstracts/${ids.p1}`));
    expect([poster.number, poster.board, poster.starts_at]).toEqual([numbers.p1, expect.any(Number), undefined]);

    // The home page asks whether a programme is published (its cards then lead to /program).
    const status = await call<{ published: boolean; number: number; published_at: string }>('GET', '/programme/status');
    expect([status.status, status.headers.get('cache-control'), status.body.data.published, status.body.data.number]).toEqual([200, 'public, max-age=60', true, 2]);

    const rejected = await call('GET', `/programme/abstracts/${ids.r1}`);
    expect([rejected.status, rejected.body.message]).toEqual([404, m.noSuchAbstract]);
  });

  it("serves each abstract's page at its address with its text in the HTML, in English and in Chinese, ready to hydrate; the not-found page with 404", async () => {
    // The session comes with the abstract: its page needs no other read.
    expect(ok(await call<PublishedAbstract>('GET', `/programme/abstracts/${ids.o1}`)).session).toMatchObject({ title: `Methods ${tag}`, room: { name: `Hall A ${tag}` } });
    const page = (address: string) => fetch(new URL(address, origin()), { headers: { 'x-local-client-ip': '10.9.33.7', 'accept-encoding': 'gzip' } });
    const title = `SCREENING UPTAKE IN LINZHOU ${tag}`.toUpperCase();

    const en = await page(`/program/abstracts/${ids.o1}?utm_source=mail`);
    expect([en.status, en.headers.get('content-type'), en.headers.get('cache-control'), en.headers.get('content-encoding')]).toEqual([200, 'text/html; charset=utf-8', 'public, max-age=300', 'gzip']);
    // The site's headers, as on every page (CloudFront's response headers policy).
    expect(en.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await en.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<title>${title}`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    // The text, the presenter, the institute and the session, as words of the page itself.
    for (const words of ['Background', 'Na Li-a', 'Henan Cancer Registry, Zhengzhou, China', `Methods ${tag}`, `Hall A ${tag}`, '5 November 2024']) expect(html).toContain(words);
    expect(html).toContain('data-render="hydrate"');
    expect(html).toContain(`<link rel="canonical" href="${origin()}/program/abstracts/${ids.o1}">`);
    expect(html).toContain(`hreflang="zh-Hans" href="${origin()}/zh/program/abstracts/${ids.o1}"`);
    // The browser starts from the same data: it does not ask the API again.
    const state = JSON.parse(/<script type="application\/json" id="__QUERY_STATE__">(.*?)<\/script>/s.exec(html)![1]!) as { queries: { queryKey: unknown[]; state: { data: { abstract_id?: string } } }[] };
    expect(state.queries.find((q) => q.queryKey.join('/') === `programme/abstract/${ids.o1}`)?.state.data.abstract_id).toBe(ids.o1);

    const zhPage = await (await page(`/zh/program/abstracts/${ids.o1}`)).text();
    expect(zhPage).toContain('<html lang="zh-Hans">');
    expect(zhPage).toContain('2024年11月5日');
    expect(zhPage).toContain(title);

    for (const [address, words] of [
      [`/program/abstracts/${ids.r1}`, 'This abstract is not in the programme'],
      ['/program/abstracts/no-such-abstract', 'This abstract is not in the programme'],
      [`/program/abstracts/${'x'.repeat(200)}`, 'This abstract is not in the programme'],
      ['/zh/program/abstracts/no-such-abstract', '日程中没有该摘要'],
    ] as const) {
      const missing = await page(address);
      const text = await missing.text();
      expect([address, missing.status, missing.headers.get('content-type')]).toEqual([address, 404, 'text/html; charset=utf-8']);
      expect(text).toContain(words);
      expect(text).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('keeps a delegate\'s own programme on the account, and its calendar at an address of its own that a new one replaces', async () => {
    type Mine = { sessions: string[]; talks: string[]; calendar_key: string | null; max: number };
    const me = await newDelegate();
    const mine = (json?: unknown, headers?: Record<string, string>) =>
      json === undefined
        ? call<Mine>('GET', '/account/programme', { token: me.token })
        : call<Mine>('POST', '/account/programme/picks', { token: me.token, json, ...(headers ? { headers } : {}) });
    expect(ok(await mine())).toEqual({ sessions: [], talks: [], calendar_key: null, max: 300 });
    expect(ok(await mine({ kind: 'session', id: s1, picked: true }), my.added).calendar_key).toMatch(/^[\w-]{43}$/);
    const both = ok(await mine({ kind: 'talk', id: ids.o2, picked: true }), my.added);
    expect([both.sessions, both.talks]).toEqual([[s1], [ids.o2]]);
    // Adding again changes nothing; a pick the programme does not hold is kept but not in the calendar.
    ok(await mine({ kind: 'talk', id: ids.o2, picked: true }));
    ok(await mine({ kind: 'talk', id: ids.r1, picked: true }));
    const key = ok(await mine()).calendar_key!;

    const ics = (query: string, headers: Record<string, string> = {}) =>
      fetch(new URL(`/api/v1/admin/account/programme/calendar?${query}`, origin()), { headers: { 'x-local-client-ip': '10.9.33.2', ...headers } });
    const file = await ics(`key=${key}`);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'text/calendar; charset=utf-8']);
    const text = await file.text();
    expect(text).toContain('X-WR-CALNAME:My IACR 2024 Beijing programme');
    expect(calendarEvents(text).map((e) => e.uid).sort()).toEqual([`session-${s1}@iacr2024-beijing.org`, `talk-${ids.o2}@iacr2024-beijing.org`].sort());
    expect(await (await ics(`key=${key}&lang=zh-Hans`)).text()).toContain('X-WR-CALNAME:我的 IACR 2024 北京大会日程');

    // Removing: gone from the list and from the calendar.
    expect(ok(await mine({ kind: 'session', id: s1, picked: false }), my.removed).sessions).toEqual([]);
    expect(calendarEvents(await (await ics(`key=${key}`)).text()).map((e) => e.uid)).toEqual([`talk-${ids.o2}@iacr2024-beijing.org`]);

    // A new address: the old one stops working, in the reader's language.
    const renewed = await call<Mine>('POST', '/account/programme/calendar-key', { token: me.token });
    expect([renewed.status, renewed.body.message]).toEqual([200, my.renewed]);
    expect(renewed.body.data.calendar_key).not.toBe(key);
    const old = await ics(`key=${key}`, zh);
    expect([old.status, ((await old.json()) as { message: string }).message]).toEqual([404, '该日历地址无效（可能已被新地址取代）。请从大会日程页面重新复制地址。']);
    expect((await ics(`key=${renewed.body.data.calendar_key}`)).status).toBe(200);
    const malformed = await ics('key=short');
    expect([malformed.status, ((await malformed.json()) as { data: { errors: Record<string, string> } }).data.errors.key]).toEqual([422, my.badKey]);

    // Refusals: no login, fields under their names (in Chinese too).
    expect((await call('POST', '/account/programme/picks', { json: { kind: 'session', id: s1, picked: true } })).status).toBe(401);
    const bad = await mine({ kind: 'room', id: '', picked: 'yes' });
    expect([bad.status, (bad.body.data as unknown as { errors: Record<string, string> }).errors]).toEqual([422, { kind: my.kind, id: my.id, picked: my.picked }]);
    const badZh = await mine({ kind: 'room', id: s1, picked: true }, zh);
    expect((badZh.body.data as unknown as { errors: Record<string, string> }).errors.kind).toBe('请选择专场或报告。');

    // At most 300: the 301st is refused, an existing one is still removed and added back.
    for (let i = 0; i < 300; i += 25) {
      await Promise.all(Array.from({ length: 25 }, (_, j) => mine({ kind: 'session', id: `filler-${i + j}`, picked: true })));
    }
    const full = await mine({ kind: 'session', id: 'one-more', picked: true });
    expect([full.status, full.body.message]).toEqual([422, my.full]);
    ok(await mine({ kind: 'talk', id: ids.o2, picked: true }));
  });

  it('answers 404 for an abstract the published programme does not hold', async () => {
    const rejected = await call('GET', `/programme/abstracts/${ids.r1}`);
    expect([rejected.status, rejected.body.message]).toEqual([404, m.noSuchAbstract]);
    const unknownZh = await call('GET', '/programme/abstracts/no-such-abstract', { headers: zh });
    expect([unknownZh.status, unknownZh.body.message]).toEqual([404, '已发布的日程中没有该摘要。']);
  });
});

describe('the abstract book of the published programme (an export of the office)', () => {
  async function finished(id: string): Promise<JobView> {
    const until = Date.now() + 60_000;
    for (;;) {
      const list = await call<{ items: JobView[] }>('GET', '/office/exports', { token: office.token });
      const job = list.body.data.items.find((j) => j.id === id);
      if (job && (job.state === 'done' || job.state === 'failed')) return job;
      if (Date.now() > until) throw new Error(`abstract book ${id} still ${job?.state}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it('is built off the request path from the latest publication and downloaded as a PDF: our numbers, titles and authors in the index', async () => {
    const requested = await call<{ job: JobView }>('POST', '/office/exports', {
      token: office.token,
      json: { kind: 'abstract_book' },
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    expect(requested.body.message).toBe(
      'The export "Abstract book (PDF)" is being prepared. It appears in the list below when it is ready.',
    );
    expect(requested.body.data.job).toMatchObject({ export: 'abstract_book', state: 'queued' });
    const job = await finished(requested.body.data.job.id);
    expect(job, JSON.stringify(job)).toMatchObject({ state: 'done', label: 'Abstract book (PDF)' });
    expect(job.file_name).toMatch(/^abstract_book-\d{4}-\d{2}-\d{2}-\d{4}\.pdf$/);
    // Every accepted abstract of the run is printed (ours: two orals, three posters; never the rejected one).
    expect(job.rows).toBeGreaterThanOrEqual(5);
    expect(job.programme_publication).toBeGreaterThanOrEqual(2);

    const link = await call<{ url: string; file_name: string }>('GET', `/office/exports/${job.id}/download`, {
      token: office.token,
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.data.url).toContain('/exports/');
    const file = await fetch(link.body.data.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes.byteLength).toBe(job.bytes);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    for (const n of Object.values(numbers)) expect(text).toContain(n);
    for (const title of [
      'SCREENING UPTAKE IN LINZHOU',
      'LIVER CANCER TRENDS',
      'REGISTRY COMPLETENESS',
      'CERVICAL SCREENING COVERAGE',
      'DEATH CERTIFICATE ONLY CASES',
    ])
      expect(text).toContain(`${title} ${tag}`.toUpperCase());
    expect(text).not.toContain(`A REJECTED STUDY ${tag}`.toUpperCase());
    expect(text).toContain(`Methods ${tag}`);
    const index = text.slice(text.lastIndexOf('Author index'));
    // "Family, Given" with the numbers of their abstracts: A presents O1, P1 and P3.
    expect(index).toMatch(/Li-a, Na/);
    for (const n of [numbers.o1, numbers.p1, numbers.p3]) expect(index).toContain(n);
    expect(index).toMatch(/Li-c, Na/);

    // Published to delegates: copied out of the office's exports, linked for everyone, audited.
    expect((await call('GET', '/programme/status')).body.data).toMatchObject({ published: true });
    const before = await fetch(new URL('/api/v1/admin/programme/abstract-book', origin()), { redirect: 'manual', headers: { 'x-language': 'zh-Hans' } });
    expect(before.status === 404 || before.status === 302).toBe(true);
    expect((await call('POST', `/office/exports/${job.id}/publication`, { token: delegate.token })).status).toBe(403);
    const missing = await call('POST', '/office/exports/no-such-job/publication', { token: office.token });
    expect([missing.status, missing.body.message]).toEqual([404, delegatesBookMessages.notFound]);
    const published = await call<{ publication: number; bytes: number }>('POST', `/office/exports/${job.id}/publication`, { token: office.token });
    expect([published.status, published.body.message]).toEqual([200, `The abstract book of programme version ${job.programme_publication} is published to delegates.`]);
    expect(published.body.data).toMatchObject({ publication: job.programme_publication, bytes: job.bytes });
    const status = await call<{ book: { publication: number; bytes: number } }>('GET', '/programme/status');
    expect(status.body.data.book).toMatchObject({ publication: job.programme_publication, bytes: job.bytes });
    const onward = await fetch(new URL('/api/v1/admin/programme/abstract-book', origin()), { redirect: 'manual' });
    expect(onward.status).toBe(302);
    const to = onward.headers.get('location')!;
    expect(to).toContain('/programme/abstract-book-');
    expect(to).not.toContain('/exports/');
    const book = await fetch(to);
    expect([book.status, book.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(new Uint8Array(await book.arrayBuffer()).byteLength).toBe(job.bytes);
    const audit = await db().send(
      new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': `AUDIT#programme#${job.programme_publication}` } }),
    );
    expect(audit.Items!.filter((i) => i.action === 'programme.book_published')).toEqual([
      expect.objectContaining({ actor: expect.objectContaining({ kind: 'organiser' }), after: { job: job.id, bytes: job.bytes } }),
    ]);
  }, 120_000);

  it("refuses to publish to delegates a book of an older programme version, or one that is not a book", async () => {
    const list = await call<{ items: JobView[] }>('GET', '/office/exports', { token: office.token });
    const csv = list.body.data.items.find((j) => j.export !== 'abstract_book' && j.kind === 'export');
    if (csv) {
      const notBook = await call('POST', `/office/exports/${csv.id}/publication`, { token: office.token });
      expect([notBook.status, notBook.body.message]).toEqual([404, delegatesBookMessages.notFound]);
    }
    const book = list.body.data.items.find((j) => j.export === 'abstract_book' && j.state === 'done')!;
    // A later publication makes that book an older version's.
    const view = await draft();
    const again = await committee<{ number: number }>('POST', '/publications', { version: view.programme.version });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const stale = await call('POST', `/office/exports/${book.id}/publication`, { token: office.token, headers: zh });
    expect([stale.status, stale.body.message]).toEqual([409, `该摘要集对应日程第 ${book.programme_publication} 版，而当前已发布第 ${again.body.data.number} 版。请重新生成摘要集后再发布。`]);
  });
});
