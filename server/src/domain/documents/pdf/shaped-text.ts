import { beginText, endText, moveText, PDFHexString, PDFName, PDFNumber, PDFOperator, PDFOperatorNames, popGraphicsState, pushGraphicsState, setFillingRgbColor, setFontAndSize, setTextRise, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

/**
 * Text drawn with the font's full shaping (issue 30: PDFs in the applicant's language). pdf-lib encodes a string
 * through fontkit's layout, which applies the font's GSUB (conjuncts, the i-matra moved before its consonant, reph),
 * but then places every glyph by its plain advance width: the GPOS adjustments are lost. Devanagari needs them — a
 * vowel sign below or above (कृ, कूँ) is a zero-width mark moved left onto its consonant (about -221 units in Noto
 * Sans Devanagari), a half form (न्, ख्) is kerned closer to what follows — so without them the marks print beside the
 * letter. Here the same layout's positions are written into the page: one TJ per run with the horizontal
 * offsets and advances as adjustments, and a text rise (Ts) for a glyph moved up or down.
 *
 * pdf-lib 1.17 is pinned: the fontkit font is read from the PDFFont's embedder (no public accessor), and the glyph
 * codes come from PDFFont.encodeText, which lays the text out the same way (and adds the glyphs to the subset).
 */

interface LaidOut {
  glyphs: { advanceWidth: number }[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
}
interface Embedder {
  font: { layout(text: string, features?: unknown): LaidOut; unitsPerEm: number };
  fontFeatures?: unknown;
}

const embedderOf = (font: PDFFont) => (font as unknown as { embedder: Embedder }).embedder;

/** The run as fontkit shapes it, in PDF text units (1000 per em). */
function shape(font: PDFFont, text: string) {
  const e = embedderOf(font);
  const run = e.font.layout(text, e.fontFeatures);
  const scale = 1000 / e.font.unitsPerEm;
  return run.positions.map((p, i) => ({
    width: run.glyphs[i].advanceWidth * scale,
    advance: p.xAdvance * scale,
    dx: p.xOffset * scale,
    dy: p.yOffset * scale,
  }));
}

/** The width of the text at `size` as it is drawn (the shaped advances, GPOS kerning of half forms included). */
export function shapedWidth(font: PDFFont, text: string, size: number): number {
  return (shape(font, text).reduce((w, g) => w + g.advance, 0) * size) / 1000;
}

const fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();
function fontKey(page: PDFPage, font: PDFFont): PDFName {
  let keys = fontKeys.get(page);
  if (!keys) fontKeys.set(page, (keys = new Map()));
  let key = keys.get(font);
  if (!key) {
    key = page.node.newFontDictionary(font.name, font.ref);
    keys.set(font, key);
  }
  return key;
}

/** Draws `text` with its baseline starting at (x, y), every glyph where the font's layout puts it. */
export function drawShaped(page: PDFPage, text: string, o: { x: number; y: number; size: number; font: PDFFont; color: RGB }): void {
  if (!text) return;
  const glyphs = shape(o.font, text);
  const hex = o.font.encodeText(text).toString().slice(1, -1);
  if (hex.length !== glyphs.length * 4) throw new Error('The glyph codes do not match the shaped run');
  const ctx = page.doc.context;
  const ops: PDFOperator[] = [pushGraphicsState(), beginText()];
  // Glyphs stand in visual order (the i-matra before its consonant, the reph after the syllable), so copying or
  // searching them would read "िहन्दी": the run carries its letters in reading order as the span's ActualText.
  const reordered = REORDERING_SCRIPT.test(text);
  // The property list is an inline dictionary: pdf-lib's operand type leaves it out, its writer prints it.
  if (reordered) {
    const properties = ctx.obj({ ActualText: PDFHexString.fromText(text) }) as unknown as PDFName;
    ops.push(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), properties]));
  }
  ops.push(setFontAndSize(fontKey(page, o.font), o.size), setFillingRgbColor(o.color.red, o.color.green, o.color.blue), moveText(o.x, o.y));
  let items: (PDFHexString | PDFNumber)[] = [];
  let rise = 0;
  let pending = 0; // a displacement still to apply before the next glyph, in TJ units (positive moves left)
  const flush = () => {
    if (items.length) ops.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [ctx.obj(items)]));
    items = [];
  };
  glyphs.forEach((g, i) => {
    const dy = (g.dy * o.size) / 1000;
    if (dy !== rise) {
      flush();
      ops.push(setTextRise(dy));
      rise = dy;
    }
    pending -= g.dx; // move right by the glyph's offset
    if (Math.abs(pending) > 0.001) items.push(PDFNumber.of(round(pending)));
    items.push(PDFHexString.of(hex.slice(i * 4, i * 4 + 4)));
    // After the glyph the pen stands `width` on; it should stand `advance` on from where the glyph's offset began.
    pending = g.dx - (g.advance - g.width);
  });
  flush();
  if (rise) ops.push(setTextRise(0));
  if (reordered) ops.push(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  ops.push(endText(), popGraphicsState());
  page.pushOperators(...ops);
}

/** Scripts whose glyph order differs from their letters' order (Indic: pre-base matras, reph). */
const REORDERING_SCRIPT = /[\u0900-\u0DFF]/;

const round = (n: number) => Math.round(n * 1000) / 1000;
