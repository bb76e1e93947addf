import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { EXPORT_SUFFIX } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { exportRows, type ListRequest } from '../../domain/lists/list-service';

/**
 * Export (§9): the list as NDJSON, streamed page by page as the domain reads it (the server holds one page at a
 * time), named like the xlsx file the client makes of it: {list}{EXPORT_SUFFIX}_{timestamp}.
 */
export function streamExport(reply: FastifyReply, req: ListRequest, q: Queryable) {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  reply.header('content-type', 'application/x-ndjson; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${req.type.toLowerCase()}${EXPORT_SUFFIX}_${stamp}.ndjson"`);
  const lines = (async function* () {
    for await (const row of exportRows(q, req)) yield JSON.stringify(row) + '\n';
  })();
  return reply.send(Readable.from(lines));
}
