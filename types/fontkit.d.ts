/** The part of fontkit 2 the PDF renderer uses (functions/lib/pdf/render.ts); fontkit ships no types. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
