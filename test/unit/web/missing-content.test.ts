import { describe, expect, it } from 'vitest';
import { conferenceFacts } from '#core/domain/conference-facts';
import { missingContent } from '../../../web/src/content/missing';
import { placeholderValues, withoutMissing } from '../../../web/src/content/placeholders';
import type { HomeContent, HotelsContent, SiteContent } from '../../../web/src/content/schema';
import home from '../../../web/src/content/home.json';
import hotels from '../../../web/src/content/hotels.json';
import site from '../../../web/src/content/site.json';

const clone = <T>(v: unknown) => structuredClone(v) as T;

describe('values only organisers can supply', () => {
  it('the shipped content invents none: every phone, hotel contact and partner logo is empty until supplied', () => {
    const s = site as SiteContent;
    expect(s.organiser.secretariatPhone).toBe('');
    expect(s.footer.institutions.map((i) => i.phone)).toEqual(['', '']);
    expect((hotels as HotelsContent).hotels.map((h) => [h.contact.phone, h.contact.email, h.contact.website].join(''))).toEqual(Array(6).fill(''));
    expect((home as HomeContent).partners.every((p) => p.logo === '')).toBe(true);
  });

  it('the build lists every missing value, and nothing once supplied', () => {
    const missing = missingContent();
    expect(missing.map((m) => m.where)).toEqual(
      expect.arrayContaining([
        'site.json organiser.secretariatPhone',
        'site.json footer.institutions[0].phone',
        'hotels.json registrationHotel',
        'hotels.json hotels[5].contact',
        'home.json partners[7].logo',
      ]),
    );
    const s = clone<SiteContent>(site);
    s.organiser.secretariatPhone = '+86 10 1234 5678';
    s.footer.institutions.forEach((i) => (i.phone = '+33 4 72 73 84 85'));
    const h = clone<HotelsContent>(hotels);
    h.registrationHotel = h.hotels[0]!.name;
    h.hotels.forEach((hotel) => (hotel.contact.website = 'https://hotel.example'));
    const p = clone<HomeContent>(home);
    p.partners.forEach((partner) => (partner.logo = '/images/partners/logo.svg'));
    // (The bank account is not content: the office publishes it, core/office/payment-settings.ts.)
    expect(missingContent(s, h, p)).toEqual([]);
  });

  it('a text naming a value not supplied is left out; supplied, it is shown', () => {
    const values = placeholderValues(conferenceFacts());
    const blocks = [
      { type: 'paragraph' as const, text: 'Tel. {secretariatPhone}.' },
      { type: 'paragraph' as const, text: 'Write to {supportEmail}.' },
      { type: 'table' as const, columns: ['Item', 'Details'], rows: [['Telephone', '{secretariatPhone}'], ['E-mail', '{registrationEmail}']] },
      { type: 'list' as const, items: ['{secretariatPhone}'] },
    ];
    expect(withoutMissing(blocks, { ...values, secretariatPhone: '' })).toEqual([
      blocks[1],
      { ...blocks[2], rows: [['E-mail', '{registrationEmail}']] },
    ]);
    expect(withoutMissing(blocks, { ...values, secretariatPhone: '+86 10 1234 5678' })).toEqual(blocks);
  });
});
