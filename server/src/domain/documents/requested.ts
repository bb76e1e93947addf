import type { RequestedDocument, FileUploadHubValue } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import { requestableFields } from '../queries/requestable-fields';
import type { ApplicantRef } from './applicants';
import type { DocumentRow } from './rows';

/**
 * A document asked for and not received yet: the documents tab shows it as a placeholder in its applicant's group
 * ("Requested — not received", who asked and when) until the applicant uploads it.
 * - REQUEST_FOR_INFORMATION: an officer asked for a file-upload field through a query's request for information
 *   (info_requests, 043); it stands while the request is unanswered and its query open. The applicant's answer stores
 *   the files and closes the request in one transaction, so the placeholder becomes the document at once.
 * - UPLOAD_LINK: in the portal's upload hub (fileUploadHub, documentCollectionMode REQUEST) the applicant chose to be
 *   sent a link and upload later (requestSent); it stands until the field holds a document or a live document of that
 *   field and applicant was uploaded since (a portal upload is stored before the page saves the field).
 */
export type { RequestedDocument };

interface OpenRequest {
  sub_task_id: string;
  documents: string[];
  message: string;
  created_by: string;
  created_at: Date;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

function hubValues(app: ApplicationRow, applicant: ApplicantRef): Record<string, unknown> {
  if (applicant.type === 'primary') return app.custom_fields ?? {};
  const list = Array.isArray(app.doc?.applicant) ? (app.doc.applicant as { applicantId?: string; values?: Record<string, unknown> }[]) : [];
  return list.find((a) => a?.applicantId === applicant.applicantId)?.values ?? {};
}

const isHub = (v: unknown): v is FileUploadHubValue => !!v && typeof v === 'object' && Array.isArray((v as FileUploadHubValue).uploadedDocuments);

/** The placeholders of the application, in applicant order, then by when they were asked for. */
export async function requestedDocuments(q: Queryable, app: ApplicationRow, applicants: ApplicantRef[], documents: DocumentRow[]): Promise<RequestedDocument[]> {
  const primary = applicants.find((a) => a.type === 'primary') ?? applicants[0];
  const { rows: open } = await q.query<OpenRequest>(
    `SELECT r.sub_task_id::text, r.documents, r.message, r.created_by, r.created_at
       FROM info_requests r JOIN sub_tasks s ON s.id = r.sub_task_id
      WHERE r.application_id = $1 AND r.answered_at IS NULL AND s.status = 'OPEN' AND jsonb_array_length(r.documents) > 0
      ORDER BY r.id`,
    [app.application_id],
  );

  // Upload-hub fields whose applicant asked for a link and has not uploaded yet.
  const links: { applicant: ApplicantRef; key: string; audit: string }[] = [];
  for (const applicant of applicants) {
    for (const [key, v] of Object.entries(hubValues(app, applicant))) {
      if (!isHub(v) || v.requestSent !== true || v.uploadedDocuments.length) continue;
      links.push({ applicant, key, audit: applicant.type === 'primary' ? `customFields.${key}` : `applicant.${applicant.applicantId}.${key}` });
    }
  }
  if (!open.length && !links.length) return [];

  // When the link was asked for: the audit row of the save that set requestSent (the form keeps no time of its own).
  const asked = new Map<string, Date>();
  if (links.length) {
    const { rows } = await q.query<{ field_key: string; at: Date }>(
      `SELECT DISTINCT ON (field_key) field_key, at FROM audits
        WHERE application_id = $1 AND field_key = ANY($2::text[]) AND new_value ->> 'requestSent' = 'true'
        ORDER BY field_key, id DESC`,
      [app.application_id, links.map((l) => l.audit)],
    );
    for (const r of rows) asked.set(r.field_key, new Date(r.at));
  }
  const labels = new Map((await requestableFields(q, app)).documents.map((d) => [d.key, d.label]));
  const label = (key: string) => labels.get(key) ?? key;

  const out: RequestedDocument[] = [];
  for (const r of open) {
    for (const key of r.documents) {
      out.push({
        fieldKey: key, label: label(key), applicantId: primary.applicantId, applicantType: primary.type, via: 'REQUEST_FOR_INFORMATION',
        requestedBy: r.created_by, requestedAt: iso(r.created_at), subTaskId: r.sub_task_id, message: r.message,
      });
    }
  }
  for (const l of links) {
    const at = asked.get(l.audit) ?? null;
    const mine = (d: DocumentRow) => d.field_key === l.key && (d.applicant_id === l.applicant.applicantId || (d.applicant_id === null && l.applicant.type === 'primary'));
    if (documents.some((d) => mine(d) && (!at || new Date(d.created_at) >= at))) continue;
    out.push({
      fieldKey: l.key, label: label(l.key), applicantId: l.applicant.applicantId, applicantType: l.applicant.type, via: 'UPLOAD_LINK',
      requestedBy: `${l.applicant.name} (applicant)`, requestedAt: iso(at), subTaskId: null, message: null,
    });
  }
  const order = new Map(applicants.map((a, i) => [a.applicantId, i]));
  return out.sort((a, b) => (order.get(a.applicantId) ?? 0) - (order.get(b.applicantId) ?? 0) || (a.requestedAt ?? '').localeCompare(b.requestedAt ?? ''));
}
