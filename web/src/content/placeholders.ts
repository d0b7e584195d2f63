/**
 * Placeholders content files may use in any text: `{abstractDeadline}` and so on. They are filled
 * from the conference facts (GET /conference in the browser, the config module when PDFs are
 * built), so a date or fee is never typed into content and cannot disagree with the server.
 * Dates are written in the page's language (functions/core/i18n/format.ts), and the congress's
 * name and city take their Chinese from the content translations; amounts are US$ in both.
 */
import type { ConferenceFacts } from '#core/domain/conference-facts';
import { formatDayRange, formatDeadline, formatInstant } from '#core/i18n/format';
import type { Lang } from '#core/i18n/lang';
import { formatMoney } from '#core/money';
import { localiseContent } from './localise';
import siteJson from './site.json';
import type { Block } from './schema';

const MiB = 1024 * 1024;
const usd = (cents: number) => formatMoney(cents, 'USD');

/** The value of every placeholder, in `lang` (English when not given: the PDFs, the tests). */
export function placeholderValues(f: ConferenceFacts, lang: Lang = 'en'): Record<string, string> {
  return {
    conferenceName: localiseContent(lang, f.conference.name),
    conferenceDates: formatDayRange(lang, f.conference.dates.start, f.conference.dates.end),
    city: localiseContent(lang, f.conference.city),
    abstractDeadline: formatDeadline(lang, f.deadlines.abstractSubmission),
    registrationOpens: formatInstant(lang, f.deadlines.registrationOpens),
    ratesValidUntil: formatDeadline(lang, f.deadlines.ratesValidUntil),
    supportEmail: f.conference.contacts.support,
    presentersEmail: f.conference.contacts.presenters,
    registrationEmail: f.conference.contacts.registration,
    standardRate: usd(f.registration2024.rates[0].amount),
    localRate: usd(f.registration2024.rates[1].amount),
    accompanyingPersonFee: usd(f.registration2024.accompanyingPersonAmount),
    postConferenceVisitFee: usd(f.registration2024.postConferenceVisitAmount),
    maxOrders: String(f.registration2024.maxOrdersPerDelegate),
    maxAbstracts: String(f.abstractLimits.maxAbstractsPerDelegate),
    titleMaxWords: String(f.abstractLimits.titleMaxWords),
    keywordsMinWords: String(f.abstractLimits.keywordsMinWords),
    keywordsMaxWords: String(f.abstractLimits.keywordsMaxWords),
    bodyMaxWords: String(f.abstractLimits.bodyMaxWords),
    conflictMaxChars: String(f.abstractLimits.conflictOfInterestMaxChars),
    abstractFileMaxMb: String(f.uploadPurposes.abstract.maxBytes / MiB),
    abstractMaxFiles: String(f.uploadPurposes.abstract.maxCount),
    posterMaxMb: String(f.uploadPurposes.poster.maxBytes / MiB),
    oralMaxMb: String(f.uploadPurposes.oral.maxBytes / MiB),
    uploadMaxFiles: String(f.uploadPurposes.poster.maxCount),
    hotelRateFrom: `US$${f.hotelRateRangeUsd.from}`,
    hotelRateTo: `US$${f.hotelRateRangeUsd.to}`,
    lateBodyMaxWords: String(f.lateBreaking2019.bodyMaxWords),
    lateTitleMaxChars: String(f.lateBreaking2019.titleMaxChars),
    lateMaxOral: String(f.lateBreaking2019.maxOralPresentationsPerPerson),
    // Supplied by the organisers in site.json; empty until they do.
    ...siteJson.organiser,
  };
}

/** The placeholders of `text` whose value the organisers have not supplied yet. */
export function missingIn(text: string, values: Record<string, string>): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((name) => values[name] === '');
}

/**
 * The blocks without what names a value not supplied yet: such a paragraph, note, list item or
 * table row is left out (a visitor must never read a placeholder as a fact, nor a gap).
 */
export function withoutMissing(blocks: Block[], values: Record<string, string>): Block[] {
  const ok = (...texts: (string | undefined)[]) => texts.every((t) => t === undefined || missingIn(t, values).length === 0);
  return blocks.flatMap((block): Block[] => {
    switch (block.type) {
      case 'paragraph':
      case 'heading':
        return ok(block.text) ? [block] : [];
      case 'note':
        return ok(block.text, block.title) ? [block] : [];
      case 'list': {
        const items = block.items.filter((item) => ok(item));
        return items.length ? [{ ...block, items }] : [];
      }
      case 'table': {
        const rows = block.rows.filter((row) => ok(...row));
        return rows.length ? [{ ...block, rows }] : [];
      }
      default:
        return [block];
    }
  });
}

/** Replaces every `{name}`; an unknown name is left visible so a test can catch it. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
