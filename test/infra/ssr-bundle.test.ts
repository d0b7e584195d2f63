/**
 * A page-rendering function works as synth bundles it: esbuild with the functions' options, the
 * build's pre-rendering entry copied beside it (copySsr), read from LAMBDA_TASK_ROOT, in a process
 * that cannot reach the project's node_modules or dist/. Needs the web build (`npm test` makes it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { expect, it } from 'vitest';
import type { PublishedAbstract } from '#core/programme/abstract-pages';
import { copySsr, splitOptions } from '../../infra/cdk/bundling';

const sample: PublishedAbstract = {
  abstract_id: 'a1',
  number: 'O-017',
  type: 'oral',
  title: 'CANCER SURVIVAL IN HENAN',
  authors: [{ name: 'Wanqing Chen', presenter: true, affiliations: [1] }],
  affiliations: ['National Central Cancer Registry, Beijing, China'],
  sections: [{ label: 'Background', text: 'Survival rose in every registry.' }],
  keywords: 'survival; registry',
  starts_at: '2024-11-05T01:00:00.000Z',
  ends_at: '2024-11-05T01:15:00.000Z',
  session_id: 's1',
  session: { title: 'Survival', title_zh: '生存分析', room: { name: 'Hall A', name_zh: '主会场 A 厅' }, starts_at: '2024-11-05T01:00:00.000Z', ends_at: '2024-11-05T02:30:00.000Z' },
};

it("renders an abstract's page in Chinese from the bundle and its own copy of the pre-rendering entry", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-bundle-'));
  try {
    const bundle = path.join(dir, 'bundle');
    buildSync({ ...splitOptions, entryPoints: [path.join(import.meta.dirname, 'fixtures/render-page.ts')], outdir: bundle, logLevel: 'error' });
    copySsr(bundle);
    const html = execFileSync(process.execPath, [path.join(bundle, 'index.mjs')], {
      cwd: dir,
      env: { PATH: process.env.PATH, LAMBDA_TASK_ROOT: bundle },
      input: JSON.stringify(sample),
      encoding: 'utf8',
    });
    expect(html).toContain('<html lang="zh-Hans">');
    for (const words of ['CANCER SURVIVAL IN HENAN', 'Survival rose in every registry.', '2024年11月5日', '生存分析', '主会场 A 厅', '<link rel="canonical" href="https://congress.example.org/zh/program/abstracts/a1">']) {
      expect(html).toContain(words);
    }
    // The build's scripts: the page starts the app of the same build.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/[\w-]+\.js"><\/script>/);
    expect(fs.existsSync(path.join(dir, 'node_modules'))).toBe(false);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
