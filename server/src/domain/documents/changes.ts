import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MAX_FILE_SIZE_BYTES } from '@lendline/shared/contract';
import type { Db, Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import type { CurrentUser } from '../current-user';
import { refused } from '../errors';
import { assertApplicant } from './applicants';
import { acceptUpload, type Accepted } from './intake';
import { discard } from './storage/staging';
import { mergeToPdf } from './merge';
import { generateFromTemplate, type PdfLanguage } from './pdf/templates';
import { readVerified } from './read';
import { recordDocumentChange } from './record';
import type { Worklog } from '../tasks/worklog-text';
import { documentOf, insertDocument, markDeleted, setMetadata, supersede, type DocumentRow, type MetadataChange, type NewDocument } from './rows';
import type { BlobStore } from './storage';

export const newFileId = () => `F-${randomBytes(12).toString('hex')}`;
export const keyOf = (fileId: string) => `files/${fileId}`;

interface Ctx {
  db: Db;
  store: BlobStore;
  user: CurrentUser;
  app: ApplicationRow;
  now?: Date;
}

/**
 * Bytes first, row second: the accepted file is put into the store under a fresh key, then the row (and its audit
 * and worklog) is written in one transaction; if that transaction fails the stored bytes are removed again. So no
 * row ever points at missing bytes, and a failed write leaves no file behind.
 */
async function storeThenRecord<T>(ctx: Ctx, accepted: Accepted, fileId: string, record: (tx: Queryable, key: string) => Promise<T>): Promise<T> {
  const key = keyOf(fileId);
  await ctx.store.put(key, accepted.staged.path, accepted.staged.size);
  try {
    return await ctx.db.transaction((tx) => record(tx, key));
  } catch (e) {
    await ctx.store.remove(key).catch(() => undefined);
    throw e;
  }
}

const rowOf = (ctx: Omit<Ctx, 'db'>, a: Accepted, fileId: string, key: string, extra: Partial<NewDocument> & Pick<NewDocument, 'kind' | 'source' | 'field_key'>): NewDocument => ({
  file_id: fileId, doc_id: fileId, version: 1, application_id: ctx.app.application_id, name: a.name, mime: a.mime, size: a.staged.size,
  sha256: a.staged.sha256, path: key, storage: ctx.store.kind, uploaded_by: ctx.user.userName, ...extra,
});

export interface UploadMeta {
  docType?: string;
  applicantId?: string;
  fieldKey?: string;
  issueDate?: string;
  expiryDate?: string;
}

type AddHow = { kind?: NewDocument['kind']; source?: NewDocument['source']; allowed?: Parameters<typeof acceptUpload>[1]['allowed']; action?: string; comment?: Worklog; detail?: Record<string, unknown>; anyApplicant?: boolean };

/** A document stored but not yet recorded: `record` writes its row, audit and worklog in the caller's transaction. */
export interface PreparedDocument {
  record(tx: Queryable): Promise<DocumentRow>;
  /** Removes the stored bytes: for the caller whose transaction failed (no file without a row). */
  discard(): Promise<void>;
}

/**
 * The first half of addDocument for callers that record the document inside a transaction of their own (an
 * applicant's answer to a request for information writes its values, its files and the query's resolution at
 * once): the upload is checked and its bytes put into the store under a fresh key now.
 */
export async function prepareDocument(ctx: Omit<Ctx, 'db'>, upload: { source: Readable | Buffer; name: string; declaredMime?: string }, meta: UploadMeta, how: AddHow = {}): Promise<PreparedDocument> {
  // The portal names its applicants by the ids it created (doc.applicant may not list them yet): not checked there.
  if (!how.anyApplicant) assertApplicant(ctx.app, meta.applicantId);
  checkDates(meta.issueDate, meta.expiryDate);
  const accepted = await acceptUpload(ctx.store, { ...upload, allowed: how.allowed });
  const fileId = newFileId();
  const key = keyOf(fileId);
  const now = ctx.now ?? new Date();
  await ctx.store.put(key, accepted.staged.path, accepted.staged.size);
  return {
    async record(tx) {
      await insertDocument(tx, rowOf(ctx, accepted, fileId, key, {
        kind: how.kind ?? 'DOCUMENT', source: how.source ?? 'STAFF', field_key: meta.fieldKey ?? 'documents', applicant_id: meta.applicantId ?? null,
        doc_type: meta.docType ?? null, issue_date: meta.issueDate ?? null, expiry_date: meta.expiryDate ?? null,
      }));
      await recordDocumentChange(tx, { applicationId: ctx.app.application_id, taskId: ctx.app.cur_task_id, userName: ctx.user.userName, action: how.action ?? 'DOCUMENT_UPLOADED', comment: how.comment ?? (meta.docType ? { key: 'documentUploadedAs', params: { name: accepted.name, docType: meta.docType } } : { key: 'documentUploaded', params: { name: accepted.name } }), detail: { fileId, name: accepted.name, size: accepted.staged.size, sha256: accepted.staged.sha256, ...how.detail }, now });
      return documentOf(tx, ctx.app.application_id, fileId);
    },
    discard: () => ctx.store.remove(key).catch(() => undefined),
  };
}

/** A new document from an upload (the staff tab, the portal, an identity card): checked, stored, recorded. */
export async function addDocument(ctx: Ctx, upload: { source: Readable | Buffer; name: string; declaredMime?: string }, meta: UploadMeta, how: AddHow = {}): Promise<DocumentRow> {
  const prepared = await prepareDocument(ctx, upload, meta, how);
  try {
    return await ctx.db.transaction((tx) => prepared.record(tx));
  } catch (e) {
    await prepared.discard();
    throw e;
  }
}

/**
 * updateDocument: a new version of a document. The new row takes the next version number of the same doc_id and
 * keeps the metadata; the old row is marked superseded (still readable by its fileId, listed in the history).
 */
export async function newVersion(ctx: Ctx, fileId: string, upload: { source: Readable | Buffer; name: string; declaredMime?: string }): Promise<{ row: DocumentRow; resubmission: boolean }> {
  const before = await documentOf(ctx.db, ctx.app.application_id, fileId, { current: true });
  const accepted = await acceptUpload(ctx.store, upload);
  // The same bytes again (a double submit, a retry): no new version, and §8's 'resubmission' tells the client so.
  if (before.sha256 && accepted.staged.sha256 === before.sha256) {
    await discard(accepted.staged.path);
    return { row: before, resubmission: true };
  }
  const nextId = newFileId();
  const now = ctx.now ?? new Date();
  return storeThenRecord(ctx, accepted, nextId, async (tx, key) => {
    // Locked and checked again inside the transaction: two replacements at once make two versions in turn, or a 404.
    const old = await documentOf(tx, ctx.app.application_id, fileId, { lock: true, current: true });
    await insertDocument(tx, rowOf(ctx, accepted, nextId, key, {
      doc_id: old.doc_id, version: old.version + 1, kind: old.kind, source: 'STAFF', field_key: old.field_key, applicant_id: old.applicant_id,
      doc_type: old.doc_type, issue_date: old.issue_date, expiry_date: old.expiry_date,
    }));
    await supersede(tx, old.file_id, nextId);
    await recordDocumentChange(tx, { applicationId: ctx.app.application_id, taskId: ctx.app.cur_task_id, userName: ctx.user.userName, action: 'DOCUMENT_VERSION', comment: { key: 'documentReplaced', params: { old: before.name, name: accepted.name, version: old.version + 1 } }, detail: { fileId: nextId, replaces: old.file_id, docId: old.doc_id, version: old.version + 1 }, now });
    return { row: await documentOf(tx, ctx.app.application_id, nextId), resubmission: false };
  });
}

function checkDates(issue?: string | null, expiry?: string | null) {
  for (const [label, v] of [['issueDate', issue], ['expiryDate', expiry]] as const) {
    if (v && (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)) || new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) !== v)) {
      throw refused(label, 'must be a date YYYY-MM-DD');
    }
  }
  if (issue && expiry && expiry < issue) throw refused('expiryDate', 'must not be before the issue date');
}

