import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFile, FILE_REJECTION_MESSAGES, MAX_FILE_SIZE_BYTES } from '@lendline/shared/contract';
import type { FileKind } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { refused } from '../errors';
import { findApplication } from '../applications/row';

export interface StoredFile {
  fileId: string;
  name: string;
  size: number;
  type: string;
}

/**
 * Documents and signatures are kept on local disk under DATA_DIR/files (the embedded default; the spec's
 * "…toS3" names are kept for the calls) with a documents row per file. The §5 checks run again here: a client
 * that skipped them gets 1101, never a stored file.
 */
export async function storeFile(
  q: Queryable,
  dataDir: string,
  input: { applicationId: string; applicantId?: string; fieldKey: string; name: string; mime: string; bytes: Buffer; kind: 'DOCUMENT' | 'SIGNATURE'; userName: string; allowed?: FileKind[] },
): Promise<StoredFile> {
  await findApplication(q, input.applicationId);
  if (input.bytes.length > MAX_FILE_SIZE_BYTES) throw refused(input.name, FILE_REJECTION_MESSAGES.fileTooLarge);
  const why = checkFile({ name: input.name, type: input.mime, size: input.bytes.length }, input.allowed);
  if (why) throw refused(input.name, FILE_REJECTION_MESSAGES[why]);
  const fileId = `F-${randomBytes(12).toString('hex')}`;
  const dir = join(dataDir, 'files');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, fileId);
  writeFileSync(path, input.bytes);
  await q.query(
    `INSERT INTO documents (file_id, application_id, applicant_id, field_key, kind, name, mime, size, path, uploaded_by) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
    [fileId, input.applicationId, input.applicantId ?? null, input.fieldKey, input.kind, input.name, input.mime, input.bytes.length, path, input.userName],
  );
  return { fileId, name: input.name, size: input.bytes.length, type: input.mime };
}

/** A data URI ("data:image/png;base64,…") → its MIME type and bytes; null when it is not one. */
export function parseDataUri(uri: string): { mime: string; bytes: Buffer } | null {
  const m = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=]+)$/i.exec(uri);
  return m ? { mime: m[1].toLowerCase(), bytes: Buffer.from(m[2], 'base64') } : null;
}
