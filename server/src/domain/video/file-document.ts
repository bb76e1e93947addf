import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_FILE_SIZE_BYTES } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { refused } from '../errors';

/** The field key call evidence is filed under on the application (documents tab). */
export const VIDEO_FIELD_KEY = 'VIDEO_CALL';

/**
 * Files one piece of call evidence (a still of the applicant, a recording) as a document of the application. This is
 * the ONE place video writes documents: today into the `documents` table and DATA_DIR/files as the portal's file
 * store does (030_portal.sql); when the documents/storage work lands, only this function changes. The file is written
 * first and removed again if the row cannot be inserted.
 */
export async function fileCallDocument(
  q: Queryable,
  dataDir: string,
  doc: { applicationId: string; applicantId: string | null; name: string; mime: string; bytes: Buffer; uploadedBy: string },
): Promise<{ fileId: string; name: string; size: number }> {
  if (doc.bytes.length > MAX_FILE_SIZE_BYTES) throw refused(doc.name, `The file is larger than ${MAX_FILE_SIZE_BYTES} bytes and cannot be filed`);
  const fileId = `F-${randomBytes(12).toString('hex')}`;
  const dir = join(dataDir, 'files');
  await mkdir(dir, { recursive: true });
  const path = join(dir, fileId);
  await writeFile(path, doc.bytes, { flag: 'wx' });
  try {
    await q.query(
      `INSERT INTO documents (file_id, application_id, applicant_id, field_key, kind, name, mime, size, path, uploaded_by) VALUES ($1,$2,$3,$4,'DOCUMENT',$5,$6,$7,$8,$9)`,
      [fileId, doc.applicationId, doc.applicantId, VIDEO_FIELD_KEY, doc.name, doc.mime, doc.bytes.length, path, doc.uploadedBy],
    );
  } catch (e) {
    await unlink(path).catch(() => undefined);
    throw e;
  }
  return { fileId, name: doc.name, size: doc.bytes.length };
}
