/**
 * "My presentations" (issue 33, decision 0067): the delegate's accepted abstracts with their place
 * in the latest published programme, the upload deadline and whether a file is uploaded. Fixed clock.
 */
import { describe, expect, it } from 'vitest';
import { reviewPhases } from '#core/config/conference';
import { myPresentations, readMyPresentations } from '#core/programme/my-presentations';
import type { PublishedProgramme } from '#core/programme/model';
import { publicProgramme } from '#core/programme/public-programme';
import { en } from '#core/i18n/catalogs/en/index';
import type { MessageId } from '#core/i18n/messages';
import { localise } from '#core/i18n/server-messages';
import { text } from '#core/i18n/messages';
import { cst } from '#core/time';
import { expectChinese } from '../chinese-text';
import { abstract, rooms, session } from './fixtures';

const abstracts = [
  abstract('p1', { outcome: 'poster', number: 'P-010' }),
  abstract('o2', { number: 'O-012' }),
  abstract('o1', { number: 'O-002' }),
  abstract('r1', { outcome: 'reject' }),
  abstract('late', { outcome: 'oral', number: 'O-100' }),
];
const version: PublishedProgramme = {
  rooms: [...rooms.slice(0, 2), { id: 'poster-hall', name: 'Poster hall', name_zh: '壁报厅', capacity: 400 }],
  version: 4,
  number: 2,
  published_at: cst('2024-10-01T10:00'),
  published_by: 'committee',
  sessions: [
    { ...session('s1', { title: 'Registry methods', room: 'hall-a', from: '2024-11-05T09:00', to: '2024-11-05T10:30', talks: [['o1', 20], ['o2', 15]] }), title_zh: '登记方法' },
    session('s2', { title: 'Posters 1', type: 'poster', room: 'poster-hall', from: '2024-11-05T10:30', to: '2024-11-05T12:00', boards: [['p1', 7]] }),
  ],
};
const view = publicProgramme(version, abstracts, new Map());
const BEFORE_DEADLINE = new Date(cst('2024-10-25T23:59'));
const none = { oral: [], poster: [] };

describe('my presentations', () => {
  it('lists only the accepted abstracts, orals first by number, each with its place, the deadline and its upload', () => {
    const mine = myPresentations({ abstracts, files: { oral: [{ presentation_of: 'o2' }], poster: [] }, view }, BEFORE_DEADLINE);
    expect(mine.published).toEqual({ number: 2, published_at: cst('2024-10-01T10:00') });
    expect(mine.items.map((i) => [i.number, i.type, i.upload.uploaded])).toEqual([
      ['O-002', 'oral', false],
      ['O-012', 'oral', true],
      ['O-100', 'oral', false],
      ['P-010', 'poster', false],
    ]);
    const [o1, o2, late, p1] = mine.items;
    // A talk: its own time (the second talk starts when the first ends), its room, the session's titles.
    expect(o1!.place).toEqual({ session_id: 's1', session_title: 'Registry methods', session_title_zh: '登记方法', room: { name: 'Hall A' }, starts_at: cst('2024-11-05T09:00'), ends_at: cst('2024-11-05T09:20') });
    expect(o2!.place).toMatchObject({ starts_at: cst('2024-11-05T09:20'), ends_at: cst('2024-11-05T09:35') });
    // Accepted but not placed by the latest publication.
    expect(late!.place).toBeNull();
    // A poster: its board and its poster session's time.
    expect(p1!.place).toEqual({ session_id: 's2', session_title: 'Posters 1', room: { name: 'Poster hall', name_zh: '壁报厅' }, starts_at: cst('2024-11-05T10:30'), ends_at: cst('2024-11-05T12:00'), board: 7 });
    expect(o1!.upload).toEqual({ deadline: reviewPhases.presentationUploadsUntil, open: true, uploaded: false, path: '/oral/upload' });
    expect(p1!.upload.path).toBe('/poster/upload');
    expect(o1!.title).toBe('Title of o1');
  });

  it('says nothing is published before the first publication, and still lists the abstracts', () => {
    const mine = myPresentations({ abstracts, files: none, view: undefined }, BEFORE_DEADLINE);
    expect(mine.published).toBeNull();
    expect(mine.items).toHaveLength(4);
    expect(mine.items.every((i) => i.place === null)).toBe(true);
  });

  it('closes uploads at the deadline exactly (24:00 CST of 25 October)', () => {
    const at = (instant: string) => myPresentations({ abstracts, files: none, view }, new Date(instant)).items[0]!.upload.open;
    expect(at(new Date(Date.parse(reviewPhases.presentationUploadsUntil) - 1).toISOString())).toBe(true);
    expect(at(reviewPhases.presentationUploadsUntil)).toBe(false);
    expect(reviewPhases.presentationUploadsUntil).toBe(cst('2024-10-26T00:00'));
  });

  it('counts a file of the type that names no abstract (uploaded before decisions named them) for each abstract of that type, and never a file of the other type', () => {
    const legacy = myPresentations({ abstracts, files: { oral: [{}], poster: [] }, view }, BEFORE_DEADLINE);
    expect(legacy.items.map((i) => i.upload.uploaded)).toEqual([true, true, true, false]);
    const other = myPresentations({ abstracts, files: { oral: [{ presentation_of: 'p1' }], poster: [{ presentation_of: 'o1' }] }, view }, BEFORE_DEADLINE);
    expect(other.items.map((i) => i.upload.uploaded)).toEqual([false, false, false, false]);
  });

  it('an abstract with no accepted decision, or an empty account, lists nothing', () => {
    expect(myPresentations({ abstracts: [abstracts[3]!], files: none, view }, BEFORE_DEADLINE).items).toEqual([]);
    expect(myPresentations({ abstracts: [], files: none, view }, BEFORE_DEADLINE)).toEqual({ published: { number: 2, published_at: view.published_at }, items: [] });
  });

  it('reads the account and the public view once each', async () => {
    const calls: string[] = [];
    const result = await readMyPresentations(
      {
        abstracts: async (id) => (calls.push(`abstracts ${id}`), abstracts.map((a) => ({ ...a, owner_id: id, created_at: '', updated_at: '' })) as never),
        files: async (id, type) => (calls.push(`files ${id} ${type}`), []),
        publicView: async () => (calls.push('view'), view),
      },
      'u1',
      BEFORE_DEADLINE,
    );
    expect(calls.sort()).toEqual(['abstracts u1', 'files u1 oral', 'files u1 poster', 'view']);
    expect(result.items).toHaveLength(4);
  });
});

describe("the page's words", () => {
  const ids = Object.keys(en).filter((id) => id.startsWith('programme.mine.')) as MessageId[];
  it.each(ids.flatMap((id) => [[id, 'oral'], [id, 'poster']] as const))('%s (%s) reads in Chinese with no English word left', (id, type) => {
    const values = { type, number: 'O-012', at: '2024年10月1日 10:00 (UTC+8)' };
    expect(localise('en', text(id, values))).not.toBe(localise('zh-Hans', text(id, values)));
    expectChinese(localise('zh-Hans', text(id, values)), ['O-012']);
  });
});
