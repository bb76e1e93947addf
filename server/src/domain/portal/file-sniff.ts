import type { FileKind } from '@lendline/shared/contract';

/**
 * What a file is, judged by its bytes (magic numbers and, for ZIP and OLE containers, the names inside), never by
 * the name or type the client declared. The file-type package would do the same but is ESM-only, which the server's
 * CommonJS build and its Jest run cannot both load; the formats §5's kinds need are few enough to know here.
 *
 * - allowed formats carry the §5 kind they belong to;
 * - programs (PE/MZ, ELF, Mach-O, Java archives and classes, scripts with #!) and markup (HTML, SVG, XML: a browser
 *   would run their scripts) are named so the refusal can say why;
 * - anything else is unknown. Plain text (txt, csv) has no magic: it is accepted only when the declared kind is
 *   doc or xls and the bytes are UTF-8 text that does not open as markup.
 */
export type Sniffed =
  | { verdict: 'allowed'; mime: string; kind: FileKind; what: string }
  | { verdict: 'program'; mime: string; what: string }
  | { verdict: 'markup'; mime: string; what: string }
  | { verdict: 'unknown' };

const allowed = (mime: string, kind: FileKind, what: string): Sniffed => ({ verdict: 'allowed', mime, kind, what });
const program = (mime: string, what: string): Sniffed => ({ verdict: 'program', mime, what });
const UNKNOWN: Sniffed = { verdict: 'unknown' };

const startsWith = (b: Buffer, sig: number[] | string, at = 0) => {
  const bytes = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
  return b.length >= at + bytes.length && b.subarray(at, at + bytes.length).equals(bytes);
};

export function sniff(bytes: Buffer, declared: { kind?: FileKind | null } = {}): Sniffed {
  const b = bytes;
  if (startsWith(b, '%PDF-')) return allowed('application/pdf', 'pdf', 'a PDF document');
  if (startsWith(b, [0xff, 0xd8, 0xff])) return allowed('image/jpeg', 'image', 'a JPEG image');
  // "\x89PNG" (the signature's first half): its high first byte already rules out text, HTML and scripts.
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47])) return allowed('image/png', 'image', 'a PNG image');
  if (startsWith(b, 'GIF87a') || startsWith(b, 'GIF89a')) return allowed('image/gif', 'image', 'a GIF image');
  if (startsWith(b, 'RIFF') && startsWith(b, 'WEBP', 8)) return allowed('image/webp', 'image', 'a WebP image');
  if (startsWith(b, 'RIFF') && startsWith(b, 'AVI ', 8)) return allowed('video/x-msvideo', 'video', 'an AVI video');
  if (startsWith(b, 'II*\0') || startsWith(b, 'MM\0*')) return allowed('image/tiff', 'image', 'a TIFF image');
  if (isBmp(b)) return allowed('image/bmp', 'image', 'a BMP image');
  if (startsWith(b, 'ftyp', 4)) return isoMedia(b);
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) {
    return b.subarray(0, 64).includes('webm') ? allowed('video/webm', 'video', 'a WebM video') : allowed('video/x-matroska', 'video', 'a Matroska video');
  }
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return ole(b);
  if (startsWith(b, 'PK\x03\x04') || startsWith(b, 'PK\x05\x06')) return zip(b);
  if (startsWith(b, [0x1f, 0x8b])) return allowed('application/gzip', 'compress', 'a gzip archive');
  if (startsWith(b, 'Rar!\x1a\x07')) return allowed('application/vnd.rar', 'compress', 'a RAR archive');
  if (startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return allowed('application/x-7z-compressed', 'compress', 'a 7-Zip archive');
  if (startsWith(b, 'ustar', 257)) return allowed('application/x-tar', 'compress', 'a tar archive');
  if (startsWith(b, '{\\rtf')) return allowed('application/rtf', 'doc', 'an RTF document');
  if (startsWith(b, 'MZ')) return program('application/x-msdownload', 'a Windows program');
  if (startsWith(b, [0x7f, 0x45, 0x4c, 0x46])) return program('application/x-executable', 'a Linux program');
  if ([[0xfe, 0xed, 0xfa, 0xce], [0xfe, 0xed, 0xfa, 0xcf], [0xce, 0xfa, 0xed, 0xfe], [0xcf, 0xfa, 0xed, 0xfe]].some((sig) => startsWith(b, sig))) {
    return program('application/x-mach-binary', 'a macOS program');
  }
  if (startsWith(b, [0xca, 0xfe, 0xba, 0xbe])) return program('application/java-vm', 'a Java class or macOS program');
  if (startsWith(b, '#!')) return program('text/x-shellscript', 'a script');
  return text(b, declared.kind ?? null);
}

