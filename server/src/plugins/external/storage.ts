import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { createBlobStore, type BlobStore } from '../../domain/documents/storage';
import type { S3Settings } from '../../domain/documents/storage/settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where document bytes live (domain/documents/storage): disk under DATA_DIR, or S3 when S3_BUCKET is set. */
    files: BlobStore;
  }
}

/** Opens the document store the settings name; tests pass one of their own. */
export default fp<{ dataDir: string; s3?: S3Settings; store?: BlobStore }>(
  async (app, opts) => {
    const store = opts.store ?? createBlobStore(opts.dataDir, opts.s3);
    app.decorate('files', store);
    app.log.info({ storage: store.kind }, 'document storage');
    // Staged uploads a crashed process left behind (never visible in the store: only put() publishes them).
    const removed = await sweepStaging(store.stagingDir, 60 * 60 * 1000);
    if (removed) app.log.warn({ removed }, 'stale staged uploads removed');
  },
  { name: 'storage' },
);

/** Removes staged upload files (*.part) older than maxAgeMs; returns how many. */
export async function sweepStaging(dir: string, maxAgeMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.part'))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > maxAgeMs && (await unlink(path).then(() => true, () => false))) removed++;
  }
  return removed;
}
