import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Readable } from 'node:stream';
import { backupArchive } from '../../ops/backup';
import { isOpsCaller } from '../../ops/ops-token';
import { route } from '../common/route';

export const OPS_BACKUP = '/ops/backup';

/**
 * `npm run backup` against a running server with the embedded database: only this process may open PGlite's files
 * (db/data-dir-lock.ts), so the archive (ops/backup.ts) is made here and streamed back. Loopback only, no proxy
 * header, and the bearer token of DATA_DIR/ops.token (ops/ops-token.ts); anything else gets what an unknown path
 * gets. With PostgreSQL the script runs pg_dump itself and does not call this.
 */
const backup: FastifyPluginAsyncTypebox<{ dataDir: string; databaseUrl?: string; documents: 'disk' | 's3'; opsToken: string }> = async (app, opts) => {
  app.get(
    OPS_BACKUP,
    route.platform({ public: true }, 'Backup archive of the database and the document store (npm run backup)',
      'For `npm run backup` on the same machine: loopback callers bearing the token of DATA_DIR/ops.token only (anyone else gets 404). A tar: the database snapshot, then the document files and keys, then a manifest (docs/operations.md).', {
      security: [],
      response: { 200: Type.String({ description: 'application/x-tar' }) },
    }),
    async (request, reply) => {
      if (!isOpsCaller(request, opts.opsToken)) return reply.callNotFound();
      request.log.info('backup archive requested');
      const stream = Readable.from(backupArchive({ db: app.db, dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, documents: opts.documents }), { objectMode: false });
      stream.on('error', (err) => request.log.error({ err }, 'backup archive failed midway (the client sees a cut-short archive without manifest)'));
      return reply.header('content-type', 'application/x-tar').header('cache-control', 'no-store').header('content-disposition', 'attachment; filename="lendline-backup.tar"').send(stream as unknown as string); // a stream: the 200 schema documents it, the serializer does not touch streams
    },
  );
};
export default backup;
