import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Queryable } from '../src/db/db';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { aesEncrypt } from '../src/crypto/aes';
import { sniff, oleStreamNames, zipEntryNames } from '../src/domain/portal/file-sniff';
import { storeFile } from '../src/domain/portal/file-store';

// Uploads are judged by their bytes against the field's allowed kinds: HTML declared as a PDF, SVG (with or without
// script) and programs declared as images are refused with 1101 saying why; the stored type is the detected one; a
// failed insert leaves no file behind.

// ---- fixtures: the first bytes of each format, and real (stored, uncompressed) ZIP and OLE containers ----

const bytes = (...parts: (string | number[] | Buffer)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const u16 = (n: number) => { const b = Buffer.alloc(2); b.writeUInt16LE(n); return b; };
const u32 = (n: number) => { const b = Buffer.alloc(4); b.writeUInt32LE(n >>> 0); return b; };

/** A ZIP with the given entries, stored without compression (CRCs left 0: nothing here checks them). */
function zipOf(entries: [name: string, data: string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const n = Buffer.from(name);
    const d = Buffer.from(data);
    const local = bytes(u32(0x04034b50), u16(20), u16(0), u16(0), u32(0), u32(0), u32(d.length), u32(d.length), u16(n.length), u16(0), n, d);
    centrals.push(bytes(u32(0x02014b50), u16(20), u16(20), u16(0), u16(0), u32(0), u32(0), u32(d.length), u32(d.length), u16(n.length), u16(0), u16(0), u16(0), u16(0), u32(0), u32(offset), n));
    locals.push(local);
    offset += local.length;
  }
  const cd = Buffer.concat(centrals);
  return bytes(...locals, cd, u32(0x06054b50), u16(0), u16(0), u16(entries.length), u16(entries.length), u32(cd.length), u32(offset), u16(0));
}

/** An OLE compound file (512-byte sectors) whose directory holds `names`, over as many sectors as it takes. */
function oleOf(names: string[]): Buffer {
  const perSector = 4;
  const dirSectors = Math.ceil(names.length / perSector);
  const fatId = dirSectors; // directory in sectors 0..n-1, the FAT right after
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt32LE(0, 0x30);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? fatId : 0xffffffff, 0x4c + i * 4);
  const sectors: Buffer[] = [];
  for (let s = 0; s < dirSectors; s++) {
    const sector = Buffer.alloc(512);
    names.slice(s * perSector, (s + 1) * perSector).forEach((name, i) => {
      const encoded = Buffer.from(name + '\0', 'utf16le');
      encoded.copy(sector, i * 128);
      sector.writeUInt16LE(encoded.length, i * 128 + 0x40);
    });
    sectors.push(sector);
  }
  const fat = Buffer.alloc(512, 0xff);
  for (let s = 0; s < dirSectors; s++) fat.writeUInt32LE(s === dirSectors - 1 ? 0xfffffffe : s + 1, s * 4);
  fat.writeUInt32LE(0xfffffffd, fatId * 4);
  return Buffer.concat([header, ...sectors, fat]);
}

