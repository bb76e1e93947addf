import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { MAX_FILE_SIZE_BYTES } from '@lendline/shared/contract';
import { HttpError } from '../errors';
import { BlobMissing, type BlobStore } from './storage';
import { discard, stage, STREAM_CHUNK_BYTES, TooLarge } from './storage/staging';
import type { DocumentRow } from './rows';

/** The stored bytes no longer match what was recorded: never served (500/1100 with the reason; logged by the caller). */
export const damaged = (name: string, why: string) =>
  new HttpError(500, { code: 1100, message: 'Internal server error', data: [{ label: name, reason: why }] });

const MISMATCH = 'The stored file does not match its recorded checksum, so it is not served';

/**
 * A document's bytes, checked against the SHA-256 and size kept with its row BEFORE the first byte is sent: a file
 * altered or truncated in storage is refused, not served. On disk the file is hashed in one pass and then streamed
 * in a second (files are immutable once stored); from S3 the object is staged to a local file while hashing and
 * that file is served (removed once sent). Memory holds one chunk either way.
 */
export async function openVerified(store: BlobStore, row: DocumentRow): Promise<Readable> {
  let source: Readable;
  try {
    source = await store.get(row.path);
  } catch (e) {
    if (e instanceof BlobMissing) throw damaged(row.name, 'The stored file is missing');
    throw e;
  }
  if (store.kind === 'disk') {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of source) {
      size += (chunk as Buffer).length;
      hash.update(chunk as Buffer);
    }
    check(row, size, hash.digest('hex'));
    return store.get(row.path);
  }
  const staged = await stage(source, store.stagingDir, MAX_FILE_SIZE_BYTES * 2).catch((e: unknown) => {
    throw e instanceof TooLarge ? damaged(row.name, MISMATCH) : e;
  });
  try {
    check(row, staged.size, staged.sha256);
  } catch (e) {
    await discard(staged.path);
    throw e;
  }
  const out = createReadStream(staged.path, { highWaterMark: STREAM_CHUNK_BYTES });
  out.once('close', () => void discard(staged.path));
  return out;
}

/** The whole verified file in memory (merging PDFs needs them parsed; each is at most 10 MB). */
export async function readVerified(store: BlobStore, row: DocumentRow): Promise<Buffer> {
  const stream = await openVerified(store, row);
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function check(row: DocumentRow, size: number, sha256: string): void {
  // Rows written before checksums were kept (052) have none: their size is still checked.
  if (size !== row.size || (row.sha256 && sha256 !== row.sha256)) throw damaged(row.name, MISMATCH);
}
