/**
 * Renders a document spec (a JSON file) several times in one process and prints the times: the
 * first rendering pays for reading the fonts (a Lambda container's first document), the others
 * do not. Bundled exactly as a function is (infra/cdk/bundling.ts) by the bundle test and the
 * bench, and run with LAMBDA_TASK_ROOT at the bundle, it proves that the bundle renders with the
 * fonts it carries.
 *   node index.mjs <spec.json> <out.pdf> [times]
 */
import fs from 'node:fs';
import type { PdfSpec } from '#core/documents/model';
import { renderPdf } from '#lib/pdf/render';

const [specFile, outFile, times = '3'] = process.argv.slice(2);
const spec = JSON.parse(fs.readFileSync(specFile!, 'utf8')) as PdfSpec;
const ms: number[] = [];
let last: Awaited<ReturnType<typeof renderPdf>> | undefined;
for (let i = 0; i < Number(times); i++) {
  const start = performance.now();
  last = await renderPdf(spec);
  ms.push(performance.now() - start);
}
fs.writeFileSync(outFile!, last!.bytes);
console.log(JSON.stringify({ ms, bytes: last!.bytes.length, pages: last!.pages, missingGlyphs: last!.missingGlyphs }));
