import { Type } from '@sinclair/typebox';
import { PDF_LANGUAGES } from '../../domain/documents/pdf/templates';

export const FileId = Type.String({ minLength: 3, maxLength: 40, pattern: '^F-[0-9a-f]{8,36}$', description: 'A document version (fileId)' });
export const DocType = Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_ .()/-]+$', description: 'Document type (PAN, AADHAAR, SALARY_SLIP…)' });
export const ApplicantId = Type.String({ minLength: 1, maxLength: 60, description: 'An applicant of the application (primary, co-applicant, guarantor)' });
export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, description: 'YYYY-MM-DD' });
export const Reason = Type.String({ minLength: 1, maxLength: 500, description: 'Why (kept for audit)' });
export const Lang = Type.Union(PDF_LANGUAGES.map((l) => Type.Literal(l)), { description: 'Language of the document (en when absent)' });

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const DocumentView = Type.Object({
  fileId: Type.String(),
  docId: Type.String({ description: 'The document every version belongs to' }),
  version: Type.Integer(),
  name: Type.String(),
  type: Type.String({ description: 'MIME type found in the bytes' }),
  size: Type.Integer({ description: 'Bytes' }),
  sha256: Nullable(Type.String()),
  kind: Type.String(),
  source: Type.String({ description: 'PORTAL, STAFF, COPY, MERGE, GENERATED, NIC' }),
  fieldKey: Type.String(),
  docType: Nullable(Type.String()),
  applicantId: Nullable(Type.String()),
  applicantType: Nullable(Type.String()),
  issueDate: Nullable(Type.String()),
  expiryDate: Nullable(Type.String()),
  verifiedBy: Nullable(Type.String()),
  verifiedAt: Nullable(Type.String()),
  uploadedBy: Type.String(),
  createdAt: Type.String(),
  current: Type.Boolean({ description: 'false for an older version' }),
});

/** A document asked for and not received yet (domain/documents/requested.ts). */
export const RequestedView = Type.Object({
  fieldKey: Type.String({ description: 'The file-upload field asked for' }),
  label: Type.String(),
  applicantId: Type.String(),
  applicantType: Type.String(),
  via: Type.Union([Type.Literal('REQUEST_FOR_INFORMATION'), Type.Literal('UPLOAD_LINK')], { description: 'A query\'s request for information, or the applicant\'s own request for an upload link (fileUploadHub requestSent)' }),
  requestedBy: Type.String(),
  requestedAt: Nullable(Type.String()),
  subTaskId: Nullable(Type.String({ description: 'The query of a request for information' })),
  message: Nullable(Type.String()),
});

/** §8: a save answers code '200'; 'resubmission' (the same bytes again) changes nothing and the client ignores it. */
export const Saved = Type.Object({
  code: Type.Union([Type.Literal('200'), Type.Literal('resubmission')]),
  message: Type.String(),
  data: DocumentView,
});

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const Cells = (max: number) => Type.Array(Type.String({ maxLength: 300 }), { maxItems: max });
export const TemplateBlock = Type.Union([
  Type.Object({ type: Type.Literal('title'), text: Text(300) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('heading'), text: Text(300) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('paragraph'), text: Text(3000) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('space'), height: Type.Integer({ minimum: 1, maximum: 400 }) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('facts'), rows: Type.Array(Type.Tuple([Type.String({ maxLength: 300 }), Type.String({ maxLength: 300 })]), { maxItems: 60 }) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('table'), head: Cells(8), rows: Type.Array(Cells(8), { maxItems: 200 }) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('emiSchedule'), head: Type.Array(Type.String({ maxLength: 60 }), { maxItems: 5, description: 'Month, EMI, principal, interest, balance (all five)' }) }, { additionalProperties: false }),
]);