/** BMP has only "BM" for magic: also require the reserved zeros and a known header size. */
function isBmp(b: Buffer): boolean {
  if (!startsWith(b, 'BM') || b.length < 18) return false;
  return b.readUInt32LE(6) === 0 && [12, 40, 52, 56, 64, 108, 124].includes(b.readUInt32LE(14));
}

/** ISO base media (ftyp box): HEIF images, MP4/QuickTime/3GP video by major brand; audio and the rest unknown. */
function isoMedia(b: Buffer): Sniffed {
  const brand = b.subarray(8, 12).toString('latin1');
  if (['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return allowed('image/heic', 'image', 'a HEIC image');
  if (brand === 'qt  ') return allowed('video/quicktime', 'video', 'a QuickTime video');
  if (brand.startsWith('3g')) return allowed('video/3gpp', 'video', 'a 3GP video');
  if (['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'M4VH', 'M4VP', 'MSNV', 'NDAS', 'f4v ', 'mmp4'].includes(brand)) {
    return allowed('video/mp4', 'video', 'an MP4 video');
  }
  return UNKNOWN;
}

/** Names of the entries of a ZIP, from its central directory (null when there is none: not a whole ZIP). */
export function zipEntryNames(b: Buffer, limit = 2000): string[] | null {
  // End of central directory: 22 bytes plus a comment of up to 65535, at the very end.
  const from = Math.max(0, b.length - 22 - 65535);
  let eocd = -1;
  for (let i = b.length - 22; i >= from; i--) {
    if (b.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = b.readUInt16LE(eocd + 10);
  let at = b.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < Math.min(count, limit); i++) {
    if (at + 46 > b.length || b.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = b.readUInt16LE(at + 28);
    const extraLength = b.readUInt16LE(at + 30);
    const commentLength = b.readUInt16LE(at + 32);
    if (at + 46 + nameLength > b.length) return null;
    names.push(b.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** Office Open XML and OpenDocument are ZIPs: told apart by what is inside; Java and Android archives are programs. */
function zip(b: Buffer): Sniffed {
  const names = zipEntryNames(b);
  if (!names) return UNKNOWN;
  const has = (p: string) => names.some((n) => n.startsWith(p));
  if (has('META-INF/MANIFEST.MF') || has('AndroidManifest.xml') || has('classes.dex')) return program('application/java-archive', 'a Java or Android program');
  if (names.includes('[Content_Types].xml')) {
    if (has('word/')) return allowed('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'doc', 'a Word document');
    if (has('xl/')) return allowed('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xls', 'an Excel workbook');
    if (has('ppt/')) return allowed('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application', 'a PowerPoint presentation');
  }
  if (names[0] === 'mimetype') {
    // OpenDocument keeps its type, uncompressed, as the first entry's data (right after its local header).
    const type = b.subarray(38, 38 + 60).toString('latin1');
    if (type.startsWith('application/vnd.oasis.opendocument.text')) return allowed('application/vnd.oasis.opendocument.text', 'doc', 'an OpenDocument text');
    if (type.startsWith('application/vnd.oasis.opendocument.spreadsheet')) return allowed('application/vnd.oasis.opendocument.spreadsheet', 'xls', 'an OpenDocument spreadsheet');
  }
  return allowed('application/zip', 'compress', 'a ZIP archive');
}

/** Stream names in an OLE compound file's directory (Word, Excel and PowerPoint 97-2003; MSI installers...). */
export function oleStreamNames(b: Buffer, maxSectors = 512): string[] | null {
  if (b.length < 512) return null;
  const sectorShift = b.readUInt16LE(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) return null;
  const sectorSize = 1 << sectorShift;
  const sectorAt = (id: number) => (id + 1) * sectorSize;
  // The FAT sectors listed in the header (enough for files up to ~7 MB at 512-byte sectors, 10 MB needs no more).
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const id = b.readUInt32LE(0x4c + i * 4);
    if (id >= 0xfffffffa) break;
    fatSectors.push(id);
  }
  const perFat = sectorSize / 4;
  const next = (id: number): number => {
    const fat = fatSectors[Math.floor(id / perFat)];
    const at = fat === undefined ? -1 : sectorAt(fat) + (id % perFat) * 4;
    return at < 0 || at + 4 > b.length ? 0xfffffffe : b.readUInt32LE(at);
  };
  const names: string[] = [];
  let id = b.readUInt32LE(0x30);
  for (let n = 0; id < 0xfffffffa && n < maxSectors; n++, id = next(id)) {
    const start = sectorAt(id);
    if (start + sectorSize > b.length) return names.length ? names : null;
    for (let e = start; e < start + sectorSize; e += 128) {
      const length = b.readUInt16LE(e + 0x40);
      if (length >= 2 && length <= 64) names.push(b.subarray(e, e + length - 2).toString('utf16le'));
    }
  }
  return names;
}

function ole(b: Buffer): Sniffed {
  const names = oleStreamNames(b) ?? [];
  if (names.includes('WordDocument')) return allowed('application/msword', 'doc', 'a Word 97-2003 document');
  if (names.includes('Workbook') || names.includes('Book')) return allowed('application/vnd.ms-excel', 'xls', 'an Excel 97-2003 workbook');
  if (names.includes('PowerPoint Document')) return allowed('application/vnd.ms-powerpoint', 'application', 'a PowerPoint 97-2003 presentation');
  // MSI installers, Outlook messages and the rest of the compound files: not documents §5 knows.
  return UNKNOWN;
}

const MARKUP = /^<|<\s*(html|svg|script|iframe|object|embed|body|head|meta|\?xml|!doctype)\b/i;

/** UTF-8 text without control bytes (tab, line breaks and form feed aside), or null. */
function utf8Text(b: Buffer): string | null {
  const head = b.subarray(0, 64 * 1024);
  let s: string;
  try {
    s = new TextDecoder('utf-8', { fatal: true }).decode(head.length < b.length ? trimPartialUtf8(head) : head);
  } catch {
    return null;
  }
  return /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(s) ? null : s.replace(/^\uFEFF/, '');
}

/** The first 64 KB may end inside a multi-byte character: drop that partial character. */
function trimPartialUtf8(b: Buffer): Buffer {
  let end = b.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = b[end - i];
    if ((byte & 0xc0) === 0x80) continue; // continuation byte
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    if (need > i) end -= i;
    break;
  }
  return b.subarray(0, end);
}

function text(b: Buffer, declaredKind: FileKind | null): Sniffed {
  const s = utf8Text(b);
  if (s === null) return UNKNOWN;
  const head = s.trimStart().slice(0, 4096);
  if (MARKUP.test(head)) {
    return /<\s*svg\b/i.test(head)
      ? { verdict: 'markup', mime: 'image/svg+xml', what: 'an SVG image' }
      : /<\s*(html|!doctype|body|head|script)\b/i.test(head)
        ? { verdict: 'markup', mime: 'text/html', what: 'an HTML page' }
        : { verdict: 'markup', mime: 'application/xml', what: 'XML or other markup' };
  }
  if (declaredKind === 'xls') return allowed('text/csv', 'xls', 'a CSV text');
  if (declaredKind === 'doc') return allowed('text/plain', 'doc', 'a plain text');
  return UNKNOWN;
}
