import type { PDFDocument } from 'pdf-lib';
import { refused } from '../errors';

/**
 * One PDF of several, in the order given: PDFs contribute all their pages; JPEG and PNG images become one page each,
 * scaled to fit A4. Anything else cannot be merged (400 naming the file).
 */
export async function mergeToPdf(parts: { name: string; mime: string; bytes: Buffer }[], title: string): Promise<Buffer> {
  // Loaded here, on the first merge: pdf-lib is ~0.3 s of CPU that a server start does not need.
  const { PDFDocument } = require('pdf-lib') as typeof import('pdf-lib');
  const out = await PDFDocument.create();
  out.setTitle(title);
  out.setProducer('Lendline');
  for (const part of parts) {
    if (part.mime === 'application/pdf') {
      let src: PDFDocument;
      try {
        src = await PDFDocument.load(part.bytes, { ignoreEncryption: false });
      } catch {
        throw refused(part.name, 'This PDF cannot be read (damaged or encrypted), so it cannot be merged');
      }
      for (const page of await out.copyPages(src, src.getPageIndices())) out.addPage(page);
    } else if (part.mime === 'image/jpeg' || part.mime === 'image/png') {
      const image = part.mime === 'image/jpeg' ? await out.embedJpg(part.bytes) : await out.embedPng(part.bytes);
      const page = out.addPage([595.28, 841.89]);
      const scale = Math.min((595.28 - 72) / image.width, (841.89 - 72) / image.height, 1);
      const w = image.width * scale;
      const h = image.height * scale;
      page.drawImage(image, { x: (595.28 - w) / 2, y: (841.89 - h) / 2, width: w, height: h });
    } else {
      throw refused(part.name, 'Only PDF, JPEG and PNG files can be merged into a PDF');
    }
  }
  return Buffer.from(await out.save());
}
