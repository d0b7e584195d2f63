/**
 * The files a PDF needs at run time: the fonts (from npm packages, never downloaded) and the
 * organisers' images (functions/assets/documents/). A function that renders PDFs carries them in
 * its bundle under `pdf-assets/` (infra/cdk/bundling.ts copies this list); on Lambda they are read
 * from there and nowhere else, locally from the project.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { documentTexts } from '#core/documents/texts';

export const PDF_ASSET_DIR = 'pdf-assets';

/**
 * Noto Sans (Latin, Greek, Cyrillic and their diacritics: Polish ł ż ć), Noto Naskh Arabic
 * (Arabic script, shaped), Noto Sans SC (every Chinese character of GB 18030, 10 MB): a character
 * is set in the first of them that has it (render.ts).
 */
export const pdfFonts = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  latinBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  arabic: '@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf',
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
} as const;
export type PdfFontName = keyof typeof pdfFonts;

const projectImage = (name: string) => path.resolve(import.meta.dirname, '../../assets/documents', name);
const images = [documentTexts.organiser.letterhead_image, documentTexts.organiser.signature_image];

/** Every file, as the bundle names it (`bundled`, under pdf-assets/) and where the project keeps it. */
export function pdfAssetFiles(): Array<{ bundled: string; source: string }> {
  const require = createRequire(import.meta.url);
  return [
    ...Object.values(pdfFonts).map((pkg) => ({ bundled: `fonts/${path.basename(pkg)}`, source: require.resolve(pkg) })),
    ...images.map((name) => ({ bundled: `images/${name}`, source: projectImage(name) })),
  ];
}

/** Where a font or image is read from: the bundle's copy on Lambda (LAMBDA_TASK_ROOT), the project's file elsewhere. */
export function pdfAssetPath(kind: 'font', name: PdfFontName): string;
export function pdfAssetPath(kind: 'image', name: string): string;
export function pdfAssetPath(kind: 'font' | 'image', name: string): string {
  const root = process.env.LAMBDA_TASK_ROOT;
  if (kind === 'font') {
    const pkg = pdfFonts[name as PdfFontName];
    return root ? path.join(root, PDF_ASSET_DIR, 'fonts', path.basename(pkg)) : createRequire(import.meta.url).resolve(pkg);
  }
  return root ? path.join(root, PDF_ASSET_DIR, 'images', name) : projectImage(name);
}
