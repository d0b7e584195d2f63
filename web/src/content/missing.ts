/**
 * What organisers still have to supply before going live: every empty "supplied" value of the
 * content files (web/src/content/schema.ts), every content text without its Chinese in
 * translations/zh-Hans.json (web/src/content/localise.ts), and every document text without its
 * `_zh` value in functions/core/documents/texts.json (decision 0062). The site shows nothing in
 * place of the first (never a made-up number) and the English text in place of the second, a
 * document prints the third in English only; `npm run build` prints the lists so that nothing is
 * forgotten.
 */
import { missingChineseTexts } from '#core/documents/texts';
import type { Lang } from '#core/i18n/lang';
import committeesJson from './committees.json';
import homeJson from './home.json';
import hotelsJson from './hotels.json';
import { untranslatedTexts } from './localise';
import about from './pages/about.json';
import abstractLate from './pages/abstract-late.json';
import abstractSubmission from './pages/abstract-submission.json';
import contact from './pages/contact.json';
import info from './pages/info.json';
import introduction from './pages/introduction.json';
import legalNotice from './pages/legal-notice.json';
import news from './pages/news.json';
import registerInstruction from './pages/register-instruction.json';
import venue from './pages/venue.json';
import welcome from './pages/welcome.json';
import pastCongressesJson from './past-congresses.json';
import programmeJson from './programme.json';
import registrationInfoJson from './registration-info.json';
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

/** Every content file a page shows, by its name under web/src/content/ (the PDFs' own files, pdf/*.json, stay English). */
export const contentFiles: Record<string, unknown> = {
  'site.json': siteJson,
  'home.json': homeJson,
  'hotels.json': hotelsJson,
  'committees.json': committeesJson,
  'past-congresses.json': pastCongressesJson,
  'registration-info.json': registrationInfoJson,
  'programme.json': programmeJson,
  'pages/about.json': about,
  'pages/abstract-late.json': abstractLate,
  'pages/abstract-submission.json': abstractSubmission,
  'pages/contact.json': contact,
  'pages/info.json': info,
  'pages/introduction.json': introduction,
  'pages/legal-notice.json': legalNotice,
  'pages/news.json': news,
  'pages/register-instruction.json': registerInstruction,
  'pages/venue.json': venue,
  'pages/welcome.json': welcome,
};

export interface MissingTranslations {
  /** Content file, e.g. `pages/info.json`. */
  file: string;
  /** Its texts (each once) that have no value in the language's translations yet. */
  texts: string[];
}

/** The content texts still shown in English on `lang`'s pages: the files that have any, with those texts. */
export function missingTranslations(
  lang: Exclude<Lang, 'en'> = 'zh-Hans',
  files: Record<string, unknown> = contentFiles,
  documentTexts: readonly { where: string; en: string }[] = missingChineseTexts(),
): MissingTranslations[] {
  const content = Object.entries(files).flatMap(([file, content]) => {
    const texts = [...new Set(untranslatedTexts(lang, content))];
    return texts.length ? [{ file, texts }] : [];
  });
  // The documents' texts are named by where their Chinese goes (receipt.title_zh), with their English.
  const documents = documentTexts.map(({ where, en }) => `${where}: ${en}`);
  return documents.length ? [...content, { file: documentTextsFile, texts: documents }] : content;
}

/** Where the documents' texts are kept (their Chinese beside each English text). */
export const documentTextsFile = 'functions/core/documents/texts.json';
