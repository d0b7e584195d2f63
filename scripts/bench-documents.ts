/**
 * The documents' figures (issue 17): the time to render a PDF in a fresh process (the first
 * document of a Lambda container: modules, fonts and the rendering) and in a warm one, the PDF's
 * size, and the size of the function that renders them, fonts included, as synth bundles it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildSync } from 'esbuild';
import type { PdfSpec } from '../functions/core/documents/model';
import { routeList } from '../functions/core/routes';
import { bundleFunction, copyPdfAssets, projectRoot, splitOptions } from '../infra/cdk/bundling';

const COLD_RUNS = 5;
const WARM_RENDERS = 10;

export interface DocumentFigure {
  name: string;
  coldMs: number[];
  warmMs: number;
  bytes: number;
  pages: number;
  missingGlyphs: number;
}

function dirSize(dir: string): { bytes: number; gzipped: number } {
  let bytes = 0;
  let gzipped = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const data = fs.readFileSync(path.join(entry.parentPath, entry.name));
    bytes += data.length;
    gzipped += zlib.gzipSync(data, { level: 6 }).length;
  }
  return { bytes, gzipped };
}

/** `specs`: the documents to render (name -> spec), built by the documents' own builders. */
export function documentsBench(outDir: string, specs: Record<string, PdfSpec>) {
  fs.rmSync(outDir, { recursive: true, force: true });
  const sample = path.join(outDir, 'render-sample');
  buildSync({ ...splitOptions, entryPoints: [path.join(projectRoot, 'scripts/pdf/render-sample.ts')], outdir: sample, logLevel: 'error' });
  copyPdfAssets(sample);
  const figures: DocumentFigure[] = [];
  for (const [name, spec] of Object.entries(specs)) {
    const specFile = path.join(outDir, `${name}.json`);
    const pdfFile = path.join(outDir, `${name}.pdf`);
    fs.writeFileSync(specFile, JSON.stringify(spec));
    const run = (times: number) => {
      const started = performance.now();
      const printed = execFileSync(process.execPath, [path.join(sample, 'index.mjs'), specFile, pdfFile, String(times)], { env: { PATH: process.env.PATH, LAMBDA_TASK_ROOT: sample }, encoding: 'utf8' });
      return { wall: performance.now() - started, ...(JSON.parse(printed) as { ms: number[]; bytes: number; pages: number; missingGlyphs: number }) };
    };
    const cold = Array.from({ length: COLD_RUNS }, () => run(1));
    const warm = run(WARM_RENDERS);
    const warmMs = warm.ms.slice(1).sort((a, b) => a - b)[Math.floor((warm.ms.length - 1) / 2)]!;
    figures.push({ name, coldMs: cold.map((c) => c.wall).sort((a, b) => a - b), warmMs, bytes: warm.bytes, pages: warm.pages, missingGlyphs: warm.missingGlyphs });
  }
  const functions = routeList
    .filter((r) => r.pdf)
    .map((route) => {
      const dir = path.join(outDir, 'functions', route.id);
      bundleFunction(route.handler, dir, { pdf: true });
      const fonts = dirSize(path.join(dir, 'pdf-assets'));
      return { id: route.id, ...dirSize(dir), fontBytes: fonts.bytes };
    });
  return { figures, functions };
}
