import { MAX_FILE_SIZE_BYTES } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { keyOf, newFileId } from '../documents/changes';
import { insertDocument } from '../documents/rows';
import type { BlobStore } from '../documents/storage';
import { discard, stageBuffer, TooLarge } from '../documents/storage/staging';
import { refused } from '../errors';

/** The field key call evidence is filed under on the application (documents tab). */
export const VIDEO_FIELD_KEY = 'VIDEO_CALL';

/**
 * Files one piece of call evidence (a still of the applicant, a recording) as a document of the application: the ONE
 * place video writes documents. The bytes go through the document storage like any upload (staged, hashed, put under
 * a fresh key; disk or S3), and the row keeps the SHA-256 that every download checks. The evidence is the server's own
 * output (Janus recordings are audio/video containers outside §5's upload types), so no upload type list applies.
 * The bytes are stored first; `undo` removes them when the caller's transaction fails (no file without a row).
 */
export async function fileCallDocument(
  q: Queryable,
  store: BlobStore,
  doc: { applicationId: string; applicantId: string | null; name: string; mime: string; bytes: Buffer; uploadedBy: string },
  undo: Array<() => Promise<void>> = [],
): Promise<{ fileId: string; name: string; size: number }> {
  const staged = await stageBuffer(doc.bytes, store.stagingDir, MAX_FILE_SIZE_BYTES).catch((e: unknown) => {
    if (e instanceof TooLarge) throw refused(doc.name, `The file is larger than ${MAX_FILE_SIZE_BYTES} bytes and cannot be filed`);
    throw e;
  });
  const fileId = newFileId();
  const key = keyOf(fileId);
  try {
    await store.put(key, staged.path, staged.size);
  } finally {
    await discard(staged.path);
  }
  undo.push(() => store.remove(key).catch(() => undefined));
  await insertDocument(q, {
    file_id: fileId, doc_id: fileId, version: 1, application_id: doc.applicationId, applicant_id: doc.applicantId, field_key: VIDEO_FIELD_KEY,
    kind: 'DOCUMENT', source: 'STAFF', name: doc.name, mime: doc.mime, size: staged.size, sha256: staged.sha256, path: key, storage: store.kind,
    uploaded_by: doc.uploadedBy,
  });
  return { fileId, name: doc.name, size: staged.size };
}