/** document/updatemetadata: type, applicant, issue/expiry date, verified (by the caller, now). */
export async function updateMetadata(ctx: Omit<Ctx, 'store'>, fileId: string, change: MetadataChange): Promise<DocumentRow> {
  assertApplicant(ctx.app, change.applicant_id);
  const now = ctx.now ?? new Date();
  return ctx.db.transaction(async (tx) => {
    const row = await documentOf(tx, ctx.app.application_id, fileId, { lock: true, current: true });
    checkDates(change.issue_date === undefined ? row.issue_date : change.issue_date, change.expiry_date === undefined ? row.expiry_date : change.expiry_date);
    const after = await setMetadata(tx, row, change, ctx.user.userName, now);
    const changed = (['doc_type', 'applicant_id', 'issue_date', 'expiry_date', 'verified_by'] as const).filter((k) => row[k] !== after[k]);
    await recordDocumentChange(tx, { applicationId: ctx.app.application_id, taskId: ctx.app.cur_task_id, userName: ctx.user.userName, action: 'DOCUMENT_METADATA', comment: changed.length ? { key: 'documentEditedLog', params: { name: row.name, fields: changed.join(',') }, terms: { fields: 'documentField' } } : { key: 'documentEditedNothingLog', params: { name: row.name } }, detail: { fileId, changed: Object.fromEntries(changed.map((k) => [k, { old: row[k], new: after[k] }])) }, now });
    return after;
  });
}

/**
 * copyFile: the document filed again for another applicant of the same application (a shared address proof…). The
 * copy is a new document that shares the stored bytes (stored files are immutable, so nothing is duplicated).
 */
