/**
 * The programme's words in both languages (issue 33): the forms' messages are in the English
 * catalog word for word under api. ids (the API and the forms find their Chinese by them), and
 * every problem and change reads in Chinese with only its values left in Latin letters.
 */
import { describe, expect, it } from 'vitest';
import { en } from '#core/i18n/catalogs/en/index';
import type { Text } from '#core/i18n/messages';
import { localise } from '#core/i18n/server-messages';
import { problemTexts } from '#core/programme/checks';
import { congressWindow, placementsOf } from '#core/programme/model';
import { programmeMessages } from '#core/programme/schemas';
import { changeTexts } from '#core/programme/versions';
import { publishedText } from '#core/programme/publish-programme';
import { expectChinese } from '../chinese-text';
import { abstract, session } from './fixtures';

const apiEnglish = new Map(Object.entries(en).filter(([id]) => id.startsWith('api.review.programme.')).map(([id, text]) => [text, id]));

describe('the programme forms\' messages', () => {
  it.each(Object.entries(programmeMessages))('%s is in the catalogs word for word, and in Chinese', (_key, message) => {
    expect(apiEnglish.has(message), message).toBe(true);
    expect(localise('en', message)).toBe(message);
    expectChinese(localise('zh-Hans', message));
  });
});

const s1 = session('s1', { title: 'Registry methods', from: '2024-11-05T09:00', to: '2024-11-05T10:30', talks: [['o1', 15]] });
const s2 = session('s2', { title: 'Posters 1', type: 'poster', room: 'poster-hall', boards: [['p1', 12]] });
const talk = placementsOf([s1])[0]!;
const board = placementsOf([s2])[0]!;
const a = abstract('a1', { outcome: 'reject', title: 'Cancer incidence in Linzhou' });
const values = ['Registry methods', 'Posters 1', 'Hall A', 'Li Wang', 'Cancer incidence in Linzhou', 'Title of a1'];

/** [what, text] */
const cases: [string, Text][] = [
  ['ends before start', problemTexts.endsBeforeStart(s1)],
  ['outside the congress', problemTexts.outsideCongress(s1, congressWindow)],
  ['no room', problemTexts.noRoom(s1)],
  ['room twice', problemTexts.roomTwice('Hall A', s1, s2)],
  ['talks overrun', problemTexts.talksOverrun(s1, 95)],
  ['talks overrun by 1', problemTexts.talksOverrun({ ...s1, ends_at: s1.starts_at }, 1)],
  ['board twice', problemTexts.boardTwice(s2, 12)],
  ['withdrawn', problemTexts.withdrawn(s1)],
  ['not accepted', problemTexts.notAccepted(s1, a)],
  ['oral in a poster session', problemTexts.wrongSession(s2, 'O-001', 'oral')],
  ['poster in an oral session', problemTexts.wrongSession(s1, 'P-001', 'poster')],
  ['placed twice in one', problemTexts.placedTwice('O-001', s1, s1)],
  ['placed twice in two', problemTexts.placedTwice('O-001', s1, s2)],
  ['presenter twice', problemTexts.presenterTwice('Li Wang', { label: 'O-001', session: s1, at: talk }, { label: 'P-001', session: s2, at: board })],
  ['unscheduled oral', problemTexts.unscheduled(a, { type: 'oral', number: 'O-002' })],
  ['unscheduled poster', problemTexts.unscheduled(a, { type: 'poster', number: 'P-002' })],
  ['not publishable: 1', problemTexts.notPublishable(1)],
  ['not publishable: 1,204', problemTexts.notPublishable(1204)],
  ['published', publishedText(3)],
  ['session added', changeTexts.sessionAdded(s1)],
  ['session removed', changeTexts.sessionRemoved(s1)],
  ['session renamed', changeTexts.sessionRenamed(s1, s2)],
  ['session time', changeTexts.sessionTime(s1)],
  ['session room', changeTexts.sessionRoom(s1, 'Hall A')],
  ['session without a room', changeTexts.sessionRoom(s1, undefined)],
  ['placed', changeTexts.placed('O-001', s1)],
  ['unplaced', changeTexts.unplaced('O-001', s1)],
  ['talk moved', changeTexts.talkMoved('O-001', s1, talk, 'Hall A')],
  ['talk moved, no room', changeTexts.talkMoved('O-001', s1, talk, undefined)],
  ['poster moved', changeTexts.posterMoved('P-001', s2, board)],
];

describe('the programme\'s problems and changes', () => {
  it.each(cases)('%s: reads in English and in Chinese', (_what, text) => {
    const english = localise('en', text);
    expect(english).not.toMatch(/[{}]|\[object/);
    expectChinese(localise('zh-Hans', text), values);
  });
  it('write instants and days in China Standard Time with the zone in both languages', () => {
    expect(localise('en', problemTexts.outsideCongress(s1, congressWindow))).toContain('(4 November 2024 to 7 November 2024)');
    expect(localise('zh-Hans', problemTexts.outsideCongress(s1, congressWindow))).toBe(
      '“Registry methods”不在会议日期（2024年11月4日至2024年11月7日）内：当前设定为2024年11月5日 09:00 (UTC+8)至2024年11月5日 10:30 (UTC+8)。',
    );
    expect(localise('zh-Hans', problemTexts.talksOverrun(s1, 95))).toBe('“Registry methods”的报告共需 95 分钟，超出专场时长（90 分钟）。');
    expect(localise('en', problemTexts.talksOverrun({ ...s1, ends_at: '2024-11-05T01:01:00.000Z' }, 2))).toBe('The talks of “Registry methods” take 2 minutes, longer than the session (1 minute).');
  });
});