const PDF = bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n');
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], Buffer.alloc(24));
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF\0', Buffer.alloc(16));
const HTML = bytes('<!DOCTYPE html><html><body><script>fetch("/v3/users")</script></body></html>');
const SVG_SCRIPT = bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const SVG_PLAIN = bytes('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
const EXE = bytes('MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff', Buffer.alloc(48), 'This program cannot be run in DOS mode.');
const DOCX = zipOf([['[Content_Types].xml', '<Types/>'], ['_rels/.rels', '<Relationships/>'], ['word/document.xml', '<w:document/>']]);
const XLSX = zipOf([['[Content_Types].xml', '<Types/>'], ['xl/workbook.xml', '<workbook/>']]);

describe('file-sniff: the type from the bytes', () => {
  const cases: [string, Buffer, string | null][] = [
    ['PDF', PDF, 'application/pdf'],
    ['PNG', PNG, 'image/png'],
    ['PNG signature start', bytes([0x89, 0x50, 0x4e, 0x47]), 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', bytes('GIF89a\x01\0\x01\0'), 'image/gif'],
    ['WebP', bytes('RIFF\x24\0\0\0WEBPVP8 '), 'image/webp'],
    ['BMP', bytes('BM', u32(70), u32(0), u32(54), u32(40), Buffer.alloc(16)), 'image/bmp'],
    ['TIFF', bytes('II*\0\x08\0\0\0'), 'image/tiff'],
    ['HEIC', bytes(u32(0), 'ftypheic', u32(0)), 'image/heic'],
    ['MP4', bytes([0, 0, 0, 0x20], 'ftypisom', u32(0x200)), 'video/mp4'],
    ['QuickTime', bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video/quicktime'],
    ['3GP', bytes([0, 0, 0, 0x14], 'ftyp3gp5'), 'video/3gpp'],
    ['M4A audio', bytes([0, 0, 0, 0x20], 'ftypM4A '), null],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01], '\x42\x82\x84webm'), 'video/webm'],
    ['Matroska', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01], '\x42\x82\x88matroska'), 'video/x-matroska'],
    ['AVI', bytes('RIFF\x24\0\0\0AVI LIST'), 'video/x-msvideo'],
    ['DOCX', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['XLSX', XLSX, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['PPTX', zipOf([['[Content_Types].xml', '<Types/>'], ['ppt/presentation.xml', '<p/>']]), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['ODT', zipOf([['mimetype', 'application/vnd.oasis.opendocument.text'], ['content.xml', '<x/>']]), 'application/vnd.oasis.opendocument.text'],
    ['ODS', zipOf([['mimetype', 'application/vnd.oasis.opendocument.spreadsheet'], ['content.xml', '<x/>']]), 'application/vnd.oasis.opendocument.spreadsheet'],
    ['ZIP', zipOf([['a.txt', 'hello'], ['b/c.txt', 'world']]), 'application/zip'],
    ['empty ZIP', zipOf([]), 'application/zip'],
    ['ZIP cut short (no central directory)', DOCX.subarray(0, 60), null],
    ['DOC', oleOf(['Root Entry', 'WordDocument', '\x01CompObj', '1Table']), 'application/msword'],
    ['XLS', oleOf(['Root Entry', 'Workbook']), 'application/vnd.ms-excel'],
    ['XLS, directory over two sectors', oleOf(['Root Entry', 'a', 'b', 'c', 'd', 'Workbook']), 'application/vnd.ms-excel'],
    ['PPT', oleOf(['Root Entry', 'PowerPoint Document']), 'application/vnd.ms-powerpoint'],
    ['MSI (OLE, not a document)', oleOf(['Root Entry', '\u4840\u3f3f\u4577']), null],
    ['RTF', bytes('{\\rtf1\\ansi hello}'), 'application/rtf'],
    ['gzip', bytes([0x1f, 0x8b, 0x08, 0]), 'application/gzip'],
    ['RAR', bytes('Rar!\x1a\x07\x01\0'), 'application/vnd.rar'],
    ['7z', bytes([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]), 'application/x-7z-compressed'],
    ['tar', bytes(Buffer.alloc(257), 'ustar\x0000', Buffer.alloc(100)), 'application/x-tar'],
    ['random bytes', bytes([0x00, 0x13, 0x37, 0xff, 0x42, 0x00]), null],
  ];
  test.each(cases)('%s', (_name, data, mime) => {
    const found = sniff(data);
    if (mime === null) expect(found.verdict).toBe('unknown');
    else expect(found).toMatchObject({ verdict: 'allowed', mime });
  });

  test.each([
    ['Windows program', EXE],
    ['ELF', bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1])],
    ['Mach-O', bytes([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1])],
    ['Java class', bytes([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 0x34])],
    ['shell script', bytes('#!/bin/sh\nrm -rf /\n')],
    ['JAR', zipOf([['META-INF/MANIFEST.MF', 'Main-Class: X'], ['X.class', '\xca\xfe\xba\xbe']])],
    ['APK', zipOf([['AndroidManifest.xml', '\x03\0'], ['classes.dex', 'dex\n035']])],
  ])('%s is a program', (_name, data) => {
    expect(sniff(data).verdict).toBe('program');
  });

  test.each([
    ['HTML', HTML, 'text/html'],
    ['HTML after a BOM and blank lines', bytes('\xef\xbb\xbf\n\n  <html><body>hi</body></html>'), 'text/html'],
    ['SVG with script', SVG_SCRIPT, 'image/svg+xml'],
    ['SVG without script', SVG_PLAIN, 'image/svg+xml'],
    ['XML', bytes('<?xml version="1.0"?><a/>'), 'application/xml'],
    ['text with a script tag inside', bytes('name,comment\nx,<script>alert(1)</script>\n'), 'text/html'],
  ])('%s is markup, whatever kind was declared', (_name, data, mime) => {
    for (const kind of [undefined, 'doc', 'xls', 'pdf', 'image'] as const) expect(sniff(data, { kind })).toEqual({ verdict: 'markup', mime, what: expect.any(String) });
  });

  test('plain text only where text was declared (txt as doc, csv as xls), and only if it is UTF-8 text', () => {
    const csv = bytes('name,amount\nAsha,150000\nBMW,1\n');
    expect(sniff(csv, { kind: 'xls' })).toMatchObject({ verdict: 'allowed', mime: 'text/csv', kind: 'xls' });
    expect(sniff(bytes('BMW is a car\n'), { kind: 'doc' })).toMatchObject({ verdict: 'allowed', mime: 'text/plain' });
    expect(sniff(bytes('Devanagari: \u0928\u092e\u0938\u094d\u0924\u0947', Buffer.from('\u0928\u092e\u0938\u094d\u0924\u0947')), { kind: 'doc' }).verdict).toBe('allowed');
    expect(sniff(csv, { kind: 'pdf' }).verdict).toBe('unknown');
    expect(sniff(csv).verdict).toBe('unknown');
    expect(sniff(bytes('abc\0def'), { kind: 'doc' }).verdict).toBe('unknown');
    expect(sniff(bytes([0x61, 0xc3, 0x28]), { kind: 'doc' }).verdict).toBe('unknown');
  });

  test('container readers give up on damaged input instead of throwing', () => {
    expect(zipEntryNames(bytes('PK\x05\x06', Buffer.alloc(16, 0xff)))).toBeNull();
    expect(oleStreamNames(Buffer.alloc(100))).toBeNull();
    const broken = oleOf(['Root Entry', 'WordDocument']);
    broken.writeUInt32LE(0x7fffffff, 0x30); // directory "after the end of the file"
    expect(() => sniff(broken)).not.toThrow();
    expect(sniff(broken).verdict).toBe('unknown');
  });
});

