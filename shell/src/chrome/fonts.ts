import latin400 from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2';
import latin700 from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff2';
import deva400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2';
import deva700 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2';
import { PRODUCT_FONT_DEVANAGARI, PRODUCT_FONT_LATIN } from '@lendline/shared';

/**
 * The product's own fonts (Noto Sans and Noto Sans Devanagari, SIL OFL, woff2 from @fontsource), served from the
 * shell's build under hashed names (cached for good) so CSP font-src 'self' holds and Hindi never depends on
 * what the machine has installed. Only the Latin and Devanagari subsets, regular and bold: the browser fetches a
 * face only when the page draws a character in its unicode-range, so an English page never downloads Devanagari.
 * font-display: swap: the first paint uses the fallback at once and never waits for a font.
 */
const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const DEVANAGARI_RANGE = 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09';

const face = (family: string, weight: number, url: string, range: string) =>
  `@font-face { font-family: "${family}"; font-style: normal; font-weight: ${weight}; font-display: swap; src: url(${url}) format("woff2"); unicode-range: ${range}; }`;

export const FONT_FACES_CSS = [
  face(PRODUCT_FONT_LATIN, 400, latin400, LATIN_RANGE),
  face(PRODUCT_FONT_LATIN, 700, latin700, LATIN_RANGE),
  face(PRODUCT_FONT_DEVANAGARI, 400, deva400, DEVANAGARI_RANGE),
  face(PRODUCT_FONT_DEVANAGARI, 700, deva700, DEVANAGARI_RANGE),
].join('\n');
