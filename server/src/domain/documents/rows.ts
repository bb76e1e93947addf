import type { Queryable } from '../../db/db';
import { notFound } from '../errors';

/** A documents row (030 + 052): one stored version of a document. */
export interface DocumentRow {
  file_id: string;
  doc_id: string;
  version: number;
  superseded_by: string | null;
  application_id: string;
  applicant_id: string | null;
  field_key: string;
  kind: 'DOCUMENT' | 'SIGNATURE' | 'NIC' | 'GENERATED';
  source: 'PORTAL' | 'STAFF' | 'COPY' | 'MERGE' | 'GENERATED' | 'NIC';
  name: string;
  mime: string;
  size: number;
  sha256: string | null;
  path: string;
  storage: 'disk' | 's3';
  doc_type: string | null;
  issue_date: string | null;
  expiry_date: string | null;
  verified_by: string | null;
  verified_at: Date | null;
  uploaded_by: string;
  created_at: Date;
  deleted_at: Date | null;
  deleted_by: string | null;
  delete_reason: string | null;
}

export type NewDocument = Pick<DocumentRow, 'file_id' | 'doc_id' | 'version' | 'application_id' | 'field_key' | 'kind' | 'source' | 'name' | 'mime' | 'size' | 'path' | 'storage' | 'uploaded_by'> &
  Partial<Pick<DocumentRow, 'applicant_id' | 'sha256' | 'doc_type' | 'issue_date' | 'expiry_date'>>;

const COLUMNS = `file_id, doc_id, version, superseded_by, application_id, applicant_id, field_key, kind, source, name, mime, size, sha256, path, storage,
  doc_type, to_char(issue_date, 'YYYY-MM-DD') AS issue_date, to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date, verified_by, verified_at,
  uploaded_by, created_at, deleted_at, deleted_by, delete_reason`;

export async function insertDocument(q: Queryable, d: NewDocument): Promise<void> {
  await q.query(
    `INSERT INTO documents (file_id, doc_id, version, application_id, applicant_id, field_key, kind, source, name, mime, size, sha256, path, storage, doc_type, issue_date, expiry_date, uploaded_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18)`,
    [d.file_id, d.doc_id, d.version, d.application_id, d.applicant_id ?? null, d.field_key, d.kind, d.source, d.name, d.mime, d.size, d.sha256 ?? null, d.path, d.storage,
      d.doc_type ?? null, d.issue_date ?? null, d.expiry_date ?? null, d.uploaded_by],
  );
}

/** A row of this application by file id (any version, not deleted), or the neutral 404. */
export async function documentOf(q: Queryable, applicationId: string, fileId: string, opts: { lock?: boolean; current?: boolean } = {}): Promise<DocumentRow> {
  const { rows } = await q.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents WHERE application_id = $1 AND file_id = $2 AND deleted_at IS NULL${opts.lock ? ' FOR UPDATE' : ''}`,
    [applicationId, fileId],
  );
  const row = rows[0];
  if (!row) throw notFound('fileId', 'Document not found');
  if (opts.current && row.superseded_by) throw notFound('fileId', 'This is an older version: act on the current one');
  return row;
}

/** The current version of every live document of the application, oldest first. */
export async function currentDocuments(q: Queryable, applicationId: string): Promise<DocumentRow[]> {
  const { rows } = await q.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents WHERE application_id = $1 AND deleted_at IS NULL AND superseded_by IS NULL ORDER BY created_at, file_id`,
    [applicationId],
  );
  return rows;
}

/** Every version of the documents given, newest first per document. */
export async function versionsOf(q: Queryable, applicationId: string, docIds: string[]): Promise<DocumentRow[]> {
  if (!docIds.length) return [];
  const { rows } = await q.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents WHERE application_id = $1 AND doc_id = ANY($2::text[]) AND deleted_at IS NULL ORDER BY doc_id, version DESC`,
    [applicationId, docIds],
  );
  return rows;
}

export async function supersede(q: Queryable, fileId: string, by: string): Promise<void> {
  await q.query(`UPDATE documents SET superseded_by = $2 WHERE file_id = $1`, [fileId, by]);
}

export interface MetadataChange {
  doc_type?: string | null;
  applicant_id?: string | null;
  issue_date?: string | null;
  expiry_date?: string | null;
  /** true: the caller verified it now; false: the mark is removed. */
  verified?: boolean;
}

/** Applies the given metadata fields (absent = unchanged) to the row; returns the row as it was and as it is. */
export async function setMetadata(q: Queryable, row: DocumentRow, change: MetadataChange, userName: string, now: Date): Promise<DocumentRow> {
  const sets: string[] = [];
  const values: unknown[] = [row.file_id];
  const put = (col: string, v: unknown) => {
    values.push(v);
    sets.push(`${col} = $${values.length}`);
  };
  for (const col of ['doc_type', 'applicant_id', 'issue_date', 'expiry_date'] as const) if (change[col] !== undefined) put(col, change[col]);
  if (change.verified === true) {
    put('verified_by', userName);
    put('verified_at', now);
  } else if (change.verified === false) {
    put('verified_by', null);
    put('verified_at', null);
  }
  if (sets.length) await q.query(`UPDATE documents SET ${sets.join(', ')} WHERE file_id = $1`, values);
  const { rows } = await q.query<DocumentRow>(`SELECT ${COLUMNS} FROM documents WHERE file_id = $1`, [row.file_id]);
  return rows[0];
}

/** Hides every version of the document (kept for audit, with who, when and why). */
export async function markDeleted(q: Queryable, docId: string, userName: string, reason: string, now: Date): Promise<number> {
  const { rows } = await q.query<{ file_id: string }>(
    `UPDATE documents SET deleted_at = $2, deleted_by = $3, delete_reason = $4 WHERE doc_id = $1 AND deleted_at IS NULL RETURNING file_id`,
    [docId, now, userName, reason],
  );
  return rows.length;
}