describe(`uploads judged by content on ${dbKind()}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let token: string;
  let appId: string;
  let ref: string;
  const filesDir = () => join(t.env.dataDir, 'files');
  const storedFiles = () => {
    try {
      return readdirSync(filesDir()).sort();
    } catch {
      return [];
    }
  };
  const documents = async () => (await t.app.db.query<{ file_id: string; name: string; mime: string; path: string }>(`SELECT file_id, name, mime, path FROM documents WHERE application_id = $1 ORDER BY created_at, file_id`, [appId])).rows;

  beforeAll(async () => {
    t = await createTestApp();
    const customer = await loginAs(t.app, 'portal-customer');
    headers = customer.headers;
    token = customer.session.access_token;
    const created = await t.app.inject({
      method: 'POST',
      url: '/v3/application/consumer/save_or_update',
      headers: { ...headers, 'content-type': 'application/json', 'x-lendline-encrypted': 'aes-cbc' },
      payload: { data: aesEncrypt(JSON.stringify({ product_code: 'PL', existing_or_new_customer: 'new', singleORjoint: 'Single' }), token) },
    });
    expect(created.statusCode).toBe(201);
    appId = created.json().data.application_id;
    ref = created.json().appRefId;
  });
  afterAll(() => t.close());

  const upload = (fileName: string, type: string, content: Buffer, extra: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/uploadLocalFiletoS3', headers: { ...headers, appRefId: ref }, payload: { app_id: appId, fieldKey: 'kycDocuments', fileName, type, content: content.toString('base64'), ...extra } });
  const signature = (dataURI: string) => t.app.inject({ method: 'POST', url: '/api/uploadSignaturetoS3', headers: { ...headers, appRefId: ref }, payload: { app_id: appId, dataURI } });

  /** A refusal: 400/1101 naming the file and why, and nothing stored (no row, no file). */
  async function expectRefused(res: Awaited<ReturnType<typeof upload>>, label: string, reason: string | RegExp) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label, reason: typeof reason === 'string' ? reason : expect.stringMatching(reason) }] });
  }

  test('HTML declared as a PDF, SVG with or without script, a program declared as an image: refused, nothing stored', async () => {
    const rowsBefore = await documents();
    const filesBefore = storedFiles();
    await expectRefused(await upload('statement.pdf', 'application/pdf', HTML), 'statement.pdf', "The file's content is an HTML page, which cannot be uploaded");
    await expectRefused(await upload('logo.svg', 'image/svg+xml', SVG_SCRIPT), 'logo.svg', "The file's content is an SVG image, which cannot be uploaded");
    await expectRefused(await upload('logo.svg', 'image/svg+xml', SVG_PLAIN), 'logo.svg', "The file's content is an SVG image, which cannot be uploaded");
    await expectRefused(await upload('photo.png', 'image/png', SVG_PLAIN), 'photo.png', /SVG image/);
    await expectRefused(await upload('photo.png', 'image/png', EXE), 'photo.png', "The file's content is a Windows program, which cannot be uploaded");
    await expectRefused(await upload('photo.jpg', 'image/jpeg', bytes([0x00, 0x13, 0x37, 0xff])), 'photo.jpg', "The file's content is not an allowed type");
    expect(await documents()).toEqual(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  test('the field decides the kinds: a Word file is refused where only images and PDFs go, a workbook taken where spreadsheets do', async () => {
    await expectRefused(await upload('id.pdf', 'application/pdf', DOCX), 'id.pdf', "The file's content is a Word document, which this field does not accept");
    // The client cannot widen the field's kinds by asking for more.
    await expectRefused(await upload('id.zip', 'application/zip', zipOf([['a', 'b']]), { allowed: ['compress'] }), 'id.zip', 'File type is not allowed');
    const xlsx = await upload('salary.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', XLSX, { fieldKey: 'incomeDocuments' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.json().data.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // A field no flow limits takes §5's kinds, bytes still judged.
    expect((await upload('bundle.zip', 'application/zip', zipOf([['a.pdf', '%PDF-1.4']]), { fieldKey: 'otherProof' })).statusCode).toBe(200);
    await expectRefused(await upload('bundle.zip', 'application/zip', zipOf([['META-INF/MANIFEST.MF', 'x']]), { fieldKey: 'otherProof' }), 'bundle.zip', /Java or Android program/);
  });

  test('the stored type is the one found in the bytes; the file on disk is exactly what was sent', async () => {
    const res = await upload('scan.pdf', 'application/pdf', JPEG);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'scan.pdf', size: JPEG.length, type: 'image/jpeg' });
    const row = (await documents()).find((d) => d.file_id === res.json().data.fileId)!;
    expect(row.mime).toBe('image/jpeg');
    expect(readFileSync(join(t.env.dataDir, row.path)).equals(JPEG)).toBe(true);
    const pdf = await upload('pan.pdf', 'application/pdf', PDF);
    expect(pdf.json().data.type).toBe('application/pdf');
  });

  test('signatures: only image bytes, whatever the data URI says', async () => {
    const uri = (mime: string, data: Buffer) => `data:${mime};base64,${data.toString('base64')}`;
    await expectRefused(await signature(uri('image/png', SVG_SCRIPT)), 'signature.png', /SVG image/);
    await expectRefused(await signature(uri('image/png', HTML)), 'signature.png', /HTML page/);
    await expectRefused(await signature(uri('image/png', EXE)), 'signature.png', /Windows program/);
    await expectRefused(await signature(uri('image/png', PDF)), 'signature.png', "The file's content is a PDF document, which this field does not accept");
    const ok = await signature(uri('image/png', JPEG));
    expect(ok.statusCode).toBe(200);
    const row = (await documents()).find((d) => d.file_id === ok.json().data.fileId)!;
    expect(row.mime).toBe('image/jpeg');
  });

  test('a failed insert removes the file it wrote, and the error reaches the caller', async () => {
    const before = storedFiles();
    // The row is written in a transaction after the bytes are stored: a failing insert must take the bytes back out.
    const failingTx = (tx: Queryable): Queryable => ({
      query: (sql, params) => (sql.startsWith('INSERT INTO documents') ? Promise.reject(new Error('disk full')) : tx.query(sql, params)),
      exec: (sql) => tx.exec(sql),
    }) as Queryable;
    const failing = Object.assign(Object.create(t.app.db) as Db, { transaction: <T>(fn: (tx: Queryable) => Promise<T>) => t.app.db.transaction((tx) => fn(failingTx(tx))) });
    const customer = { userId: 'portal-customer', userName: 'portal-customer', roles: ['CUSTOMER'], teams: [], kind: 'CUSTOMER' as const };
    await expect(
      storeFile(failing, t.app.files, { applicationId: appId, fieldKey: 'kycDocuments', name: 'pan.pdf', mime: 'application/pdf', source: PDF, size: PDF.length, kind: 'DOCUMENT', user: customer }),
    ).rejects.toThrow('disk full');
    expect(storedFiles()).toEqual(before);
  });
});
