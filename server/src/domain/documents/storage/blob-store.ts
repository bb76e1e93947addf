import type { Readable } from 'node:stream';

/**
 * Where document bytes live, behind one interface so the embedded setup (local disk under DATA_DIR) and a shared
 * S3-compatible object store (several API processes, one store) are interchangeable. Keys are opaque, relative
 * ("files/F-…"); the documents row keeps the key, the size and the SHA-256 (checked on every read by
 * domain/documents/read.ts, not here).
 *
 * put() takes a finished local file (staged by staging.ts, already checked) and makes it visible under the key all
 * at once: a rename on disk, a single PUT to S3 — a reader never sees half a file.
 */
export interface BlobStore {
  readonly kind: 'disk' | 's3';
  put(key: string, stagedFile: string, size: number): Promise<void>;
  /** The bytes under key; rejects with BlobMissing when there are none. */
  get(key: string): Promise<Readable>;
  /** Removes the key; a missing key is not an error (removal is how a failed DB write is undone). */
  remove(key: string): Promise<void>;
  /** The directory staged files are written to (on the same filesystem as the disk store, so put() is a rename). */
  readonly stagingDir: string;
}

export class BlobMissing extends Error {
  constructor(readonly key: string) {
    super(`No stored bytes under ${key}`);
  }
}

/** Keys the stores accept: what documents rows hold, never a path out of the store (no '..', no absolute path). */
export function assertKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]{0,200}$/.test(key) || key.split('/').some((p) => p === '..' || p === '.' || p === '')) {
    throw new Error(`Refusing storage key ${JSON.stringify(key)}`);
  }
}
