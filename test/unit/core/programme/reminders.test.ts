/**
 * Reminders to presenters without a file (issue 33, decision 0067): due exactly 7 days and 2 days
 * before the session's start instant (CST), once each, never to a presenter whose file is uploaded.
 * Fixed clocks throughout.
 */
import { describe, expect, it } from 'vitest';
import type { Mail } from '#core/accounts/ports';
import type { StoredAbstract } from '#core/abstracts/ports';
import type { PublishedProgramme } from '#core/programme/model';
import { dueReminders, reminderName, remindPresenters, renderReminderMail, type ReminderDeps } from '#core/programme/reminders';
import { cst } from '#core/time';
import { expectChinese } from '../chinese-text';
import { abstract, rooms, session } from './fixtures';

const sessions = [
  // Talks: o2 at 09:20 in a session that starts at 09:00: the session's start counts.
  session('s1', { title: 'Registry methods', from: '2024-11-05T09:00', to: '2024-11-05T10:30', talks: [['o1', 20], ['o2', 15]] }),
  session('s2', { title: 'Posters 1', type: 'poster', room: 'poster-hall', from: '2024-11-05T14:00', to: '2024-11-05T16:00', boards: [['p1', 3]] }),
  session('s3', { title: 'Gala dinner', type: 'social', room: null, from: '2024-11-06T18:00', to: '2024-11-06T21:00' }),
];
const at = (wallClock: string, ms = 0) => new Date(Date.parse(cst(wallClock)) + ms);
const due = (now: Date) => dueReminders(sessions, now).map((r) => `${r.abstract_id}:${r.days}`);

describe('which reminders are due', () => {
  it('nothing before exactly 7 days before the session starts', () => {
    expect(due(at('2024-10-29T09:00', -1))).toEqual([]);
  });
  it('the 7-day reminder from exactly 7 days before, for every abstract of the session', () => {
    expect(dueReminders(sessions, at('2024-10-29T09:00'))).toEqual([
      { abstract_id: 'o1', session_id: 's1', session_starts_at: cst('2024-11-05T09:00'), days: 7 },
      { abstract_id: 'o2', session_id: 's1', session_starts_at: cst('2024-11-05T09:00'), days: 7 },
    ]);
    expect(due(at('2024-10-29T14:00'))).toEqual(['o1:7', 'o2:7', 'p1:7']);
  });
  it('the 7-day one until the 2-day one takes over, exactly 2 days before', () => {
    expect(due(at('2024-11-03T09:00', -1))).toEqual(['o1:7', 'o2:7', 'p1:7']);
    expect(due(at('2024-11-03T09:00'))).toEqual(['o1:2', 'o2:2', 'p1:7']);
    expect(due(at('2024-11-03T14:00'))).toEqual(['o1:2', 'o2:2', 'p1:2']);
  });
  it('the 2-day one until the session starts, then none', () => {
    expect(due(at('2024-11-05T09:00', -1))).toEqual(['o1:2', 'o2:2', 'p1:2']);
    expect(due(at('2024-11-05T09:00'))).toEqual(['p1:2']);
    expect(due(at('2024-11-05T14:00'))).toEqual([]);
  });
  it('names each reminder of each presenter apart, whatever the case of the address', () => {
    expect(reminderName({ abstract_id: 'o1', days: 7 }, ' Li@Example.org')).toBe('presenter-reminder#o1#7d#li@example.org');
    expect(reminderName({ abstract_id: 'o1', days: 2 }, 'li@example.org')).not.toBe(reminderName({ abstract_id: 'o1', days: 7 }, 'li@example.org'));
  });
});

const version: PublishedProgramme = { rooms, sessions, version: 5, number: 3, published_at: cst('2024-10-01T10:00'), published_by: 'c' };
const stored = (a: ReturnType<typeof abstract>, owner: string): StoredAbstract => ({ ...a, owner_id: owner, created_at: '', updated_at: '' }) as StoredAbstract;
const abstracts = [
  stored(abstract('o1', { number: 'O-001', presenters: ['ann@example.org', 'bo@example.org'] }), 'owner-1'),
  stored(abstract('o2', { number: 'O-002', author: 'cy@example.org' }), 'owner-2'),
  stored(abstract('p1', { outcome: 'poster', number: 'P-001', author: 'ann@example.org' }), 'owner-1'),
];

