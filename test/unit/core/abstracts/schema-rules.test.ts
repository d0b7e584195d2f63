import { describe, expect, it } from 'vitest';
import { abstractIdSchema, abstractMessages, abstractSchema, agreementValues } from '#core/abstracts/schemas';

const person = { last_name: 'Zhang', first_name: 'Wei', email: 'wei@example.org', institute: 'NCC', city: 'Beijing', country: 'China' };
const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');
const valid = (over: Record<string, unknown> = {}) => ({
  authors: [person],
  presenter_abstract: true,
  title_of_abstract: 'Trends in liver cancer incidence in China',
  abstract_category: 'descriptive.incidence-mortality',
  keywords: 'liver cancer; incidence; trends',
  abstract_body: 'Background. Methods. Results. Conclusion.',
  financial_support: false,
  conference_iacr_fellowship: false,
  conflict_of_interest_disclosure: 'None declared.',
  agreements: [...agreementValues],
  submitter_date: '2024-05-16',
  ...over,
});

/** Every message of each path, as safeParse reports them. */
function issues(input: unknown): Record<string, string[]> {
  const r = abstractSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) (out[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return out;
}

describe('title, keywords and body: counted in words at each limit', () => {
  it.each([
    ['title', 'title_of_abstract', 15, abstractMessages.titleWords, 'Limited to 15 words.'],
    ['body', 'abstract_body', 300, abstractMessages.bodyWords, 'Limited to 300 words.'],
    ['keywords', 'keywords', 5, abstractMessages.keywordsMax, 'Limited to 5 words.'],
  ])('the %s takes its limit of words and refuses one more', (_what, field, limit, message, spelled) => {
    expect(message).toBe(spelled);
    expect(issues(valid({ [field]: words(limit) }))).toEqual({});
    expect(issues(valid({ [field]: words(limit + 1) }))).toEqual({ [field]: [spelled] });
  });

  it('counts only alphabetic words, so numbers and hyphenated terms do not push a title over', () => {
    const title = `${words(13)} COVID-19 population-based 2019-2023 (1,234)`;
    expect(issues(valid({ title_of_abstract: title }))).toEqual({});
  });

  it('asks for at least 3 keywords, however they are separated', () => {
    expect(issues(valid({ keywords: 'registry, survival' }))).toEqual({ keywords: ['Please enter at least 3 words.'] });
    expect(issues(valid({ keywords: 'registry,survival;china' }))).toEqual({});
    expect(issues(valid({ keywords: '1 2 3 4' }))).toEqual({ keywords: ['Please enter at least 3 words.'] });
  });

  it('asks for a title, keywords and body that are not blank', () => {
    expect(issues(valid({ title_of_abstract: '   ', keywords: '', abstract_body: '\n' }))).toMatchObject({
      title_of_abstract: ['Please enter.'],
      keywords: expect.arrayContaining(['Please enter.']),
      abstract_body: ['Please enter.'],
    });
  });

  it('refuses a body of few words but more than 6000 characters as too long', () => {
    expect(issues(valid({ abstract_body: 'x'.repeat(6000) }))).toEqual({});
    expect(issues(valid({ abstract_body: 'x'.repeat(6001) }))).toEqual({ abstract_body: ['This text is too long.'] });
  });
});

describe('conflict of interest disclosure: counted in characters after trimming', () => {
  it('takes 300 characters and refuses 301', () => {
    expect(issues(valid({ conflict_of_interest_disclosure: 'x'.repeat(300) }))).toEqual({});
    expect(issues(valid({ conflict_of_interest_disclosure: 'x'.repeat(301) }))).toEqual({
      conflict_of_interest_disclosure: ['Limited to 300 characters.'],
    });
  });

  it('does not count the spaces around it and asks for something', () => {
    expect(abstractSchema.parse(valid({ conflict_of_interest_disclosure: `  ${'x'.repeat(300)}  ` })).conflict_of_interest_disclosure).toHaveLength(300);
    expect(issues(valid({ conflict_of_interest_disclosure: '  ' }))).toEqual({ conflict_of_interest_disclosure: ['Please enter.'] });
  });
});

describe('agreements: all of them, and nothing else', () => {
  it('takes every agreement in any order', () => {
    expect(issues(valid({ agreements: [...agreementValues].reverse() }))).toEqual({});
  });

  it.each([
    ['none', []],
    ['only the first', agreementValues.slice(0, 1)],
    ['all but one', agreementValues.slice(1)],
    ['all and an unknown one', [...agreementValues, 'i-agree']],
    ['all, one of them twice', [...agreementValues, agreementValues[0]!]],
    ['all, repeated 100,000 times', Array.from({ length: 100_000 }, () => agreementValues).flat()],
    ['a single string', agreementValues.join(',')],
    ['nothing at all', undefined],
  ])('refuses %s with "Please select."', (_what, agreements) => {
    expect(issues(valid({ agreements }))).toEqual({ agreements: ['Please select.'] });
  });
});

describe('presenters', () => {
  it('requires at least one presenter when the first author does not present', () => {
    expect(issues(valid({ presenter_abstract: false }))).toEqual({ presenter_infos: ['Please enter.'] });
    expect(issues(valid({ presenter_abstract: 'no', presenter_infos: [] }))).toEqual({ presenter_infos: ['Please enter.'] });
    const r = abstractSchema.parse(valid({ presenter_abstract: 'No', presenter_infos: [{ ...person, first_name: ' Li ' }] }));
    expect(r.presenter_abstract).toBe(false);
    expect(r.presenter_infos).toEqual([{ ...person, first_name: 'Li' }]);
  });

  it('checks every field of each presenter when they are asked for', () => {
    expect(issues(valid({ presenter_abstract: false, presenter_infos: [person, { ...person, email: 'li@', country: '' }] }))).toEqual({
      'presenter_infos.1.email': ['Please enter the correct email.'],
      'presenter_infos.1.country': ['Please enter.'],
    });
  });

  it.each([true, 'yes', 'Yes', 'true', '1', 1])('ignores whatever presenters the form still holds when presenter_abstract is %j', (yes) => {
    const r = abstractSchema.safeParse(valid({ presenter_abstract: yes, presenter_infos: [{ email: 'not an email' }, 'junk'] }));
    expect(r.success).toBe(true);
    expect(r.data?.presenter_abstract).toBe(true);
    expect(r.data?.presenter_infos).toEqual([]);
  });

  it('refuses presenter_abstract missing or unclear, without asking for presenters', () => {
    expect(issues(valid({ presenter_abstract: undefined }))).toEqual({ presenter_abstract: ['Please select.'] });
    expect(issues(valid({ presenter_abstract: 'maybe' }))).toEqual({ presenter_abstract: ['Please select.'] });
  });
});

describe('yes/no questions', () => {
  it.each([
    [true, true],
    ['true', true],
    ['yes', true],
    ['Yes', true],
    ['1', true],
    [1, true],
    [false, false],
    ['false', false],
    ['no', false],
    ['No', false],
    ['0', false],
    [0, false],
  ])('reads %j as %s', (value, expected) => {
    const r = abstractSchema.parse(valid({ financial_support: value, conference_iacr_fellowship: value }));
    expect([r.financial_support, r.conference_iacr_fellowship]).toEqual([expected, expected]);
  });

  it.each(['YES', 'y', 'on', '', ' yes', 2, null, undefined])('refuses %j with "Please select."', (value) => {
    expect(issues(valid({ conference_iacr_fellowship: value }))).toEqual({ conference_iacr_fellowship: ['Please select.'] });
  });
});

describe('submitter date: a real calendar day as YYYY-MM-DD', () => {
  it.each(['2024-05-16', '2024-02-29', '2000-02-29', ' 2024-05-16 '])('takes %j', (day) => {
    expect(abstractSchema.parse(valid({ submitter_date: day })).submitter_date).toBe(day.trim());
  });

  it.each(['2023-02-29', '1900-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-5-16', '16/05/2024', '2024-05-16T00:00', 'yesterday'])(
    'refuses %j',
    (day) => {
      expect(issues(valid({ submitter_date: day }))).toEqual({ submitter_date: ['Please enter a date as YYYY-MM-DD.'] });
    },
  );

  it('asks for a date when there is none', () => {
    // The first message is the one the form shows.
    expect(issues(valid({ submitter_date: '' })).submitter_date?.[0]).toBe('Please enter.');
    expect(issues(valid({ submitter_date: undefined }))).toEqual({ submitter_date: ['Please enter.'] });
  });
});

describe('files of the abstract', () => {
  it('takes up to 5 distinct files and none at all', () => {
    expect(abstractSchema.parse(valid({ upload_files: ['a', 'b', 'c', 'd', 'e'] })).upload_files).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(abstractSchema.parse(valid()).upload_files).toEqual([]);
  });

  it('refuses a sixth file with the upload message', () => {
    expect(issues(valid({ upload_files: ['a', 'b', 'c', 'd', 'e', 'f'] }))).toEqual({ upload_files: ['Maximum 5 Files Upload.'] });
  });

  it('refuses the same file twice, also when one is given as an id and the other as a file object', () => {
    expect(issues(valid({ upload_files: ['a', { id: 'a', name: 'a.pdf' }] }))).toEqual({ upload_files: [abstractMessages.fileNotFound] });
  });

  it('refuses file ids that are empty or longer than 64 characters', () => {
    expect(Object.keys(issues(valid({ upload_files: [''] })))).toEqual(['upload_files.0']);
    expect(Object.keys(issues(valid({ upload_files: [{ id: 'f'.repeat(65) }] })))).toEqual(['upload_files.0']);
    expect(issues(valid({ upload_files: ['f'.repeat(64)] }))).toEqual({});
  });
});

describe('authors and the rest of the form', () => {
  it('trims each field of an author and checks the e-mail', () => {
    const r = abstractSchema.parse(valid({ authors: [{ ...person, email: '  wei@example.org ', city: ' Beijing ' }] }));
    expect(r.authors[0]).toEqual(person);
    expect(issues(valid({ authors: [{ ...person, email: 'wei example.org' }] }))).toEqual({ 'authors.0.email': ['Please enter the correct email.'] });
    expect(issues(valid({ authors: [{ ...person, email: undefined }] }))).toEqual({ 'authors.0.email': ['Please enter the correct email.'] });
  });

  it('takes up to 50 authors', () => {
    expect(issues(valid({ authors: Array.from({ length: 50 }, () => person) }))).toEqual({});
    expect(Object.keys(issues(valid({ authors: Array.from({ length: 51 }, () => person) })))).toEqual(['authors']);
  });

  it('takes a category only from the list', () => {
    expect(issues(valid({ abstract_category: 'descriptive' }))).toEqual({ abstract_category: ['Please select.'] });
    expect(issues(valid({ abstract_category: 42 }))).toEqual({ abstract_category: ['Please select.'] });
  });

  it('defaults the submitter name to empty and trims it', () => {
    expect(abstractSchema.parse(valid()).submitter_name).toBe('');
    expect(abstractSchema.parse(valid({ submitter_name: '  Wei Zhang ' })).submitter_name).toBe('Wei Zhang');
  });

  it('reports every missing field of an empty form in the words of the form', () => {
    const found = issues({});
    expect(Object.keys(found).sort()).toEqual(
      [
        'abstract_body',
        'abstract_category',
        'agreements',
        'authors',
        'conference_iacr_fellowship',
        'conflict_of_interest_disclosure',
        'financial_support',
        'keywords',
        'presenter_abstract',
        'submitter_date',
        'title_of_abstract',
      ].sort(),
    );
    expect(found.authors).toEqual(['Please enter.']);
  });

  it('refuses what is not a form at all', () => {
    expect(abstractSchema.safeParse(null).success).toBe(false);
    expect(abstractSchema.safeParse('title').success).toBe(false);
  });

  it('parses abstract ids of 1 to 64 characters', () => {
    expect(abstractIdSchema.safeParse({ id: 'a' }).success).toBe(true);
    expect(abstractIdSchema.safeParse({ id: '' }).success).toBe(false);
    expect(abstractIdSchema.safeParse({ id: 'a'.repeat(65) }).success).toBe(false);
  });
});
