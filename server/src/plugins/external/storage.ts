import fp from 'fastify-plugin';
import { createBlobStore, type BlobStore } from '../../domain/documents/storage';
import type { S3Settings } from '../../domain/documents/storage/settings';
import { removeStagedLeftovers, removeUnreferencedFiles } from '../../domain/documents/storage/leftovers';
import { holdsDataDir } from '../../db/data-dir-lock';

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
    // What a crashed process left (domain/documents/storage/leftovers.ts), before the server listens: everything when
    // this process holds DATA_DIR alone (embedded database), else only what is older than any live request.
    const minAgeMs = holdsDataDir(opts.dataDir) ? 0 : LEFTOVER_AGE_MS;
    const staged = await removeStagedLeftovers(store.stagingDir, minAgeMs);
    if (staged.length) app.log.warn({ removed: staged, dir: store.stagingDir }, `removed ${staged.length} staged upload(s) left by an earlier process`);
    if (store.kind === 'disk' && !opts.store) {
      const orphans = await removeUnreferencedFiles(app.db, opts.dataDir, minAgeMs);
      if (orphans.length) app.log.warn({ removed: orphans, dir: opts.dataDir }, `removed ${orphans.length} stored file(s) no document references`);
    }
  },
  { name: 'storage', dependencies: ['db'] },
);

/** Older than any upload (UPLOAD_TIMEOUT_MS is at most an hour) or transaction of another live process. */
const LEFTOVER_AGE_MS = 60 * 60 * 1000;

/** Removes staged upload files (*.part) older than maxAgeMs; returns how many. */
export async function sweepStaging(dir: string, maxAgeMs: number, now = Date.now()): Promise<number> {
  return (await removeStagedLeftovers(dir, maxAgeMs, now)).length;
}
