/**
 * Content in Chinese (issue 32): every text of the content files a page shows has its Chinese in
 * web/src/content/translations/zh-Hans.json, keeping the English's placeholders, links and bold;
 * a text whose English changes is listed as missing again (`npm run build` prints the list), and
 * placeholders filled from the config are written in the page's language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conferenceFacts } from '#core/domain/conference-facts';
import { contentFiles, missingTranslations } from '../../../web/src/content/missing';
import { isTranslatable, localiseContent, untranslatedTexts } from '../../../web/src/content/localise';
import { placeholderValues } from '../../../web/src/content/placeholders';
import type { PageContent } from '../../../web/src/content/schema';
import zhHans from '../../../web/src/content/translations/zh-Hans.json';

const dir = path.resolve('web/src/content');
const table = zhHans as Record<string, string>;

describe('content in Chinese', () => {
  it('covers every content file a page shows (the PDFs’ own files under pdf/ stay English)', () => {
    const onDisk = [
      ...fs.readdirSync(dir).filter((f) => f.endsWith('.json')),
      ...fs.readdirSync(path.join(dir, 'pages')).map((f) => `pages/${f}`),
    ];
    expect(Object.keys(contentFiles).sort()).toEqual(onDisk.sort());
  });

  it('has a Chinese value for every text of every content file', () => {
    expect(missingTranslations('zh-Hans')).toEqual([]);
    for (const [file, content] of Object.entries(contentFiles)) expect(untranslatedTexts('zh-Hans', content), file).toEqual([]);
  });

  it('keeps each English text’s placeholders, link targets and bold in its Chinese, and uses no half-width sentence punctuation next to Chinese', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
    const targets = (s: string) => [...s.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).sort();
    const bold = (s: string) => s.split('**').length;
    for (const [english, chinese] of Object.entries(table)) {
      expect(placeholders(chinese), english).toEqual(placeholders(english));
      expect(targets(chinese), english).toEqual(targets(english));
      expect(bold(chinese), english).toBe(bold(english));
      expect(chinese, english).not.toMatch(/\p{Script=Han}[,;:!?]|[,;:!?]\p{Script=Han}/u);
    }
  });

  it('lists a text again as soon as its English changes, and shows the English meanwhile', () => {
    const info = structuredClone(contentFiles['pages/info.json']) as PageContent;
    const block = info.blocks.find((b) => b.type === 'heading')!;
    expect(block.type === 'heading' && table[block.text]).toBeTruthy();
    if (block.type === 'heading') block.text = 'Dates, venue and times';
    expect(untranslatedTexts('zh-Hans', info)).toEqual(['Dates, venue and times']);
    expect(missingTranslations('zh-Hans', { ...contentFiles, 'pages/info.json': info })).toEqual([
      { file: 'pages/info.json', texts: ['Dates, venue and times'] },
    ]);
    expect(JSON.stringify(localiseContent('zh-Hans', info))).toContain('Dates, venue and times');
  });

  it('never looks up kinds, ids, files, links or contact details, nor texts made only of placeholders and e-mail links', () => {
    const blocks = [
      { type: 'paragraph', text: 'Venue' },
      { type: 'image', src: '/images/venue.svg', alt: 'Venue' },
    ];
    expect(localiseContent('zh-Hans', { blocks, id: 'Venue', kind: 'Venue' })).toEqual({
      blocks: [
        { type: 'paragraph', text: table['Venue'] },
        { type: 'image', src: '/images/venue.svg', alt: table['Venue'] },
      ],
      id: 'Venue',
      kind: 'Venue',
    });
    for (const value of ['[{supportEmail}](mailto:{supportEmail})', 'secretariat@iacr2024-beijing.org', '/pdf/transportation.pdf', '{secretariatPhone}']) {
      expect(isTranslatable(value), value).toBe(false);
    }
    expect(isTranslatable('Tel. {secretariatPhone} (working hours, CST).')).toBe(true);
  });

  it('writes the placeholders from the config in the page’s language (English unchanged)', () => {
    const f = conferenceFacts();
    const en = placeholderValues(f);
    const zh = placeholderValues(f, 'zh-Hans');
    expect(placeholderValues(f, 'en')).toEqual(en);
    expect(en.abstractDeadline).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d CST \(UTC\+8\)$/);
    expect(zh.abstractDeadline).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d \(UTC\+8\)$/);
    expect(zh.registrationOpens).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d \(UTC\+8\)$/);
    expect(zh.conferenceDates).toBe('2024年11月4日至7日');
    expect(zh.conferenceName).toBe('IACR 2024 国际肿瘤登记学术大会');
    expect(zh.city).toBe('北京');
    expect(zh.standardRate).toBe(en.standardRate);
    expect(zh.supportEmail).toBe(en.supportEmail);
  });
});
