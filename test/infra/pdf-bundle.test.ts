/**
 * The PDF renderer works as synth bundles it: esbuild with the functions' options (pdfkit and
 * fontkit inside the bundle, documents created with `font: null`), the fonts and images copied
 * beside it, read from LAMBDA_TASK_ROOT, in a process that cannot reach the project's node_modules.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { expect, it } from 'vitest';
import { copyPdfAssets, projectRoot, splitOptions } from '../../infra/cdk/bundling';
import { namesInScripts, pdfText, sampleSpec } from '../support/pdf';

it('renders a document with Chinese, Polish and Arabic text from the bundle and its own fonts', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-bundle-'));
  try {
    const bundle = path.join(dir, 'bundle');
    buildSync({ ...splitOptions, entryPoints: [path.join(projectRoot, 'scripts/pdf/render-sample.ts')], outdir: bundle, logLevel: 'error' });
    copyPdfAssets(bundle);
    fs.writeFileSync(path.join(dir, 'spec.json'), JSON.stringify(sampleSpec));
    const out = path.join(dir, 'out.pdf');
    const printed = execFileSync(process.execPath, [path.join(bundle, 'index.mjs'), path.join(dir, 'spec.json'), out, '2'], {
      cwd: dir,
      env: { PATH: process.env.PATH, LAMBDA_TASK_ROOT: bundle },
      encoding: 'utf8',
    });
    const result = JSON.parse(printed) as { ms: number[]; missingGlyphs: number; pages: number };
    expect(result).toMatchObject({ missingGlyphs: 0, pages: 1 });
    const text = pdfText(fs.readFileSync(out));
    for (const name of [namesInScripts.chinese, namesInScripts.polish, 'القاهرة']) expect(text).toContain(name);
    // Nothing outside the bundle was read: node_modules is not on the way up from it.
    expect(fs.existsSync(path.join(dir, 'node_modules'))).toBe(false);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
