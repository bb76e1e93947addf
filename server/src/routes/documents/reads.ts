import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DOCUMENTS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { isStaff } from '../../domain/current-user';
import { notFound } from '../../domain/errors';
import { documentOf } from '../../domain/documents/rows';
import { openVerified } from '../../domain/documents/read';
import { documentsTab } from '../../domain/documents/view';
import { AppId, errorReplies } from '../common/schemas';
import { applicationIdIn, loadedApplication, readRule } from '../common/application-rules';
import { DocumentView, FileId, RequestedView } from './schemas';
import { route } from '../common/route';

/** RFC 6266 / 5987: an ASCII fallback name and the exact name percent-encoded (UTF-8), so any language survives. */
export function contentDisposition(name: string, inline: boolean): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

const inQuery = applicationIdIn('query', 'application_id');

/** The documents tab's reads: the list, and one file as a blob. */
const documentReads: FastifyPluginAsyncTypebox = async (app) => {
  app.get(DOCUMENTS.list, route.documents({ application: { id: inQuery, permission: 'read' } }, 'Documents of an application',
      'The applicants (primary, co-applicants, guarantors) and each live document in its current version with its older versions (history). ' +
        'Deleted documents are not listed. requested: the documents asked for and not received yet, per applicant and field — through a ' +
        'query\'s request for information (until it is answered or its query closed), or by the applicant in the portal\'s upload hub ' +
        '(documentCollectionMode REQUEST, requestSent; until a document of that field arrives) — with who asked and when. ' +
        'Staff who may open the application; else 404.', {
      querystring: Type.Object({ application_id: AppId }),
      response: {
        200: Type.Object({
          code: Type.Literal('200'),
          data: Type.Object({
            applicants: Type.Array(Type.Object({ applicantId: Type.String(), type: Type.String(), name: Type.String() })),
            documents: Type.Array(Type.Intersect([DocumentView, Type.Object({ history: Type.Array(DocumentView) })])),
            requested: Type.Array(RequestedView),
          }),
        }),
        ...errorReplies,
      },
    }), async (request) => ({ code: '200' as const, data: await documentsTab(app.db, loadedApplication(request)) }));

  app.get(DOCUMENTS.file, route.documents({ application: readRule(inQuery) }, 'A document as a blob',
      'The bytes of one version (older versions too), with the access_token and sessionId headers like every call. ' +
        'file_name (URL-encoded) names the download; the stored name otherwise. The bytes are checked against the SHA-256 ' +
        'kept with the document before anything is sent: an altered file is refused (500/1100), never served. Staff who may ' +
        'open the application; the customer with its appRefId for the documents it uploaded. 404 for any other file id.', {
      querystring: Type.Object({
        application_id: AppId,
        fileId: FileId,
        file_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        inline: Type.Optional(Type.Boolean({ description: 'Content-Disposition inline (preview) instead of attachment' })),
      }),
      response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The file, typed as found in its bytes' }), ...errorReplies },
    }), async (request, reply) => {
    const user = currentUser(request);
    const q = request.query;
    const row = await documentOf(app.db, q.application_id, q.fileId);
    if (!isStaff(user) && row.source !== 'PORTAL') throw notFound('fileId', 'Document not found');
    let stream;
    try {
      stream = await openVerified(app.files, row);
    } catch (e) {
      request.log.error({ fileId: row.file_id, err: e }, 'document not served: stored bytes do not match the row');
      throw e;
    }
    const name = (q.file_name ?? row.name).split(/[\\/]/).pop() || row.name;
    return reply
      .header('content-type', row.mime)
      .header('content-length', String(row.size))
      .header('content-disposition', contentDisposition(name, q.inline === true))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });
};
export default documentReads;
