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
  },
  { name: 'storage' },
);
