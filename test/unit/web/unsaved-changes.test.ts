import { describe, expect, it } from 'vitest';
import { abstractOptions } from '#core/abstracts/abstracts';
import { allText, unsavedFields } from '../../../web/src/features/abstracts/unsaved-changes';
import { serverTranslator } from '#core/i18n/server-messages';

const t = serverTranslator('en');

describe('text not saved by the deadline, as the delegate reads it', () => {
  const options = abstractOptions();
  it('lists only the changed fields, in the order of the form, with names instead of codes', () => {
    const fields = unsavedFields(
      {
        keywords: 'registry; quality; late',
        title_of_abstract: 'A LATE TITLE',
        abstract_category: 'registration.data-quality',
        financial_support: true,
        authors: [{ first_name: 'Wei', last_name: 'Zhang', email: 'wei@example.org', institute: 'NCC', city: 'Beijing', country: 'China' }],
        upload_files: [{ id: 'f1', name: 'figure-1.pdf', size: 10 }],
      },
      options,
      t,
    );
    expect(fields.map((f) => [f.label, f.text])).toEqual([
      ['Authors', '1. Wei Zhang, wei@example.org, NCC, Beijing, China'],
      ['Title', 'A LATE TITLE'],
      ['Category', 'Cancer registration: methods and systems: Data quality, completeness and validity'],
      ['Keywords', 'registry; quality; late'],
      ['Did the work receive financial support?', 'Yes'],
      ['Files', 'figure-1.pdf'],
    ]);
  });
  it('says so when a field was emptied, and copies all as label and text', () => {
    const fields = unsavedFields({ abstract_body: '', agreements: [] }, options, t);
    expect(allText(fields, t)).toBe('Abstract:\n(empty)\n\nSubmission agreements:\n(none ticked)');
  });
});
