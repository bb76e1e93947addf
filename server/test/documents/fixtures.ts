import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** A real PDF of n pages (each page says which it is), so merges can be counted. */
export async function pdfOf(pages: number, label = 'page'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([300, 300]).drawText(`${label} ${i}`, { x: 20, y: 150, size: 14, font });
  return Buffer.from(await doc.save());
}

export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
export const EXE = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(200, 0x90)]);

/** A multipart body with one part "file". */
export function formWith(bytes: Buffer, name: string, type = 'application/octet-stream'): FormData {
  const fd = new FormData();
  fd.append('file', new Blob([bytes], { type }), name);
  return fd;
}

export async function call(app: FastifyInstance, opts: InjectOptions) {
  const res = await app.inject(opts);
  // Tests read whatever the reply holds (a §8 body, a document, bytes): typed loosely on purpose.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let body: any;
  try {
    body = res.json();
  } catch {
    body = res.rawPayload;
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res.rawPayload };
}