function world(options: { uploads?: Record<string, { presentation_of?: string }[]>; failFor?: string } = {}) {
  const marks = new Set<string>();
  const sent: Mail[] = [];
  const deps: ReminderDeps = {
    latest: async () => version,
    abstracts: async () => abstracts,
    files: async (owner, type) => options.uploads?.[`${owner}:${type}`] ?? [],
    accountIdOf: async (email) => (email === 'bo@example.org' ? 'user-bo' : undefined),
    once: {
      claim: async (owner, name) => (marks.has(`${owner}/${name}`) ? false : (marks.add(`${owner}/${name}`), true)),
      release: async (owner, name) => void marks.delete(`${owner}/${name}`),
    },
    mailer: {
      send: async (mail) => {
        if (mail.to === options.failFor) throw new Error('SES said no');
        sent.push(mail);
        return 'sent';
      },
    },
    languages: { get: async (id) => (id === 'user-bo' ? 'zh-Hans' : undefined) },
    log: { info: () => undefined, error: () => undefined, warn: () => undefined } as unknown as ReminderDeps['log'],
    siteOrigin: 'https://example.org',
    pause: async () => undefined,
  };
  return { deps, marks, sent };
}

describe('a run of the reminders', () => {
  it('mails each presenter of each due abstract without a file once, in their language; a second run sends nothing', async () => {
    const w = world({ uploads: { 'owner-2:oral': [{ presentation_of: 'o2' }] } });
    const first = await remindPresenters(w.deps, at('2024-10-29T09:00'));
    expect(first).toEqual({ due: 2, uploaded: 1, sent: 2, already: 0, failed: 0 });
    expect(w.sent.map((m) => [m.to, m.subject])).toEqual([
      ['ann@example.org', 'O-001: please upload your slides'],
      ['bo@example.org', 'O-001：请上传幻灯片'],
    ]);
    expect(w.sent[0]!.text).toContain('Dear P0, O-001 "Title of o1" is presented in 7 days: Registry methods, Hall A, 5 November 2024 09:00–09:20 CST. We have no slides for it yet.');
    expect(w.sent[0]!.text).toContain('https://example.org/oral/upload');
    expect(w.sent[1]!.text).toContain('https://example.org/zh/oral/upload');
    expectChinese(w.sent[1]!.subject, ['O-001']);
    expect(await remindPresenters(w.deps, at('2024-10-29T09:15'))).toEqual({ due: 2, uploaded: 1, sent: 0, already: 2, failed: 0 });
    // The poster's 7-day reminder, then the 2-day ones: each once more.
    expect((await remindPresenters(w.deps, at('2024-10-29T14:00'))).sent).toBe(1);
    expect((await remindPresenters(w.deps, at('2024-11-03T14:00'))).sent).toBe(3);
    expect((await remindPresenters(w.deps, at('2024-11-03T14:15'))).sent).toBe(0);
    expect(w.sent).toHaveLength(6);
    expect(w.sent.some((m) => m.to === 'cy@example.org')).toBe(false);
  });

  it('never mails a presenter whose file was uploaded before the run, nor one of another type', async () => {
    const w = world({ uploads: { 'owner-1:oral': [{ presentation_of: 'o1' }], 'owner-1:poster': [{}] } });
    const run = await remindPresenters(w.deps, at('2024-10-29T14:00'));
    // o1: its slides; p1: a poster from before decisions named abstracts; o2: none, so cy is told.
    expect(run).toMatchObject({ due: 3, uploaded: 2, sent: 1 });
    expect(w.sent.map((m) => m.to)).toEqual(['cy@example.org']);
  });

  it('gives a failed mail its claim back, so that the next run sends it', async () => {
    const w = world({ failFor: 'ann@example.org' });
    expect(await remindPresenters(w.deps, at('2024-10-29T09:00'))).toMatchObject({ sent: 2, failed: 1 });
    expect([...w.marks].some((m) => m.includes('ann@example.org'))).toBe(false);
    const again = world();
    expect(await remindPresenters(again.deps, at('2024-10-29T09:00'))).toMatchObject({ sent: 3 });
  });

  it('does nothing before a programme is published, or when nothing is due', async () => {
    const w = world();
    expect(await remindPresenters({ ...w.deps, latest: async () => undefined }, at('2024-10-29T09:00'))).toEqual({ due: 0, uploaded: 0, sent: 0, already: 0, failed: 0 });
    expect(await remindPresenters(w.deps, at('2024-10-01T09:00'))).toMatchObject({ due: 0, sent: 0 });
    expect(w.sent).toEqual([]);
  });

  it('writes the poster reminder with its board, wholly in Chinese but for its values', () => {
    const mail = renderReminderMail({ version, abstract: abstracts[2]!, type: 'poster', number: 'P-001', days: 2, firstName: 'Li', siteOrigin: 'https://example.org', lang: 'zh-Hans' });
    expect(mail.subject).toBe('P-001：请上传壁报');
    expect(mail.text).toContain('P-001《Title of p1》将于 2 天后报告：Posters 1，Poster hall，3 号展位，2024年11月5日 14:00–16:00（北京时间）。');
    const body = mail.text.split('\n').filter((l) => !/https?:|@/.test(l)).join('\n');
    expectChinese(body, ['Posters 1', 'Poster hall', 'Title of p1', 'Li', 'IACR', 'Beijing']);
  });
});
