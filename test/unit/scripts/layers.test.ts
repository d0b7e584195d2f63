/**
 * The arrows between the functions' layers (docs/architecture.md): a handler may use anything;
 * wiring composes storage, lib and the domain; storage and lib never reach up into wiring or
 * handlers; the domain (core) imports only itself and zod. A file that breaks an arrow fails here,
 * named with the import that breaks it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../../functions');
type Layer = 'core' | 'storage' | 'lib' | 'wiring' | 'handlers';
const layers: Layer[] = ['core', 'storage', 'lib', 'wiring', 'handlers'];

/** What each layer may import from the others (itself always). */
const allowed: Record<Layer, Layer[]> = {
  core: [],
  storage: ['core', 'lib'],
  lib: ['core', 'storage'],
  wiring: ['core', 'storage', 'lib'],
  handlers: ['core', 'storage', 'lib', 'wiring'],
};

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every module a file names in an import, export-from or dynamic import. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'([^']+)'/gm)) found.push(match[1]!);
  return found;
}

/** The layer a specifier lands in, or the package it names. */
function target(file: string, spec: string): { layer?: Layer; pkg?: string } {
  const alias = /^#(core|storage|lib|wiring)\//.exec(spec);
  if (alias) return { layer: alias[1] as Layer };
  if (spec.startsWith('.')) {
    const rel = path.relative(root, path.resolve(path.dirname(file), spec));
    const first = rel.split(path.sep)[0] as Layer;
    return layers.includes(first) ? { layer: first } : { pkg: rel };
  }
  return { pkg: spec };
}

const layerOf = (file: string) => path.relative(root, file).split(path.sep)[0] as Layer;

describe('the layers of functions/', () => {
  const all = layers.flatMap((layer) => files(path.join(root, layer)));

  it('finds the files it checks', () => {
    expect(all.filter((f) => layerOf(f) === 'wiring').length).toBeGreaterThan(10);
    expect(all.filter((f) => layerOf(f) === 'core').length).toBeGreaterThan(50);
  });

  it('imports only along the allowed arrows', () => {
    const broken: string[] = [];
    for (const file of all) {
      const from = layerOf(file);
      for (const spec of specifiers(fs.readFileSync(file, 'utf8'))) {
        const to = target(file, spec);
        if (to.layer && to.layer !== from && !allowed[from].includes(to.layer)) broken.push(`${path.relative(root, file)} -> ${spec}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keeps the domain free of AWS, HTTP, Stripe and Node: it imports only itself, zod and the ICU message formatter', () => {
    // The message catalogs' formatter (functions/core/i18n/messages.ts) is pure text work the web shares.
    const pure = ['zod', 'intl-messageformat', '@formatjs/icu-messageformat-parser'];
    const foreign: string[] = [];
    for (const file of all.filter((f) => layerOf(f) === 'core')) {
      for (const spec of specifiers(fs.readFileSync(file, 'utf8'))) {
        const to = target(file, spec);
        if (to.pkg && !pure.includes(to.pkg) && !to.pkg.startsWith('zod/')) foreign.push(`${path.relative(root, file)} -> ${spec}`);
      }
    }
    expect(foreign).toEqual([]);
  });

  it('keeps the wiring of features out of lib (lib holds the shared technical pieces)', () => {
    const wiringInLib = all.filter((f) => layerOf(f) === 'lib' && /-deps\.ts$/.test(f));
    expect(wiringInLib.map((f) => path.relative(root, f))).toEqual([]);
  });
});