export async function copyDocument(ctx: Omit<Ctx, 'store'>, fileId: string, to: { applicantId?: string | null; docType?: string | null }): Promise<DocumentRow> {
  assertApplicant(ctx.app, to.applicantId, 'toApplicantId');
  const now = ctx.now ?? new Date();
  return ctx.db.transaction(async (tx) => {
    const src = await documentOf(tx, ctx.app.application_id, fileId);
    const copyId = newFileId();
    await insertDocument(tx, {
      file_id: copyId, doc_id: copyId, version: 1, application_id: src.application_id, applicant_id: to.applicantId === undefined ? src.applicant_id : to.applicantId,
      field_key: src.field_key, kind: src.kind === 'SIGNATURE' ? 'DOCUMENT' : src.kind, source: 'COPY', name: src.name, mime: src.mime, size: src.size, sha256: src.sha256,
      path: src.path, storage: src.storage, doc_type: to.docType === undefined ? src.doc_type : to.docType, issue_date: src.issue_date, expiry_date: src.expiry_date, uploaded_by: ctx.user.userName,
    });
    await recordDocumentChange(tx, { applicationId: ctx.app.application_id, taskId: ctx.app.cur_task_id, userName: ctx.user.userName, action: 'DOCUMENT_COPIED', comment: to.applicantId ? { key: 'documentCopiedTo', params: { name: src.name, applicant: to.applicantId } } : { key: 'documentCopied', params: { name: src.name } }, detail: { fileId: copyId, from: src.file_id, applicantId: to.applicantId ?? null }, now });
    return documentOf(tx, ctx.app.application_id, copyId);
  });
}

/** mergeDocument: the selected documents (PDFs and images, in the order given) as one new PDF document. */
export async function mergeDocuments(ctx: Ctx, fileIds: string[], name: string, meta: UploadMeta = {}): Promise<DocumentRow> {
  if (new Set(fileIds).size !== fileIds.length) throw refused('fileIds', 'must not name a document twice');
  if (fileIds.length < 2) throw refused('fileIds', 'must name at least two documents');
  const rows: DocumentRow[] = [];
  for (const id of fileIds) rows.push(await documentOf(ctx.db, ctx.app.application_id, id));
  const parts = [];
  for (const r of rows) parts.push({ name: r.name, mime: r.mime, bytes: await readVerified(ctx.store, r) });
  const fileName = /\.pdf$/i.test(name) ? name : `${name}.pdf`;
  const pdf = await mergeToPdf(parts, fileName);
  if (pdf.length > MAX_FILE_SIZE_BYTES) throw refused('fileIds', 'The merged PDF would be over 10 MB');
  return addDocument(ctx, { source: pdf, name: fileName, declaredMime: 'application/pdf' }, { applicantId: meta.applicantId ?? rows[0].applicant_id ?? undefined, docType: meta.docType ?? rows[0].doc_type ?? undefined }, {
    source: 'MERGE', allowed: ['pdf'], action: 'DOCUMENT_MERGED', comment: { key: 'documentMerged', params: { names: rows.map((r) => r.name).join(', '), name: fileName } }, detail: { from: fileIds },
  });
}

/** deleteDocument and the removes: every version hidden from the list, kept with who, when and why. */
export async function deleteDocument(ctx: Omit<Ctx, 'store'>, fileId: string, reason: string): Promise<{ fileId: string; versions: number }> {
  const why = reason.trim();
  if (!why) throw refused('reason', 'Say why the document is deleted');
  const now = ctx.now ?? new Date();
  return ctx.db.transaction(async (tx) => {
    const row = await documentOf(tx, ctx.app.application_id, fileId, { lock: true });
    const versions = await markDeleted(tx, row.doc_id, ctx.user.userName, why, now);
    await recordDocumentChange(tx, { applicationId: ctx.app.application_id, taskId: ctx.app.cur_task_id, userName: ctx.user.userName, action: 'DOCUMENT_DELETED', comment: { key: 'documentDeleted', params: { name: row.name, reason: why } }, detail: { fileId, docId: row.doc_id, versions, reason: why }, now });
    return { fileId, versions };
  });
}

/** A generated document's language, named in Hindi in its worklog entry (English keeps the code, as before). */
export const LANGUAGE_NAMES_HI: Record<PdfLanguage, string> = { en: 'अंग्रेज़ी', hi: 'हिन्दी' };

/** generatePDF: a template filled from the application, filed as a GENERATED document. */
export async function generateDocument(ctx: Ctx, templateId: string, lang: PdfLanguage, applicantId?: string): Promise<DocumentRow> {
  const out = await generateFromTemplate(ctx.db, ctx.app, templateId, lang, ctx.now);
  return addDocument(ctx, { source: out.pdf, name: out.fileName, declaredMime: 'application/pdf' }, { applicantId, docType: templateId, fieldKey: 'generated' }, {
    kind: 'GENERATED', source: 'GENERATED', allowed: ['pdf'], action: 'DOCUMENT_GENERATED', comment: { key: 'documentGenerated', params: { name: out.fileName, template: templateId, version: out.template.verNum, lang }, names: { hi: { lang: LANGUAGE_NAMES_HI[lang] } } }, detail: { template: out.template, lang },
  });
}
