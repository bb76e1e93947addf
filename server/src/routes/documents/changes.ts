import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { DOCUMENTS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { isStaff } from '../../domain/current-user';
import { notFound } from '../../domain/errors';
import { copyDocument, deleteDocument, mergeDocuments, newVersion, updateMetadata } from '../../domain/documents/changes';
import { documentOf } from '../../domain/documents/rows';
import { applicantsOf } from '../../domain/documents/applicants';
import { viewOf } from '../../domain/documents/view';
import type { ApplicationRule } from '../../plugins/app/application-access';
import { AppId, errorReplies } from '../common/schemas';
import { applicationIdIn, loadedApplication } from '../common/application-rules';
import { multipartFile } from './multipart';
import { ApplicantId, DocType, FileId, IsoDate, Reason, Saved } from './schemas';
import { route } from '../common/route';

/** Changes need §6 MANAGE_DOCUMENT and an application the caller may open (403 / the neutral 404 otherwise). */
const manage = (id: ApplicationRule['id']): ApplicationRule => ({ id, permission: 'MANAGE_DOCUMENT' });
/** The portal may remove what it uploaded (its appRefId opens the application). */
const manageOrOwn = (id: ApplicationRule['id']): ApplicationRule => ({ id, permission: 'MANAGE_DOCUMENT', customer: 'appRef' });
const inBody = applicationIdIn('body', 'application_id');
const inQuery = applicationIdIn('query', 'application_id');
const RULES = 'Needs MANAGE_DOCUMENT and an application the caller may open (403 / 404). One transaction with an audit row and a worklog entry. 404 for a fileId that is not a live document of the application; 400/1101 for bad input.';

const Removed = Type.Object({ code: Type.Literal('200'), message: Type.String(), data: Type.Object({ fileId: Type.String(), versions: Type.Integer() }) });

const documentChanges: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = (request: FastifyRequest) => ({ db: app.db, store: app.files, user: currentUser(request), app: loadedApplication(request) });
  const saved = (request: FastifyRequest, row: Parameters<typeof viewOf>[0], message: string, resubmission = false) => ({
    code: resubmission ? ('resubmission' as const) : ('200' as const),
    message: resubmission ? 'resubmission' : message,
    data: viewOf(row, applicantsOf(loadedApplication(request))),
  });

  app.post(DOCUMENTS.delete, route.documents({ application: manage(inBody) }, 'Delete a document (with a reason)',
      `Hides the document and all its versions from the list; the rows and bytes are kept with who, when and why (audit). ${RULES}`, {
      body: Type.Object({ application_id: AppId, fileId: FileId, reason: Reason }),
      response: { 200: Removed, ...errorReplies },
    }), async (request) => ({ code: '200' as const, message: 'Document deleted', data: await deleteDocument(ctx(request), request.body.fileId, request.body.reason) }));

  app.post(DOCUMENTS.updateMetadata, route.documents({ application: manage(inBody) }, 'Edit a document’s metadata',
      `Type, applicant, issue and expiry date (null clears), verified (true: by the caller, now; false: not verified). Absent fields are unchanged. Acts on the current version. ${RULES}`, {
      body: Type.Object({
        application_id: AppId,
        fileId: FileId,
        docType: Type.Optional(Type.Union([DocType, Type.Null()])),
        applicantId: Type.Optional(Type.Union([ApplicantId, Type.Null()])),
        issueDate: Type.Optional(Type.Union([IsoDate, Type.Null()])),
        expiryDate: Type.Optional(Type.Union([IsoDate, Type.Null()])),
        verified: Type.Optional(Type.Boolean()),
      }),
      response: { 200: Saved, ...errorReplies },
    }), async (request) => {
    const b = request.body;
    const row = await updateMetadata(ctx(request), b.fileId, { doc_type: b.docType, applicant_id: b.applicantId, issue_date: b.issueDate, expiry_date: b.expiryDate, verified: b.verified });
    return saved(request, row, 'Document updated');
  });

  app.post(DOCUMENTS.update, route.documents({ application: manage(inQuery) }, 'Replace a document (new version)',
      'multipart/form-data with one part "file"; application_id and fileId (the current version) in the query string. Streamed ' +
        'to storage, checked like every upload (10 MB, type by content, refusals name the file and why). The document gets a new ' +
        'version with the same metadata; the old one stays readable in its history. The same bytes again answer code ' +
        `'resubmission' and change nothing. ${RULES}`, {
      querystring: Type.Object({ application_id: AppId, fileId: FileId }),
      body: { content: { 'multipart/form-data': { schema: {} } } } as unknown as ReturnType<typeof Type.Unknown>,
      response: { 200: Saved, ...errorReplies },
    }), async (request) => {
    const file = await multipartFile(request);
    const out = await newVersion(ctx(request), request.query.fileId, { source: file.file, name: file.filename, declaredMime: file.mimetype });
    return saved(request, out.row, 'New version saved', out.resubmission);
  });

  app.post(DOCUMENTS.copy, route.documents({ application: manage(inBody) }, 'Copy a document to another applicant',
      `Files the document again (its bytes are shared, not duplicated) for another applicant of the same application, optionally with another type. ${RULES}`, {
      body: Type.Object({ application_id: AppId, fileId: FileId, toApplicantId: Type.Optional(ApplicantId), docType: Type.Optional(DocType) }),
      response: { 200: Saved, ...errorReplies },
    }), async (request) => {
    const b = request.body;
    return saved(request, await copyDocument(ctx(request), b.fileId, { applicantId: b.toApplicantId, docType: b.docType }), 'Document copied');
  });

  app.post(DOCUMENTS.merge, route.documents({ application: manage(inBody) }, 'Merge documents into one PDF',
      `The documents named (2 to 20 PDFs, JPEGs or PNGs, in that order; each checked against its SHA-256) as one new PDF document: a PDF brings all its pages, an image one page. 400 for another type or a result over 10 MB. ${RULES}`, {
      body: Type.Object({
        application_id: AppId,
        fileIds: Type.Array(FileId, { minItems: 2, maxItems: 20 }),
        fileName: Type.String({ minLength: 1, maxLength: 120 }),
        docType: Type.Optional(DocType),
        applicantId: Type.Optional(ApplicantId),
      }),
      response: { 200: Saved, ...errorReplies },
    }), async (request) => {
    const b = request.body;
    return saved(request, await mergeDocuments(ctx(request), b.fileIds, b.fileName, { docType: b.docType, applicantId: b.applicantId }), 'Documents merged');
  });

  /** The two removes of §7: staff with MANAGE_DOCUMENT, or the customer for what the portal uploaded. */
  const remove = async (request: FastifyRequest, fileId: string, reason: string | undefined) => {
    const c = ctx(request);
    const row = await documentOf(app.db, c.app.application_id, fileId);
    if (!isStaff(c.user) && row.source !== 'PORTAL') throw notFound('fileId', 'Document not found');
    return { code: '200' as const, message: 'Document removed', data: await deleteDocument(c, fileId, reason ?? (isStaff(c.user) ? 'Removed' : 'Removed by the applicant')) };
  };

  app.post(DOCUMENTS.remove, route.documents({ application: manageOrOwn(applicationIdIn('body', 'application_id')) }, 'Remove an uploaded document',
      `Removes a document from its upload field (the portal's remove; staff too). Kept for audit like a delete. The customer account may remove only what the portal uploaded. ${RULES}`, {
      body: Type.Object({ application_id: AppId, fileId: FileId, reason: Type.Optional(Reason) }),
      response: { 200: Removed, ...errorReplies },
    }), async (request) => remove(request, request.body.fileId, request.body.reason));

  app.delete(DOCUMENTS.removeByFileId, route.documents({ application: manageOrOwn(inQuery) }, 'Remove a document by fileId',
      `DELETE /v3/remove/?fileId&application_id: the same as /upload/removeDocument. ${RULES}`, {
      querystring: Type.Object({ application_id: AppId, fileId: FileId, reason: Type.Optional(Reason) }),
      response: { 200: Removed, ...errorReplies },
    }), async (request) => remove(request, request.query.fileId, request.query.reason));
};
export default documentChanges;
