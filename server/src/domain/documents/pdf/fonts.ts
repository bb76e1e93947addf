import { readFileSync } from 'node:fs';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * @pdf-lib/fontkit, loaded on the first document or template check rather than at start (~0.9 s of CPU at every start
 * of a server, and of every server test file, that prints nothing). Its Indic shaper (Devanagari conjuncts and vowel
 * signs) is compiled with regenerator: it needs the runtime as a global before its first layout, so that is loaded
 * first.
 */
function fontkit(): typeof import('@pdf-lib/fontkit') {
  require('regenerator-runtime/runtime');
  return require('@pdf-lib/fontkit') as typeof import('@pdf-lib/fontkit');
}

/**
 * One Unicode font for every generated PDF: Noto Sans Devanagari (SIL OFL, shipped as TTF by
 * @expo-google-fonts/noto-sans-devanagari), which covers Devanagari, basic Latin and the rupee sign, so English and
 * Hindi letters print from one face. Embedded as a subset (only the glyphs used), with a ToUnicode map so the text
 * can be searched and copied.
 */
const FACES = {
  regular: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
} as const;

const cache = new Map<keyof typeof FACES, Buffer>();
function bytesOf(face: keyof typeof FACES): Buffer {
  let b = cache.get(face);
  if (!b) {
    b = readFileSync(require.resolve(FACES[face]));
    cache.set(face, b);
  }
  return b;
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(fontkit());
  return {
    regular: await doc.embedFont(bytesOf('regular'), { subset: true }),
    bold: await doc.embedFont(bytesOf('bold'), { subset: true }),
  };
}

/** Characters the font has no glyph for (drawn as .notdef boxes): what a template check reports. */
export function missingGlyphs(text: string): string[] {
  const font = fontkit().create(bytesOf('regular'));
  return [...new Set([...text].filter((ch) => /\S/.test(ch) && !font.hasGlyphForCodePoint(ch.codePointAt(0)!)))];
}
