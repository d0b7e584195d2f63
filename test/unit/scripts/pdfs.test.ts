/**
 * The PDFs look the same everywhere: every font they use is embedded (no standard Helvetica that
 * a reader has to substitute), and Chinese text is drawn with an embedded CJK font.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPdfs } from '../../../scripts/pdf/build-pdfs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfs-'));
let files: string[] = [];

interface EmbeddedFont {
  name: string;
  program: Uint8Array | null;
}

async function fontsOf(file: string): Promise<EmbeddedFont[]> {
  const doc = await PDFDocument.load(fs.readFileSync(path.join(dir, file)));
  const fonts: EmbeddedFont[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    const subtype = object.get(PDFName.of('Subtype'));
    if (subtype === PDFName.of('Type0')) continue; // described by its descendant CID font
    const descriptor = object.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    const stream = descriptor?.get(PDFName.of('FontFile2'));
    const raw = stream ? doc.context.lookup(stream) : undefined;
    fonts.push({ name: String(object.get(PDFName.of('BaseFont'))), program: raw instanceof PDFRawStream ? decodePDFRawStream(raw).decode() : null });
  }
  return fonts;
}

describe('PDFs built from content', () => {
  beforeAll(async () => {
    files = await buildPdfs(dir);
  }, 120_000);

  it('embed every font they use', async () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const file of files) {
      const fonts = await fontsOf(file);
      expect(fonts.length, file).toBeGreaterThan(0);
      for (const font of fonts) {
        expect(font.name, file).not.toMatch(/Helvetica|Times|Courier/);
        expect(font.program, `${file}: ${font.name} embedded`).not.toBeNull();
      }
    }
  });

  it('draw Chinese with an embedded CJK font (the taxi address in the transportation guide)', async () => {
    const fonts = await fontsOf('transportation.pdf');
    const cjk = fonts.filter((f) => /NotoSansSC/.test(f.name));
    expect(cjk.length).toBeGreaterThan(0);
    const program = fontkit.create(Buffer.from(cjk[0]!.program!));
    for (const ch of '北京国际会议中心') expect(program.hasGlyphForCodePoint(ch.codePointAt(0)!), ch).toBe(true);
  });
});
