import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What the content checks read first: 64 KB (the text check's window) and a few bytes for a split character. */
export const HEAD_BYTES = 64 * 1024 + 4;

/**
 * Stream buffer of a document copy (upload staging, the hash pass and the reply of a download). Node's defaults
 * (16 KB for a writable, 64 KB for a file read) make a 10 MB file 160-640 pauses and syscalls; 256 KB keeps one
 * upload's buffered bytes small (20 at once hold ~10 MB, the RSS bench's budget is 100 MB) at a fraction of the turns.
 */
export const STREAM_CHUNK_BYTES = 256 * 1024;

export interface Staged {
  /** The whole file, in the store's staging directory: moved into the store by put(), or discarded. */
  path: string;
  size: number;
  sha256: string;
  /** The first HEAD_BYTES bytes, for the magic-number check. */
  head: Buffer;
}

export class TooLarge extends Error {
  constructor(readonly limit: number) {
    super(`over ${limit} bytes`);
  }
}

/**
 * Streams an upload to a staging file, hashing and counting as it goes: memory holds one chunk and the head, never
 * the file. Over `limit` bytes the copy stops, the partial file is removed and TooLarge is thrown.
 */
export async function stage(source: Readable, stagingDir: string, limit: number): Promise<Staged> {
  await mkdir(stagingDir, { recursive: true });
  const path = join(stagingDir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const meter = new Transform({
    highWaterMark: STREAM_CHUNK_BYTES,
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > limit) return done(new TooLarge(limit));
      hash.update(chunk);
      if (headLength < HEAD_BYTES) {
        const take = chunk.subarray(0, HEAD_BYTES - headLength);
        headChunks.push(Buffer.from(take));
        headLength += take.length;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(path, { flags: 'wx', highWaterMark: STREAM_CHUNK_BYTES }));
    // A multipart part cut at its size limit ends quietly with truncated set (busboy): as over the limit as our count.
    if ((source as { truncated?: boolean }).truncated) throw new TooLarge(limit);
  } catch (e) {
    await discard(path);
    throw e;
  }
  return { path, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks) };
}

/** The same for bytes already in memory (the portal's base64 uploads, generated PDFs). */
export async function stageBuffer(bytes: Buffer, stagingDir: string, limit: number): Promise<Staged> {
  const { Readable } = await import('node:stream');
  return stage(Readable.from([bytes]), stagingDir, limit);
}

export async function readWhole(staged: Staged): Promise<Buffer> {
  const fh = await open(staged.path, 'r');
  try {
    return await fh.readFile();
  } finally {
    await fh.close();
  }
}

export const discard = (path: string) => unlink(path).catch(() => undefined);
