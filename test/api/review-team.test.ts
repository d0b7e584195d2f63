/**
 * The review team: an organiser grants and revokes the reviewer (by review category) and committee
 * roles in the office; every change is audited, a stale or unknown change is refused with a clear
 * message and changes nothing, and a committee member may set up the office's second factor.
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#core/audit/audit';
import { officeMessages } from '#core/office/access';
import { reviewTeamMessages } from '#core/review/team';
import { PASSWORD, call, newDelegate, officeSession, totpCode, until, userIdOf } from './support';

interface Member {
  user_id: string;
  email: string;
  reviewer_categories: string[];
  committee: boolean;
}
const team = async (token: string) =>
  (
    await call<{ members: Member[]; categories: { value: string }[] }>('GET', '/office/review_team', {
      token,
    })
  ).body.data;
const memberOf = async (token: string, email: string) =>
  (await team(token)).members.find((m) => m.email === email);
const trail = async (office: string, id: string) =>
  (await call<{ items: AuditEntry[] }>('GET', `/office/audit/account/${id}`, { token: office })).body.data
    .items;
/** The account's review role entries, oldest first (the trail answers newest first). */
const roleEntries = async (office: string, id: string) =>
  (await trail(office, id)).filter((e) => e.action.startsWith('review_role.')).reverse();

