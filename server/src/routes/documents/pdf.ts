import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { applicantLanguage } from '../../domain/consent/applicant-language';
import { Type } from '@sinclair/typebox';
import { DOCUMENTS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { hasRole, isStaff } from '../../domain/current-user';
import { permissionMissing, staffOnly } from '../../domain/errors';
import { generateDocument, addDocument } from '../../domain/documents/changes';
import { applicantsOf } from '../../domain/documents/applicants';
import { checkTemplateBody, saveTemplateVersion, type PdfTemplateBody } from '../../domain/documents/pdf/templates';
import { viewOf } from '../../domain/documents/view';
import { AppId, errorReplies } from '../common/schemas';
import { applicationIdIn, loadedApplication } from '../common/application-rules';
import { multipartFile } from './multipart';
import { ApplicantId, DocType, Lang, Saved, TemplateBlock } from './schemas';
import { route } from '../common/route';

const TemplateId = Type.String({ minLength: 2, maxLength: 60, pattern: '^[A-Z][A-Z0-9_]+$', description: 'Template id (SANCTION_LETTER, KEY_FACT_STATEMENT…)' });

/** PDFs from templates (in every language the template has) and the identity-card upload. */
const documentPdf: FastifyPluginAsyncTypebox = async (app) => {
  app.post(DOCUMENTS.createTemplate, route.documents(null, 'Save a PDF template version',
      'Stores the blocks of a PDF template per language (en, hi) as its next version (verNum = highest + 1); generatePDF uses ' +
        'the newest. Placeholders {{application_id}}, {{applicant_name}}, {{loan_amount}}, {{emi}}… are checked, and so is ' +
        'every letter against the font (a letter it cannot print is refused). Staff with MANAGE_DOCUMENT (403 otherwise). 400/1101 ' +
        'for bad blocks, an unknown placeholder, or an id of another template type.', {
      body: Type.Object({
        template_id: TemplateId,
        template_name: Type.String({ minLength: 1, maxLength: 120 }),
        fileName: Type.String({ minLength: 1, maxLength: 160 }),
        content: Type.Object({ en: Type.Optional(Type.Array(TemplateBlock, { minItems: 1, maxItems: 200 })), hi: Type.Optional(Type.Array(TemplateBlock, { minItems: 1, maxItems: 200 })) }, { additionalProperties: false }),
      }),
      response: {
        200: Type.Object({ code: Type.Literal('200'), message: Type.String(), data: Type.Object({ template_id: Type.String(), template_name: Type.String(), template_type: Type.Literal('PDF'), verNum: Type.Integer() }) }),
        ...errorReplies,
      },
    }), async (request) => {
    const user = currentUser(request);
    if (!isStaff(user)) throw staffOnly();
    if (!hasRole(user, 'MANAGE_DOCUMENT')) throw permissionMissing('MANAGE_DOCUMENT');
    const b = request.body;
    const body: PdfTemplateBody = { fileName: b.fileName, content: b.content as PdfTemplateBody['content'] };
    checkTemplateBody(body);
    const verNum = await saveTemplateVersion(app.db, { template_id: b.template_id, template_name: b.template_name, body });
    return { code: '200' as const, message: 'Template saved', data: { template_id: b.template_id, template_name: b.template_name, template_type: 'PDF' as const, verNum } };
  });

  app.post(DOCUMENTS.generatePdf, route.documents({ application: { id: applicationIdIn('body', 'application_id'), permission: 'MANAGE_DOCUMENT' } }, 'Generate a PDF from a template',
      'Fills the newest version of a PDF template (sanction letter, key-fact statement with its EMI schedule…) from the ' +
        'application in lang (en, hi; when absent, the applicant\'s language: the one they last read a consent notice in, else en), with a Unicode font so every language prints with its own letters, and ' +
        'files it as a GENERATED document of the application. 400 when the application lacks the loan terms or the template ' +
        'has no such language; 404 for an unknown template. Needs MANAGE_DOCUMENT and an application the caller may open.', {
      body: Type.Object({ application_id: AppId, template_id: TemplateId, lang: Type.Optional(Lang), applicantId: Type.Optional(ApplicantId) }),
      response: { 200: Saved, ...errorReplies },
    }), async (request) => {
    const b = request.body;
    const application = loadedApplication(request);
    const row = await generateDocument({ db: app.db, store: app.files, user: currentUser(request), app: application }, b.template_id, b.lang ?? (await applicantLanguage(app.db, application.application_id)), b.applicantId);
    return { code: '200' as const, message: 'PDF generated', data: viewOf(row, applicantsOf(application)) };
  });

  app.post(DOCUMENTS.uploadNic, route.documents({ application: { id: applicationIdIn('query', 'app_id'), permission: 'MANAGE_DOCUMENT', customer: 'appRef' } }, 'Upload an identity card',
      'multipart/form-data with one part "file"; app_id, filename (the name to keep), filePath (where the client took it ' +
        'from, recorded) and docType (NIC when absent) in the query string. An image or a PDF, at most 10 MB, checked by its ' +
        'bytes; filed as an NIC document. Staff with MANAGE_DOCUMENT, or the customer with its appRefId.', {
      querystring: Type.Object({
        app_id: AppId,
        filename: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        filePath: Type.Optional(Type.String({ maxLength: 300 })),
        docType: Type.Optional(DocType),
        applicantId: Type.Optional(ApplicantId),
      }),
      body: { content: { 'multipart/form-data': { schema: {} } } } as unknown as ReturnType<typeof Type.Unknown>,
      response: { 200: Saved, ...errorReplies },
    }), async (request) => {
    const q = request.query;
    const user = currentUser(request);
    const application = loadedApplication(request);
    const file = await multipartFile(request);
    const row = await addDocument(
      { db: app.db, store: app.files, user, app: application },
      { source: file.file, name: q.filename ?? file.filename, declaredMime: file.mimetype },
      { docType: q.docType ?? 'NIC', applicantId: q.applicantId, fieldKey: 'nic' },
      { kind: 'NIC', source: 'NIC', allowed: ['image', 'pdf'], anyApplicant: !isStaff(user), detail: q.filePath ? { filePath: q.filePath } : {} },
    );
    return { code: '200' as const, message: 'Identity card stored', data: viewOf(row, applicantsOf(application)) };
  });
};
export default documentPdf;
