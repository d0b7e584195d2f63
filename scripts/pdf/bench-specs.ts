/** The documents `npm run bench` renders: one of each kind, with names in Chinese, Polish and Arabic script. */
import type { PdfSpec } from '../../functions/core/documents/model';
import { sampleSpec } from '../../test/support/pdf';

export function benchDocumentSpecs(): Record<string, PdfSpec> {
  return { 'sample (every block, three scripts)': sampleSpec };
}