describe('the review team', () => {
  it('is for the office: a delegate is refused', async () => {
    const d = await newDelegate('not-office');
    const read = await call('GET', '/office/review_team', { token: d.token });
    expect([read.status, read.body.message]).toEqual([403, officeMessages.organisersOnly]);
    const write = await call('PUT', '/office/review_team', {
      token: d.token,
      json: { email: d.email, reviewer_categories: ['registration'], committee: true },
    });
    expect([write.status, write.body.message]).toEqual([403, officeMessages.organisersOnly]);
  });

  it('grants, changes and revokes the roles, each audited, and says what changed', async () => {
    const office = await officeSession('team-office');
    const person = await newDelegate('team-reviewer');
    const id = await userIdOf(person.token);
    expect((await team(office.token)).categories.map((c) => c.value)).toEqual([
      'registration',
      'descriptive',
      'aetiology',
      'control',
      'topics',
    ]);

    const granted = await call('PUT', '/office/review_team', {
      token: office.token,
      json: {
        email: person.email.toUpperCase(),
        reviewer_categories: ['descriptive', 'registration'],
        committee: false,
      },
    });
    expect([granted.status, granted.body.message]).toEqual([
      200,
      `${person.email} reviews Cancer registration: methods and systems; Descriptive epidemiology.`,
    ]);
    expect(await memberOf(office.token, person.email)).toMatchObject({
      user_id: id,
      reviewer_categories: ['registration', 'descriptive'],
      committee: false,
    });

    const same = await call('PUT', '/office/review_team', {
      token: office.token,
      json: { email: person.email, reviewer_categories: ['registration', 'descriptive'] },
    });
    expect([same.status, same.body.message]).toEqual([200, reviewTeamMessages.unchanged(person.email)]);

    const both = await call('PUT', '/office/review_team', {
      token: office.token,
      json: { email: person.email, reviewer_categories: ['registration'], committee: true },
    });
    expect(both.body.message).toBe(
      `${person.email} reviews Cancer registration: methods and systems and is on the programme committee (with the second factor).`,
    );

    const revoked = await call('PUT', '/office/review_team', {
      token: office.token,
      json: { email: person.email, reviewer_categories: [], committee: false },
    });
    expect(revoked.body.message).toBe(reviewTeamMessages.saved(person.email, undefined));
    expect(await memberOf(office.token, person.email)).toBeUndefined();

    const entries = await roleEntries(office.token, id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      [
        'review_role.granted',
        { reviewer_categories: [], committee: false },
        { reviewer_categories: ['registration', 'descriptive'], committee: false },
      ],
      [
        'review_role.changed',
        { reviewer_categories: ['registration', 'descriptive'], committee: false },
        { reviewer_categories: ['registration'], committee: true },
      ],
      [
        'review_role.revoked',
        { reviewer_categories: ['registration'], committee: true },
        { reviewer_categories: [], committee: false },
      ],
    ]);
    expect(entries.every((e) => e.actor.email === office.email)).toBe(true);
  });

  it('refuses an unknown category, an unknown or inactive account, and changes nothing', async () => {
    const office = await officeSession('team-refusals');
    const person = await newDelegate('team-refused');
    const unknown = await call('PUT', '/office/review_team', {
      token: office.token,
      json: { email: person.email, reviewer_categories: ['registration', 'astrology'] },
    });
    expect([unknown.status, unknown.body.message]).toEqual([422, reviewTeamMessages.unknownCategory]);
    const nobody = await call('PUT', '/office/review_team', {
      token: office.token,
      json: { email: 'nobody-here@example.org', committee: true },
    });
    expect([nobody.status, nobody.body.message]).toEqual([
      422,
      reviewTeamMessages.noAccount('nobody-here@example.org'),
    ]);
    const malformed = await call('PUT', '/office/review_team', {
      token: office.token,
      json: { email: person.email, committee: 'yes please' },
    });
    expect(malformed.status).toBe(422);
    expect(await memberOf(office.token, person.email)).toBeUndefined();
    expect(await roleEntries(office.token, await userIdOf(person.token))).toEqual([]);
  });

  it('two organisers changing the same person at once: each change that lands is audited, the others are told to reload', async () => {
    const office = await officeSession('team-race');
    const person = await newDelegate('team-raced');
    const answers = await Promise.all(
      [['registration'], ['control'], ['topics']].map((reviewer_categories) =>
        call('PUT', '/office/review_team', {
          token: office.token,
          json: { email: person.email, reviewer_categories },
        }),
      ),
    );
    for (const a of answers)
      expect(
        a.status === 200 || (a.status === 409 && a.body.message === reviewTeamMessages.changedMeanwhile),
      ).toBe(true);
    const landed = answers.filter((a) => a.status === 200).length;
    expect(landed).toBeGreaterThan(0);
    expect(await roleEntries(office.token, await userIdOf(person.token))).toHaveLength(landed);
  });

  it('a reviewer who deletes their account leaves the team', async () => {
    const office = await officeSession('team-deleting-office');
    const person = await newDelegate('team-deleting');
    await call('PUT', '/office/review_team', { token: office.token, json: { email: person.email, reviewer_categories: ['topics'] } });
    expect(await memberOf(office.token, person.email)).toBeDefined();
    const asked = await call('POST', '/account/delete', { token: person.token, json: { password: PASSWORD } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    await until('off the team', () => memberOf(office.token, person.email), (m) => m === undefined, 30_000);
  });

  it('a committee member sets up the second factor as an organiser does; a revoke ends the pass', async () => {
    const office = await officeSession('team-committee-office');
    const member = await newDelegate('team-committee');
    expect((await call('GET', '/office/second_factor', { token: member.token })).body.message).toBe(
      officeMessages.organisersOnly,
    );
    await call('PUT', '/office/review_team', {
      token: office.token,
      json: { email: member.email, committee: true },
    });
    const status = await call('GET', '/office/second_factor', { token: member.token });
    expect([status.status, status.body.data]).toEqual([
      200,
      { enrolled: false, verified: false, recovery_codes_left: 0, email: member.email },
    ]);
    const enrol = await call<{ secret: string }>('POST', '/office/second_factor/enrol', {
      token: member.token,
    });
    const confirmed = await call('POST', '/office/second_factor/confirm', {
      token: member.token,
      json: { code: await totpCode(enrol.body.data.secret) },
    });
    expect(confirmed.status).toBe(200);
    expect(
      (await call<{ verified: boolean }>('GET', '/office/second_factor', { token: member.token })).body.data
        .verified,
    ).toBe(true);
    // The office itself stays the organisers'.
    expect((await call('GET', '/office/review_team', { token: member.token })).body.message).toBe(
      officeMessages.organisersOnly,
    );
    // Revoked and granted again: the pass made under the first grant opens nothing.
    await call('PUT', '/office/review_team', {
      token: office.token,
      json: { email: member.email, committee: false },
    });
    await call('PUT', '/office/review_team', {
      token: office.token,
      json: { email: member.email, committee: true },
    });
    expect(
      (await call<{ verified: boolean }>('GET', '/office/second_factor', { token: member.token })).body.data
        .verified,
    ).toBe(false);
  });
});
