/**
 * The trimmed Chakra system (web/src/app/theme.ts) keeps only some colour palettes and recipes:
 * a colour the code asks for but the system lacks would silently render without colour.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { siteSystem } from '../../../web/src/app/theme';

const webSrc = path.resolve(import.meta.dirname, '../../../web/src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const system = siteSystem();
const code = sources(webSrc).map((file) => fs.readFileSync(file, 'utf8'));
const all = (re: RegExp) => [...new Set(code.flatMap((text) => [...text.matchAll(re)].map((m) => m[1]!)))];

describe('the trimmed theme has every colour the pages use', () => {
  it('every colorPalette', () => {
    const used = all(/colorPalette[=:]\s*\{?\s*["'](\w+)["']/g);
    expect(used).toContain('brand');
    expect(used.filter((palette) => !system.token(`colors.${palette}.solid`))).toEqual([]);
  });

  it('every colour token written as palette.shade or palette.role', () => {
    const used = all(/["'](\w+\.(?:\d{2,3}|fg|solid|subtle|muted|emphasized|contrast|focusRing))["']/g).filter((token) =>
      /^(brand|gray|red|orange|yellow|green|teal|blue|cyan|purple|pink)\./.test(token),
    );
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((token) => !system.token(`colors.${token}`))).toEqual([]);
  });

  it('the recipe of every Chakra component the code imports', () => {
    const imported = all(/import \{([^}]+)\} from '@chakra-ui\/react'/g).flatMap((names) =>
      names.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!.replace(/^type\s+/, '')),
    );
    const keys = [...new Set(imported)].filter(Boolean).map((name) => name[0]!.toLowerCase() + name.slice(1));
    // Icon renders without its recipe: web/src/components/ui/icons.tsx sizes its svg itself.
    const styled = keys.filter((key) => defaultSystem.hasRecipe(key) && key !== 'icon');
    expect(styled).toContain('button');
    expect(styled.filter((key) => !system.hasRecipe(key))).toEqual([]);
  });
});
