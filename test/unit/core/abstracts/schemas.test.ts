import { describe, expect, it } from 'vitest';
import { abstractSchema, agreementValues } from '#core/abstracts/schemas';

const person = { last_name: 'Zhang', first_name: 'Wei', email: 'wei@example.org', institute: 'NCC', city: 'Beijing', country: 'China' };
const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
const valid = (over: Record<string, unknown> = {}) => ({
  authors: [person],
  presenter_abstract: true,
  presenter_infos: [],
  title_of_abstract: words(15),
  abstract_category: 'descriptive.survival',
  keywords: words(3),
  abstract_body: words(300),
  financial_support: false,
  conference_iacr_fellowship: true,
  conflict_of_interest_disclosure: 'x'.repeat(300),
  agreements: [...agreementValues],
  submitter_name: '',
  submitter_date: '2024-05-16',
  upload_files: [],
  ...over,
});

/** The first message of each path, as the API answers it. */
function errors(input: unknown): Record<string, string> {
  const r = abstractSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) out[issue.path.join('.') || '_'] ??= issue.message;
  return out;
}

describe('abstractSchema at each boundary', () => {
  it('accepts every limit exactly', () => {
    expect(errors(valid())).toEqual({});
    expect(errors(valid({ keywords: words(5) }))).toEqual({});
  });

  it.each([
    ['title of 16 words', { title_of_abstract: words(16) }, 'title_of_abstract', 'Limited to 15 words.'],
    ['2 keywords', { keywords: words(2) }, 'keywords', 'Please enter at least 3 words.'],
    ['6 keywords', { keywords: words(6) }, 'keywords', 'Limited to 5 words.'],
    ['a body of 301 words', { abstract_body: words(301) }, 'abstract_body', 'Limited to 300 words.'],
    ['301 characters of disclosure', { conflict_of_interest_disclosure: 'x'.repeat(301) }, 'conflict_of_interest_disclosure', 'Limited to 300 characters.'],
    ['no authors', { authors: [] }, 'authors', 'Please enter.'],
    ['an author without institute', { authors: [{ ...person, institute: ' ' }] }, 'authors.0.institute', 'Please enter.'],
    ['a bad author e-mail', { authors: [{ ...person, email: 'wei@' }] }, 'authors.0.email', 'Please enter the correct email.'],
    ['an unknown category', { abstract_category: 'astrology' }, 'abstract_category', 'Please select.'],
    ['an agreement missing', { agreements: agreementValues.slice(0, -1) }, 'agreements', 'Please select.'],
    ['an unknown agreement', { agreements: [...agreementValues, 'anything'] }, 'agreements', 'Please select.'],
    ['no yes/no for financial support', { financial_support: undefined }, 'financial_support', 'Please select.'],
    ['a day that does not exist', { submitter_date: '2024-02-30' }, 'submitter_date', 'Please enter a date as YYYY-MM-DD.'],
    ['six files', { upload_files: ['1', '2', '3', '4', '5', '6'] }, 'upload_files', 'Maximum 5 Files Upload.'],
    ['a file twice', { upload_files: ['1', '1'] }, 'upload_files', 'A file of this abstract was not found. Please remove it and upload it again.'],
  ])('refuses %s', (_name, over, path, message) => {
    expect(errors(valid(over))[path]).toBe(message);
  });

  it('asks for presenters only when the first author does not present', () => {
    expect(errors(valid({ presenter_abstract: false, presenter_infos: [] }))).toEqual({ presenter_infos: 'Please enter.' });
    expect(errors(valid({ presenter_abstract: false, presenter_infos: [{ ...person, city: '' }] }))).toEqual({ 'presenter_infos.0.city': 'Please enter.' });
    // When the first author presents, whatever the form still holds for presenters is ignored.
    const r = abstractSchema.parse(valid({ presenter_abstract: true, presenter_infos: [{ ...person, email: 'bad' }] }));
    expect(r.presenter_infos).toEqual([]);
  });

  it('reads yes/no as the spec client sends it', () => {
    for (const yes of [true, 'true', 'yes', 'Yes', '1', 1]) expect(abstractSchema.parse(valid({ financial_support: yes })).financial_support).toBe(true);
    for (const no of [false, 'false', 'no', 'No', '0', 0]) expect(abstractSchema.parse(valid({ financial_support: no })).financial_support).toBe(false);
    expect(errors(valid({ financial_support: 'maybe' })).financial_support).toBe('Please select.');
  });

  it('takes files as ids or as the file objects the API answers, and trims texts', () => {
    const r = abstractSchema.parse(valid({ upload_files: ['a', { id: 'b', name: 'b.pdf', size: 1 }], title_of_abstract: '  TITLE  ' }));
    expect(r.upload_files).toEqual(['a', 'b']);
    expect(r.title_of_abstract).toBe('TITLE');
  });
});
