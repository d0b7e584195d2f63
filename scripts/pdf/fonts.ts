/**
 * The fonts embedded in every PDF, from npm packages (nothing is downloaded): Noto Sans for Latin
 * text and Noto Sans SC for Chinese, regular and bold, so a PDF looks the same on every machine.
 * Each font is cut down with HarfBuzz (subset-font) to the characters the content can use and
 * embedded whole: pdf-lib's own subsetting drops CJK glyphs.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const fontFile = (name: string) => fs.readFileSync(require.resolve(`@expo-google-fonts/${name}`));

/** Latin, Latin-1, Latin Extended-A (Polish, Czech, ...), punctuation, currency and the few symbols content uses. */
const LATIN_RANGES: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
  [0x2605, 0x2605],
  [0x2713, 0x2713],
];

export interface FontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
  cjkRegular: Uint8Array;
  cjkBold: Uint8Array;
}

/** Every CJK character (and full-width punctuation) written in the content files. */
export function cjkCharacters(contentDir: string): string {
  const chars = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) for (const ch of fs.readFileSync(full, 'utf8')) if (ch.codePointAt(0)! >= 0x2e80) chars.add(ch);
    }
  };
  walk(contentDir);
  return [...chars].sort().join('');
}

export async function loadFonts(contentDir: string): Promise<FontBytes> {
  const latin = LATIN_RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join('');
  const cjk = `${cjkCharacters(contentDir)}，。、：；（）「」`;
  const cut = (name: string, text: string) => subsetFont(fontFile(name), text, { targetFormat: 'truetype' });
  const [regular, bold, cjkRegular, cjkBold] = await Promise.all([
    cut('noto-sans/400Regular/NotoSans_400Regular.ttf', latin),
    cut('noto-sans/700Bold/NotoSans_700Bold.ttf', latin),
    cut('noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf', cjk),
    cut('noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf', cjk),
  ]);
  return { regular, bold, cjkRegular, cjkBold };
}
