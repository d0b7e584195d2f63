/** Conflicts of interest: each rule holds, and none holds by accident (public mail domains, cities, departments). */
import { describe, expect, it } from 'vitest';
import {
  coauthorIndex,
  conflictHolds,
  conflictsOf,
  institutionKeys,
  isPublicMailDomain,
  type AbstractParties,
  type ReviewerParty,
} from '#core/review/conflicts';

const author = (email: string, institute: string, first = 'Li', last = 'Wang') => ({
  email,
  institute,
  first_name: first,
  last_name: last,
});
const abstract = (
  id: string,
  owner: string,
  authors: AbstractParties['authors'],
  owner_email?: string,
): AbstractParties => ({ id, owner_id: owner, owner_email, authors });
const reviewer = (over: Partial<ReviewerParty> = {}): ReviewerParty => ({
  userId: 'r1',
  email: 'ana@registry.no',
  organization: 'Cancer Registry of Norway',
  ...over,
});

describe('institutions', () => {
  it('are normalised for case, punctuation and abbreviations', () => {
    expect(institutionKeys('Peking Univ.')).toEqual(['peking university']);
    expect(institutionKeys('PEKING UNIVERSITY')).toEqual(['peking university']);
    expect(institutionKeys('The Natl. Cancer Ctr.')).toEqual(institutionKeys('National Cancer Centre'));
    expect(institutionKeys('Université de Lyon')).toEqual(institutionKeys('Universite Lyon'));
  });

  it('keep the institutions of an affiliation, not its department or city', () => {
    expect(institutionKeys('Dept. of Epidemiology, Peking Univ., Beijing')).toEqual(['peking university']);
    expect(institutionKeys('Beijing')).toEqual(['beijing']);
  });

  it('read an affiliation given in English and Chinese as both', () => {
    const keys = institutionKeys('National Cancer Center (国家癌症中心)');
    expect(keys).toContain('national cancer center');
    expect(keys).toContain('国家癌症中心');
    expect(institutionKeys('国家癌症中心 / National Cancer Center')).toEqual(expect.arrayContaining(keys));
    expect(institutionKeys('国家 癌症中心')).toEqual(['国家癌症中心']);
  });
});

describe('conflicts of interest', () => {
  const none = coauthorIndex([]);

  it('hold for an author, by account or by an author e-mail', () => {
    expect(
      conflictsOf(reviewer(), abstract('a', 'r1', [author('x@uni.edu', 'Other University')]), none),
    ).toEqual(['author']);
    expect(
      conflictsOf(reviewer(), abstract('a', 'u2', [author('Ana@Registry.no', 'Elsewhere Institute')]), none),
    ).toContain('author');
    expect(
      conflictsOf(
        reviewer(),
        abstract('a', 'u2', [author('x@uni.edu', 'Other University')], 'ana@registry.no'),
        none,
      ),
    ).toEqual(['author']);
  });

  it("hold for an author's e-mail domain, but not a public mail domain", () => {
    expect(
      conflictsOf(reviewer(), abstract('a', 'u2', [author('ole@registry.no', 'Other University')]), none),
    ).toEqual(['email-domain']);
    expect(
      conflictsOf(
        reviewer({ email: 'ana@163.com' }),
        abstract('a', 'u2', [author('bo@163.com', 'Other University')]),
        none,
      ),
    ).toEqual([]);
    expect(isPublicMailDomain('vip.163.com')).toBe(true);
    expect(isPublicMailDomain('qq.com')).toBe(true);
    expect(isPublicMailDomain('cicams.ac.cn')).toBe(false);
  });

  it("hold for an author's institution, written another way or in the other language", () => {
    const me = reviewer({ email: 'ana@gmail.com', organization: 'Natl. Cancer Ctr. (国家癌症中心)' });
    expect(
      conflictsOf(
        me,
        abstract('a', 'u2', [
          author('x@qq.com', 'Office for Cancer Registration, National Cancer Centre, Beijing'),
        ]),
        none,
      ),
    ).toEqual(['institution']);
    expect(conflictsOf(me, abstract('a', 'u2', [author('x@qq.com', '国家癌症中心')]), none)).toEqual([
      'institution',
    ]);
    // Another institution of the same city is not a conflict.
    expect(
      conflictsOf(me, abstract('a', 'u2', [author('x@qq.com', 'Peking University, Beijing')]), none),
    ).toEqual([]);
  });

  it('hold for a co-author of another abstract of the congress', () => {
    const other = abstract('b', 'u3', [
      author('ana@registry.no', 'Cancer Registry of Norway'),
      author('kim@snu.ac.kr', 'Seoul National University'),
    ]);
    const target = abstract('a', 'u4', [author('kim@snu.ac.kr', 'Seoul National University')]);
    const index = coauthorIndex([other, target]);
    expect(conflictsOf(reviewer(), target, index)).toEqual(['co-author']);
    // Without the shared abstract, none.
    expect(conflictsOf(reviewer(), target, coauthorIndex([target]))).toEqual([]);
  });

  it('hold where the reviewer declared a person or an institution', () => {
    const target = abstract('a', 'u4', [author('kim@snu.ac.kr', 'Seoul National Univ.', 'Min-jun', 'Kim')]);
    expect(conflictsOf(reviewer({ declared: { people: ['KIM@snu.ac.kr'] } }), target, none)).toEqual([
      'declared-person',
    ]);
    expect(conflictsOf(reviewer({ declared: { people: ['Min-jun Kim'] } }), target, none)).toEqual([
      'declared-person',
    ]);
    expect(
      conflictsOf(reviewer({ declared: { institutions: ['Seoul National University'] } }), target, none),
    ).toEqual(['declared-institution']);
    expect(conflictsOf(reviewer({ declared: { people: ['Someone Else'] } }), target, none)).toEqual([]);
  });

  it('yield to the office: the reasons it lifted no longer hold, a reason that appeared since does, authorship always does', () => {
    expect(conflictHolds(['institution'], undefined)).toBe(true);
    expect(conflictHolds([], undefined)).toBe(false);
    const lifted = { lifted: ['institution', 'co-author'] as const };
    expect(conflictHolds(['institution'], lifted)).toBe(false);
    expect(conflictHolds(['institution', 'co-author'], lifted)).toBe(false);
    // The reviewer declared a conflict after the override: it holds.
    expect(conflictHolds(['institution', 'declared-person'], lifted)).toBe(true);
    // An author never reviews their own abstract, whatever an override says.
    expect(conflictHolds(['author'], { lifted: ['author'] })).toBe(true);
    expect(conflictHolds(['author', 'institution'], { lifted: ['author', 'institution'] })).toBe(true);
    // Nothing computed, nothing to lift: no conflict.
    expect(conflictHolds([], lifted)).toBe(false);
  });
});
