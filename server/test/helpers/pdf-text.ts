import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';

/**
 * The text of a PDF as a reader would copy it: each show-text operator's glyph codes mapped through its font's
 * ToUnicode CMap (what search, copy and screen readers use), one line per operator, pages in order. A glyph the
 * map does not cover comes out as U+FFFD, so a font fallback or a '?' written in place of a letter shows up in tests.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; text: string; fonts: string[] }> {
  const doc = await PDFDocument.load(bytes);
  const ctx = doc.context;
  const decode = (s: unknown) => Buffer.from(s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : (s as PDFStream).getContents()).toString('latin1');
  const fonts = new Set<string>();
  const pages: string[] = [];
  for (const page of doc.getPages()) {
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    const maps = new Map<string, { map: Map<number, string>; width: number }>();
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = ctx.lookup(ref as PDFRef, PDFDict);
      fonts.add(String(font.get(PDFName.of('BaseFont'))));
      const toUnicode = font.get(PDFName.of('ToUnicode'));
      const map = new Map<number, string>();
      if (toUnicode) parseCMap(decode(ctx.lookup(toUnicode as PDFRef)), map);
      maps.set(name.asString(), { map, width: String(font.get(PDFName.of('Subtype'))) === '/Type0' ? 4 : 2 });
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => ctx.lookup(r)) : [contents];
    const ops = streams.map(decode).join('\n');
    const lines: string[] = [];
    let font = maps.values().next().value;
    // A marked-content span with ActualText (Indic runs, whose glyphs stand in visual order) reads as its ActualText,
    // as a reader's copy and search do; the font it sets still counts for what follows.
    for (const m of ops.matchAll(/\/Span\s*<<\s*\/ActualText\s*<([0-9A-Fa-f]*)>\s*>>\s*BDC([\s\S]*?)EMC|(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj|\[([^\]]*)\]\s*TJ/g)) {
      if (m[1] !== undefined) {
        const fontSet = [...m[2].matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf/g)].pop();
        if (fontSet) font = maps.get(fontSet[1]);
        lines.push(utf16(m[1].replace(/^FEFF/i, '')));
        continue;
      }
      const [, , , fontName, tj, tjArray] = m;
      if (fontName) {
        font = maps.get(fontName);
        continue;
      }
      const hexes = tj !== undefined ? [tj] : [...tjArray.matchAll(/<([0-9A-Fa-f]*)>/g)].map((x) => x[1]);
      let line = '';
      for (const hex of hexes) {
        for (let i = 0; i + (font?.width ?? 4) <= hex.length; i += font?.width ?? 4) {
          const code = parseInt(hex.slice(i, i + (font?.width ?? 4)), 16);
          line += font?.map.get(code) ?? '\uFFFD';
        }
      }
      lines.push(line);
    }
    pages.push(lines.join('\n'));
  }
  return { pages, text: pages.join('\n'), fonts: [...fonts] };
}

function utf16(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

function parseCMap(cmap: string, map: Map<number, string>): void {
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(parseInt(m[1], 16), utf16(m[2]));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<([0-9A-Fa-f]+)>|\[([^\]]*)\])/g)) {
      const lo = parseInt(m[1], 16);
      const hi = parseInt(m[2], 16);
      if (m[4]) {
        const base = utf16(m[4]);
        for (let c = lo; c <= hi; c++) map.set(c, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + (c - lo)));
      } else {
        const list = [...m[5].matchAll(/<([0-9A-Fa-f]+)>/g)].map((x) => utf16(x[1]));
        for (let c = lo; c <= hi; c++) map.set(c, list[c - lo] ?? '\uFFFD');
      }
    }
  }
}
