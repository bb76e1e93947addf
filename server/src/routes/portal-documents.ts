import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { DOCUMENTS, MAX_FILE_SIZE_BYTES } from '@lendline/shared/contract';
import type { FileKind } from '@lendline/shared/contract';
import { currentUser } from '../plugins/app/auth';
import { refused } from '../domain/errors';
import { parseDataUri, storeFile } from '../domain/portal/file-store';

const AppId = Type.String({ minLength: 1, maxLength: 40 });
/**
 * Uploads add documents to the application: staff need MANAGE_DOCUMENT (§6's permission for documents, held by
 * every demo user who works applications; not by dev1 or the application-access-only viewer1) and an application
 * they may open; the customer needs its appRefId.
 */
const DOCUMENT_WRITE = { application: { id: (r: FastifyRequest) => (r.body as { app_id: string }).app_id, permission: 'MANAGE_DOCUMENT', customer: 'appRef' } } as const;
// base64 is 4/3 of the bytes; allow the 10 MB file plus its JSON envelope, nothing more.
const UPLOAD_BODY_LIMIT = Math.ceil((MAX_FILE_SIZE_BYTES * 4) / 3) + 64 * 1024;

/**
 * Document uploads of the portal as base64 JSON (the HTTP client speaks JSON; a 10 MB file fits the route's own
 * body limit): POST /api/uploadLocalFiletoS3 for the file upload hub and POST /api/uploadSignaturetoS3 for the
 * signature pad. Both store under DATA_DIR/files and answer the fileId the field keeps.
 */
const portalDocuments: FastifyPluginAsync<{ dataDir: string }> = async (app, opts) => {
  app.post(
    DOCUMENTS.uploadLocalFile,
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      config: DOCUMENT_WRITE,
      schema: {
        body: Type.Object({
          app_id: AppId,
          applicantId: Type.Optional(Type.String({ maxLength: 60 })),
          fieldKey: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$', maxLength: 64 }),
          fileName: Type.String({ minLength: 1, maxLength: 200 }),
          type: Type.String({ maxLength: 120 }),
          content: Type.String({ maxLength: UPLOAD_BODY_LIMIT }),
          allowed: Type.Optional(Type.Array(Type.Union(['image', 'doc', 'pdf', 'xls', 'application', 'compress', 'video'].map((k) => Type.Literal(k))), { maxItems: 7 })),
        }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const b = request.body as { app_id: string; applicantId?: string; fieldKey: string; fileName: string; type: string; content: string; allowed?: FileKind[] };
      if (!/^[A-Za-z0-9+/=]*$/.test(b.content)) throw refused('content', 'must be base64');
      const stored = await storeFile(app.db, opts.dataDir, {
        applicationId: b.app_id, applicantId: b.applicantId, fieldKey: b.fieldKey, name: b.fileName, mime: b.type,
        bytes: Buffer.from(b.content, 'base64'), kind: 'DOCUMENT', userName: user.userName, allowed: b.allowed,
      });
      return { code: '200', data: stored };
    },
  );

  app.post(
    DOCUMENTS.uploadSignature,
    {
      bodyLimit: 2 * 1024 * 1024,
      config: DOCUMENT_WRITE,
      schema: { body: Type.Object({ dataURI: Type.String({ minLength: 1, maxLength: 2 * 1024 * 1024 }), app_id: AppId, applicantId: Type.Optional(Type.String({ maxLength: 60 })), fieldKey: Type.Optional(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$', maxLength: 64 })) }) },
    },
    async (request) => {
      const user = currentUser(request);
      const b = request.body as { dataURI: string; app_id: string; applicantId?: string; fieldKey?: string };
      const parsed = parseDataUri(b.dataURI);
      if (!parsed || !parsed.mime.startsWith('image/')) throw refused('dataURI', 'must be a base64 image data URI');
      const stored = await storeFile(app.db, opts.dataDir, {
        applicationId: b.app_id, applicantId: b.applicantId, fieldKey: b.fieldKey ?? 'signature', name: 'signature.png', mime: parsed.mime,
        bytes: parsed.bytes, kind: 'SIGNATURE', userName: user.userName, allowed: ['image'],
      });
      return { code: '200', data: { fileId: stored.fileId, type: 'signaturePad' } };
    },
  );
};
export default portalDocuments;
