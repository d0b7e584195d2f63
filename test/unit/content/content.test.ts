/**
 * Content files organisers edit: each one parses with its schema, every placeholder is known,
 * every image exists, and every link inside the site leads somewhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { conferenceFacts } from '#core/domain/conference-facts';
import { placeholderValues } from '../../../web/src/content/placeholders';
import {
  committeesSchema,
  homeSchema,
  hotelsSchema,
  pageSchema,
  pastCongressesSchema,
  pdfDocumentSchema,
  programmeSchema,
  siteSchema,
} from '../../../web/src/content/schema';
import { paths } from '../../../web/src/config/paths';

const dir = path.resolve('web/src/content');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as unknown;

const files: [string, z.ZodType][] = [
  ['site.json', siteSchema],
  ['home.json', homeSchema],
  ['past-congresses.json', pastCongressesSchema],
  ['committees.json', committeesSchema],
  ['hotels.json', hotelsSchema],
  ['programme.json', programmeSchema],
  ...fs.readdirSync(path.join(dir, 'pages')).map((f) => [`pages/${f}`, pageSchema] as [string, z.ZodType]),
  ...fs.readdirSync(path.join(dir, 'pdf')).map((f) => [`pdf/${f}`, pdfDocumentSchema] as [string, z.ZodType]),
];

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const pdfFiles = new Set([
  'program-at-a-glance.pdf',
  'full-programme.pdf',
  ...fs.readdirSync(path.join(dir, 'pdf')).map((f) => (read(`pdf/${f}`) as { file: string }).file),
]);

function linkTargetExists(href: string): boolean {
  const clean = href.split('#')[0]!.split('?')[0]!;
  if (clean.startsWith('/pdf/')) return pdfFiles.has(clean.slice(5));
  if (clean.startsWith('/images/')) return fs.existsSync(path.resolve('web/public', `.${clean}`));
  return Object.values(paths).some((p) => matchPath({ path: p, end: true }, clean));
}

describe('content files', () => {
  it('has every page the site routes to', () => {
    for (const page of ['info', 'venue', 'introduction', 'welcome', 'news', 'contact', 'legal-notice', 'about', 'abstract-submission', 'abstract-late', 'register-instruction']) {
      expect(fs.existsSync(path.join(dir, 'pages', `${page}.json`)), page).toBe(true);
    }
  });

  for (const [file, schema] of files) {
    it(`${file} matches its schema`, () => {
      const result = schema.safeParse(read(file));
      expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
    });
  }

  it('uses only known placeholders', () => {
    const known = placeholderValues(conferenceFacts());
    for (const [file] of files) {
      for (const text of strings(read(file))) {
        for (const m of text.matchAll(/\{(\w+)\}/g)) expect(known, `${file}: {${m[1]}}`).toHaveProperty(m[1]!);
      }
    }
  });

  it('refers only to images that exist and site links that lead somewhere', () => {
    for (const [file] of files) {
      for (const text of strings(read(file))) {
        for (const m of text.matchAll(/(?:^|\]\()(\/[\w\-/.]*)/g)) {
          const href = m[1]!;
          if (href === '/') continue;
          expect(linkTargetExists(href), `${file}: ${href}`).toBe(true);
        }
      }
    }
  });

  it('has the 12 home cards of the spec, in order', () => {
    const home = read('home.json') as { cards: { path: string }[] };
    const pathsOf = home.cards.map((c) => c.path);
    expect(pathsOf[3]).toBe('/register/instruction');
    expect(pathsOf.filter((p) => p.startsWith('http'))).toHaveLength(2);
    expect(pathsOf).toContain('/oral/upload');
    expect(pathsOf).toContain('/poster/upload');
    expect(pathsOf).toContain('/about');
  });

  it('keeps the hotels between US$144 and US$392 and the past congresses from 1984 to 2017', () => {
    const hotels = (read('hotels.json') as { hotels: { priceFromUsd: number }[] }).hotels.map((h) => h.priceFromUsd);
    expect(Math.min(...hotels)).toBe(144);
    expect(Math.max(...hotels)).toBe(392);
    const years = (read('past-congresses.json') as { congresses: { year: number }[] }).congresses.map((c) => c.year);
    expect(Math.min(...years)).toBe(1984);
    expect(Math.max(...years)).toBe(2017);
    expect(new Set(years).size).toBe(13);
  });
});
