import type { PDFDocument, PDFFont } from 'pdf-lib';
import { embedFonts, type Fonts } from './fonts';

/** What a generated document is made of: headings, paragraphs (wrapped), key-value rows and tables. */
export type Block =
  | { type: 'title'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'facts'; rows: [string, string][] }
  | { type: 'table'; head: string[]; rows: string[][]; align?: ('left' | 'right')[] }
  | { type: 'space'; height: number };

// Loaded on the first document, not at start: pdf-lib is ~0.3 s of CPU at every start of a server (and of every
// server test file) that has not printed anything yet.
const pdfLib = () => require('pdf-lib') as typeof import('pdf-lib');
/** The shaped-text drawing reads pdf-lib's operators: loaded with pdf-lib, on the first document made. */
const shaped = () => require('./shaped-text') as typeof import('./shaped-text');

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const LINE = 1.45;

/**
 * Lays the blocks out on A4 pages (new page when one is full) with the Unicode font (fonts.ts), so any language of
 * the templates prints with its own letters. Returns the PDF bytes.
 */
export async function renderPdf(blocks: Block[], meta: { title: string; lang: string; footer?: string }): Promise<Buffer> {
  const doc = await pdfLib().PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setLanguage(meta.lang);
  doc.setProducer('Lendline');
  doc.setCreator('Lendline');
  const fonts = await embedFonts(doc);
  const w = new Writer(doc, fonts);
  for (const b of blocks) w.block(b);
  if (meta.footer) footer(doc, fonts, meta.footer);
  return Buffer.from(await doc.save());
}

/**
 * The footer every page ends with (the grievance officer, domain/config/grievance.ts: the RBI's digital lending
 * directions want them on every document), in the bottom margin the blocks never use.
 */
function footer(doc: PDFDocument, fonts: Fonts, text: string) {
  const size = 8;
  const lines = wrapText(text, fonts.regular, size, A4.width - 2 * MARGIN);
  for (const page of doc.getPages()) {
    lines.forEach((line, i) => shaped().drawShaped(page, line, { x: MARGIN, y: MARGIN / 2 - i * size * LINE, size, font: fonts.regular, color: pdfLib().rgb(0.35, 0.35, 0.4) }));
  }
}

/**
 * Greedy word wrap by the shaped width (shaped-text.ts); a word longer than the line is split between grapheme
 * clusters, so a consonant never loses its vowel sign or virama to the next line.
 */
function wrapText(s: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (t: string) => shaped().shapedWidth(font, t, size) <= width;
  const lines: string[] = [];
  for (const para of s.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (fits(next)) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (!fits(line)) {
        const clusters = [...graphemes.segment(line)].map((g) => g.segment);
        if (clusters.length < 2) break;
        let cut = clusters.length - 1;
        while (cut > 1 && !fits(clusters.slice(0, cut).join(''))) cut--;
        lines.push(clusters.slice(0, cut).join(''));
        line = clusters.slice(cut).join('');
      }
    }
    lines.push(line);
  }
  return lines;
}
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

class Writer {
  private page;
  private y: number;
  private readonly width = A4.width - 2 * MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  private need(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage([A4.width, A4.height]);
      this.y = A4.height - MARGIN;
    }
  }

  private text(s: string, x: number, size: number, bold = false) {
    shaped().drawShaped(this.page, s, { x, y: this.y - size, size, font: bold ? this.fonts.bold : this.fonts.regular, color: pdfLib().rgb(0.1, 0.1, 0.12) });
  }

  private wrap(s: string, size: number, width: number, bold = false): string[] {
    return wrapText(s, bold ? this.fonts.bold : this.fonts.regular, size, width);
  }

  block(b: Block) {
    switch (b.type) {
      case 'title':
        return this.lines(b.text, 18, true, 10);
      case 'heading':
        return this.lines(b.text, 13, true, 6);
      case 'paragraph':
        return this.lines(b.text, 10.5, false, 6);
      case 'space':
        this.y -= b.height;
        return;
      case 'facts':
        return this.table({ type: 'table', head: [], rows: b.rows, align: ['left', 'left'] }, [0.45, 0.55]);
      case 'table':
        return this.table(b);
    }
  }

  private lines(s: string, size: number, bold: boolean, after: number) {
    for (const line of this.wrap(s, size, this.width, bold)) {
      this.need(size * LINE);
      this.text(line, MARGIN, size, bold);
      this.y -= size * LINE;
    }
    this.y -= after;
  }

  private table(t: Extract<Block, { type: 'table' }>, shares?: number[]) {
    const size = 9.5;
    const cols = Math.max(t.head.length, ...t.rows.map((r) => r.length), 1);
    const widths = (shares ?? Array(cols).fill(1 / cols)).map((f) => f * this.width);
    const row = (cells: string[], bold: boolean) => {
      const wrapped = cells.map((c, i) => this.wrap(c, size, widths[i] - 8, bold));
      const height = Math.max(...wrapped.map((l) => l.length)) * size * LINE + 4;
      this.need(height);
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        const font = bold ? this.fonts.bold : this.fonts.regular;
        lines.forEach((line, k) => {
          const right = t.align?.[i] === 'right';
          const lx = right ? x + widths[i] - 4 - shaped().shapedWidth(font, line, size) : x + 4;
          shaped().drawShaped(this.page, line, { x: lx, y: this.y - size - 2 - k * size * LINE, size, font, color: pdfLib().rgb(0.1, 0.1, 0.12) });
        });
        x += widths[i];
      });
      this.y -= height;
      this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + this.width, y: this.y }, thickness: 0.4, color: pdfLib().rgb(0.75, 0.75, 0.78) });
    };
    if (t.head.length) row(t.head, true);
    for (const r of t.rows) row(r, false);
    this.y -= 10;
  }
}
