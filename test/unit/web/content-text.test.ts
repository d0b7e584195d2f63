import { describe, expect, it } from 'vitest';
import { conferenceFacts } from '#core/domain/conference-facts';
import { fillPlaceholders, placeholderValues } from '../../../web/src/content/placeholders';
import { plainText } from '../../../web/src/components/content/inline-text';
import { linkKind } from '../../../web/src/components/smart-link';

describe('content text', () => {
  const values = placeholderValues(conferenceFacts());

  it('fills placeholders from the config, showing deadlines with their time zone', () => {
    expect(fillPlaceholders('Submit by {abstractDeadline}.', values)).toBe('Submit by 16 May 2024, 24:00 CST (UTC+8).');
    expect(values.standardRate).toBe('US$650.00');
    expect(values.conferenceDates).toBe('4-7 November 2024');
    expect(values.abstractFileMaxMb).toBe('50');
    expect(fillPlaceholders('{unknownThing}', values)).toBe('{unknownThing}');
  });

  it('reduces inline markup to plain text for titles and descriptions', () => {
    expect(plainText('**Bold** and [a link](/contact) by {registrationOpens}', values)).toBe('Bold and a link by 18 July 2024, 00:00 CST (UTC+8)');
  });

  it('classifies links: http in a new window, files in a new tab, the rest in the app', () => {
    expect(linkKind('https://example.org/x')).toBe('external');
    expect(linkKind('/pdf/full-programme.pdf')).toBe('file');
    expect(linkKind('mailto:a@b.org')).toBe('mail');
    expect(linkKind('/register/instruction')).toBe('internal');
  });
});
