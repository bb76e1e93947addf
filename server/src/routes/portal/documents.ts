import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { DOCUMENTS, MAX_FILE_SIZE_BYTES } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { refused } from '../../domain/errors';
import { parseDataUri, storeFile } from '../../domain/portal/file-store';
import { AppId, errorReplies, FieldKey } from '../common/schemas';
import { multipartFile } from '../documents/multipart';
import { applicationIdIn } from '../common/application-rules';

/**
 * Uploads add documents to the application: staff need MANAGE_DOCUMENT (§6's permission for documents, held by
 * every demo user who works applications; not by dev1 or the application-access-only viewer1) and an application
 * they may open; the customer needs its appRefId.
 */
// A co-applicant's or guarantor's own appRefId uploads only for themselves (applicantId theirs, issue 28).
const DOCUMENT_WRITE = { application: { id: applicationIdIn('body', 'app_id'), permission: 'MANAGE_DOCUMENT', customer: 'appRef', party: 'own' } } as const;
/** The JSON upload names its application in the body, the multipart one (streamed) in the query string. */
const UPLOAD_WRITE = {
  application: { id: (r: FastifyRequest) => (r.isMultipart() ? applicationIdIn('query', 'app_id')(r) : applicationIdIn('body', 'app_id')(r)), permission: 'MANAGE_DOCUMENT', customer: 'appRef', party: 'own' },
} as const;
// base64 is 4/3 of the bytes; allow the 10 MB file plus its JSON envelope, nothing more.
const UPLOAD_BODY_LIMIT = Math.ceil((MAX_FILE_SIZE_BYTES * 4) / 3) + 64 * 1024;
const FILE_KINDS = ['image', 'doc', 'pdf', 'xls', 'application', 'compress', 'video'] as const;
const Allowed = Type.Array(Type.Union(FILE_KINDS.map((k) => Type.Literal(k))), { maxItems: 7 });

const ACCESS =
  'Access: staff with MANAGE_DOCUMENT on an application they may open; the customer account with the application\'s ' +
  'appRefId header. Errors: 400/1101 (a file the field does not accept, by its name, declared type, size or its bytes; ' +
  'the reason names the file), 403, 404, 413 (body over the limit).';

const Stored = Type.Object({
  fileId: Type.String({ description: 'What the field keeps' }),
  name: Type.String(),
  size: Type.Integer({ description: 'Bytes' }),
  type: Type.String({ description: 'The MIME type found in the bytes (what the file is served as)' }),
});

/**
 * Document uploads of the portal as base64 JSON (the HTTP client speaks JSON; a 10 MB file fits the route's own
 * body limit): POST /api/uploadLocalFiletoS3 for the file upload hub and POST /api/uploadSignaturetoS3 for the
 * signature pad. Both keep the file in the document store (disk under DATA_DIR or S3) and answer the fileId the field keeps.
 */
const portalDocuments: FastifyPluginAsyncTypebox = async (app) => {
  const JsonUpload = Type.Object({
    app_id: AppId,
    applicantId: Type.Optional(Type.String({ maxLength: 60 })),
    fieldKey: FieldKey,
    fileName: Type.String({ minLength: 1, maxLength: 200 }),
    type: Type.String({ maxLength: 120, description: 'The MIME type the client declares' }),
    content: Type.String({ maxLength: UPLOAD_BODY_LIMIT, description: 'The file, base64' }),
    allowed: Type.Optional(Allowed),
  });
  app.post(
    DOCUMENTS.uploadLocalFile,
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      config: UPLOAD_WRITE,
      schema: {
        summary: 'Upload a document (base64 JSON, or multipart streamed)',
        description:
          'Stores one file of a file-upload field (at most 10 MB) after the §5 checks and a check of its bytes against the ' +
          'kinds the field accepts (its configured allowed_file_types, narrowed by allowed). Two forms: JSON with the file ' +
          'base64 in content (the portal), or multipart/form-data with one part "file" and app_id, fieldKey, applicantId in ' +
          'the query string (streamed to storage, never held whole in memory; the documents tab uses it). ' + ACCESS,
        tags: ['portal'],
        querystring: Type.Object({
          app_id: Type.Optional(AppId),
          applicantId: Type.Optional(Type.String({ maxLength: 60 })),
          fieldKey: Type.Optional(FieldKey),
          docType: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
        }),
        body: { content: { 'application/json': { schema: JsonUpload }, 'multipart/form-data': { schema: {} } } } as unknown as typeof JsonUpload,
        response: { 200: Type.Object({ code: Type.Literal('200'), data: Stored }, { description: 'Stored: the fileId the field keeps' }), ...errorReplies },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.isMultipart()) {
        const q = request.query;
        if (!q.app_id) throw refused('app_id', 'is required in the query string of a multipart upload');
        const file = await multipartFile(request);
        const stored = await storeFile(app.db, app.files, {
          applicationId: q.app_id, applicantId: q.applicantId, fieldKey: q.fieldKey ?? 'documents', name: file.filename, mime: file.mimetype,
          source: file.file, kind: 'DOCUMENT', user, docType: q.docType,
        });
        return { code: '200' as const, data: stored };
      }
      const b = request.body;
      if (!b || typeof b !== 'object') throw refused('content', 'send JSON or multipart/form-data');
      if (!/^[A-Za-z0-9+/=]*$/.test(b.content)) throw refused('content', 'must be base64');
      const bytes = Buffer.from(b.content, 'base64');
      const stored = await storeFile(app.db, app.files, {
        applicationId: b.app_id, applicantId: b.applicantId, fieldKey: b.fieldKey, name: b.fileName, mime: b.type,
        source: bytes, size: bytes.length, kind: 'DOCUMENT', user, allowed: b.allowed,
      });
      return { code: '200' as const, data: stored };
    },
  );

  app.post(
    DOCUMENTS.uploadSignature,
    {
      bodyLimit: 2 * 1024 * 1024,
      config: DOCUMENT_WRITE,
      schema: {
        summary: 'Upload a signature (image data URI)',
        description: 'Stores the signature pad\'s image (a base64 image data URI) for the field (signature when fieldKey is absent). ' + ACCESS,
        tags: ['portal'],
        body: Type.Object({
          dataURI: Type.String({ minLength: 1, maxLength: 2 * 1024 * 1024 }),
          app_id: AppId,
          applicantId: Type.Optional(Type.String({ maxLength: 60 })),
          fieldKey: Type.Optional(FieldKey),
        }),
        response: {
          200: Type.Object({ code: Type.Literal('200'), data: Type.Object({ fileId: Type.String(), type: Type.Literal('signaturePad') }) }, { description: 'Stored: the fileId the field keeps' }),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const b = request.body;
      const parsed = parseDataUri(b.dataURI);
      if (!parsed || !parsed.mime.startsWith('image/')) throw refused('dataURI', 'must be a base64 image data URI');
      const stored = await storeFile(app.db, app.files, {
        applicationId: b.app_id, applicantId: b.applicantId, fieldKey: b.fieldKey ?? 'signature', name: 'signature.png', mime: parsed.mime,
        source: parsed.bytes, size: parsed.bytes.length, kind: 'SIGNATURE', user, allowed: ['image'],
      });
      return { code: '200' as const, data: { fileId: stored.fileId, type: 'signaturePad' as const } };
    },
  );
};
export default portalDocuments;
