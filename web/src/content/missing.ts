/**
 * What organisers still have to supply before going live: every empty "supplied" value of the
 * content files (web/src/content/schema.ts). The site shows nothing in their place (never a
 * made-up number); `npm run build` prints this list so that nothing is forgotten.
 */
import homeJson from './home.json';
import hotelsJson from './hotels.json';
import siteJson from './site.json';
import type { HomeContent, HotelsContent, SiteContent } from './schema';

export interface MissingValue {
  /** Content file and field, e.g. `site.json footer.institutions[0].phone`. */
  where: string;
  /** What belongs there, for the organisers. */
  what: string;
}

export function missingContent(
  site: SiteContent = siteJson as SiteContent,
  hotels: HotelsContent = hotelsJson as HotelsContent,
  home: HomeContent = homeJson as HomeContent,
): MissingValue[] {
  const missing: MissingValue[] = [];
  const check = (value: string, where: string, what: string) => {
    if (value === '') missing.push({ where, what });
  };
  check(site.organiser.secretariatPhone, 'site.json organiser.secretariatPhone', 'telephone of the congress secretariat (contact page, legal notice)');
  site.footer.institutions.forEach((inst, i) =>
    check(inst.phone, `site.json footer.institutions[${i}].phone`, `telephone of ${inst.name} (footer)`),
  );
  check(hotels.registrationHotel, 'hotels.json registrationHotel', 'name of the hotel booked in the registration form (one of the six)');
  hotels.hotels.forEach((h, i) => {
    if (h.contact.phone === '' && h.contact.email === '' && h.contact.website === '') {
      missing.push({ where: `hotels.json hotels[${i}].contact`, what: `telephone, e-mail or website of ${h.name}` });
    }
  });
  home.partners.forEach((p, i) => check(p.logo, `home.json partners[${i}].logo`, `logo of ${p.name} (an image under web/public/images/partners/)`));
  return missing;
}
