import type { DocumentsTab, DocumentView } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import { applicantsOf, type ApplicantRef } from './applicants';
import { requestedDocuments } from './requested';
import { currentDocuments, versionsOf, type DocumentRow } from './rows';

export type { DocumentView };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function viewOf(row: DocumentRow, applicants: ApplicantRef[] = []): DocumentView {
  return {
    fileId: row.file_id, docId: row.doc_id, version: row.version, name: row.name, type: row.mime, size: row.size, sha256: row.sha256,
    kind: row.kind, source: row.source, fieldKey: row.field_key, docType: row.doc_type, applicantId: row.applicant_id,
    applicantType: applicants.find((a) => a.applicantId === row.applicant_id)?.type ?? null,
    issueDate: row.issue_date, expiryDate: row.expiry_date, verifiedBy: row.verified_by, verifiedAt: iso(row.verified_at),
    uploadedBy: row.uploaded_by, createdAt: iso(row.created_at)!, current: !row.superseded_by,
  };
}

/**
 * The documents tab: the applicants, each live document's current version and its older versions, and the documents
 * requested from the applicants and not received yet (requested.ts).
 */
export async function documentsTab(q: Queryable, app: ApplicationRow): Promise<DocumentsTab> {
  const applicants = applicantsOf(app);
  const current = await currentDocuments(q, app.application_id);
  const all = await versionsOf(q, app.application_id, current.filter((r) => r.version > 1).map((r) => r.doc_id));
  return {
    applicants,
    documents: current.map((r) => ({ ...viewOf(r, applicants), history: all.filter((v) => v.doc_id === r.doc_id && v.file_id !== r.file_id).map((v) => viewOf(v, applicants)) })),
    requested: await requestedDocuments(q, app, applicants, current),
  };
}
