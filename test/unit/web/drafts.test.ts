import { describe, expect, it } from 'vitest';
import { draftChanges } from '../../../web/src/lib/drafts';

describe('form drafts', () => {
  const saved = { first_name: 'Ada', occupation: '', country: 'France', middle_initial: undefined as string | undefined };
  it('a draft equal to the saved form has no change to restore (no notice on every visit)', () => {
    expect(draftChanges(saved, { ...saved })).toEqual({});
    // Empty and absent are the same value for a form field.
    expect(draftChanges(saved, { ...saved, middle_initial: '' })).toEqual({});
  });
  it('only the fields that differ are restored', () => {
    expect(draftChanges(saved, { ...saved, occupation: 'Registrar' })).toEqual({ occupation: 'Registrar' });
  });
});
