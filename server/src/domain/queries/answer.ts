import type { FieldConfig, FileUploadHubValue, UploadedDocument } from '@lendline/shared/contract';
import { fieldLabel, validateValues } from '@lendline/shared/contract';
import type { Db, Queryable } from '../../db/db';
import { isStaff, type CurrentUser } from '../current-user';
import { forbidden, refused, refusedMany } from '../errors';
import { writeAudits, type FieldChange } from '../applications/audit';
import { notify } from '../applications/notify';
import { findApplication, type ApplicationRow } from '../applications/row';
import { publishNotifications } from '../notifications/bus';
import type { NotificationRow } from '../notifications/notifications';
import { applicantsOf } from '../documents/applicants';
import { prepareDocument, type PreparedDocument } from '../documents/changes';
import type { BlobStore } from '../documents/storage';
import type { SubTaskRow } from '../tasks/sub-task-row';
import { hashSecret, linkRefused } from './link';
import { requestableFields } from './requestable-fields';
import type { InfoRequestRow } from './request-info';
import { resumeTaskSlaIfIdle } from './sla-pause';
import { insertWorklog } from '../tasks/worklog-text';

/**
 * The applicant's side of a request for information: the link's secret (requestForInfoId) is the credential. It
 * opens one request of one application — only the fields and documents asked for — until it expires, is answered,
 * is replaced by a new send, or its query is closed; every other case is the one neutral refusal (link.ts).
 */

interface Opened {
  req: InfoRequestRow;
  query: SubTaskRow;
  app: ApplicationRow;
}

async function openRequest(q: Queryable, applicationId: string, secret: string, now: Date, lock: boolean): Promise<Opened> {
  const { rows } = await q.query<InfoRequestRow>(`SELECT * FROM info_requests WHERE token_hash = $1${lock ? ' FOR UPDATE' : ''}`, [hashSecret(secret)]);
  const req = rows[0];
  if (!req || req.application_id !== applicationId || req.answered_at || new Date(req.expires_at).getTime() <= now.getTime()) throw linkRefused();
  const { rows: qs } = await q.query<SubTaskRow>(`SELECT * FROM sub_tasks WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [req.sub_task_id]);
  const app = await findApplication(q, applicationId, lock);
  if (!qs[0] || qs[0].status !== 'OPEN' || app.status !== 'ACTIVE') throw linkRefused();
  return { req, query: qs[0], app };
}

/** The configs of what was asked, each required: the request asks for it, so an empty answer does not resolve it. */
async function askedConfigs(q: Queryable, o: Opened): Promise<{ fields: FieldConfig[]; documents: FieldConfig[] }> {
  const offer = await requestableFields(q, o.app);
  const pick = (list: { key: string; config: FieldConfig }[], keys: string[]) =>
    keys.flatMap((k) => list.filter((f) => f.key === k)).map(({ config }) => ({
      ...config,
      field_type_details: { ...config.field_type_details!, mandatory: true },
    }));
  return { fields: pick(offer.fields, o.req.fields), documents: pick(offer.documents, o.req.documents) };
}

const applicantName = (app: ApplicationRow) => app.applicant_name?.trim() || 'the applicant';
/** Who the audit names: the applicant, not the portal's shared customer account. */
export const applicantLabel = (app: ApplicationRow) => `${applicantName(app)} (applicant)`;

/** GET /v3/queries/fetchFieldsForReqInfo/{requestForInfoId}: what the applicant's page shows, pre-filled. */
export async function fieldsForRequest(db: Db, user: CurrentUser, applicationId: string, secret: string, now = new Date()) {
  const o = await openRequest(db, applicationId, secret, now, false);
  const asked = await askedConfigs(db, o);
  const values: Record<string, unknown> = {};
  for (const f of [...asked.fields, ...asked.documents]) if (o.app.custom_fields[f.key] !== undefined) values[f.key] = o.app.custom_fields[f.key];
  return {
    application_id: o.app.application_id,
    applicantFirstName: String((o.app.doc.applicant as { type?: string; firstName?: string }[] | undefined)?.find((a) => a.type === 'primary')?.firstName ?? ''),
    message: o.req.message,
    expiresAt: new Date(o.req.expires_at).toISOString(),
    fields: asked.fields,
    documents: asked.documents,
    values,
    viewedBy: isStaff(user) ? user.userName : null,
  };
}

export interface AnswerFile {
  fieldKey: string;
  fileName: string;
  type: string;
  /** base64 */
  content: string;
}

/**
 * POST /v3/queries/updateAndResolveQuery: the applicant's answers land on the application (validated with the same
 * form engine as the portal, each change audited in the applicant's name), the documents are stored, the query is
 * resolved, the SLA clock runs again and the officer who asked is notified (pushed after the commit). One
 * transaction: a refused answer writes nothing and leaves the link usable.
 */
export async function answerRequest(
  db: Db,
  store: BlobStore,
  user: CurrentUser,
  input: { application_id: string; requestForInfoId: string; values: Record<string, unknown>; files: AnswerFile[] },
  now = new Date(),
) {
  if (isStaff(user)) throw forbidden('requestForInfoId', 'Only the applicant answers a request for information');
  let written: NotificationRow[] = [];
  // Files are stored before their rows are written in this transaction; if it fails they are removed again.
  const prepared: PreparedDocument[] = [];
  const result = await db.transaction(async (tx) => {
    const o = await openRequest(tx, input.application_id, input.requestForInfoId, now, true);
    const asked = await askedConfigs(tx, o);
    const askedKeys = new Set([...asked.fields, ...asked.documents].map((f) => f.key));
    const extra = [...Object.keys(input.values), ...input.files.map((f) => f.fieldKey)].filter((k) => !askedKeys.has(k));
    if (extra.length) throw refused(extra[0], 'was not asked for');
    const docKeys = new Set(asked.documents.map((f) => f.key));
    const answerValues = Object.fromEntries(Object.entries(input.values).filter(([k]) => !docKeys.has(k)));

    // Fields first (no file is stored for an answer that is refused anyway).
    const fieldIssues = validateValues(asked.fields, answerValues);
    if (fieldIssues.length) throw refusedMany(fieldIssues.map((i) => ({ label: i.label, reason: i.reason })));
    const who = applicantLabel(o.app);
    const docs: Record<string, FileUploadHubValue> = {};
    const primary = applicantsOf(o.app).find((a) => a.type === 'primary')!.applicantId;
    for (const d of asked.documents) {
      const before = (o.app.custom_fields[d.key] as FileUploadHubValue | undefined)?.uploadedDocuments ?? [];
      const added: UploadedDocument[] = [];
      for (const f of input.files.filter((x) => x.fieldKey === d.key)) {
        if (!/^[A-Za-z0-9+/=]*$/.test(f.content)) throw refused(f.fileName, 'must be base64');
        const doc = await prepareDocument(
          { store, user: { ...user, userName: who }, app: o.app, now },
          { source: Buffer.from(f.content, 'base64'), name: f.fileName, declaredMime: f.type },
          // The request went to the primary applicant: their files are filed under them (where the tab showed them as requested).
          { fieldKey: d.key, applicantId: primary },
          { kind: 'DOCUMENT', source: 'PORTAL', anyApplicant: true, allowed: d.field_type_details?.allowed_file_types },
        );
        prepared.push(doc);
        const row = await doc.record(tx);
        added.push({ fileId: row.file_id, name: row.name, size: Number(row.size), type: row.mime });
      }
      // The request asks for new documents: what was there before does not answer it.
      if (!added.length) throw refusedMany([{ label: fieldLabel(d), reason: 'This field is required' }]);
      docs[d.key] = { ...((o.app.custom_fields[d.key] as FileUploadHubValue | undefined) ?? {}), uploadedDocuments: [...before, ...added] };
    }

    const custom = { ...o.app.custom_fields };
    const changes: FieldChange[] = [];
    for (const [k, v] of Object.entries({ ...answerValues, ...docs })) {
      if (JSON.stringify(custom[k]) !== JSON.stringify(v)) changes.push({ key: `customFields.${k}`, old: custom[k] ?? null, new: v });
      custom[k] = v;
    }
    await tx.query(`UPDATE applications SET custom_fields = $2, ver_num = ver_num + 1, mod_time = $3 WHERE application_id = $1`, [o.app.application_id, JSON.stringify(custom), now]);
    // The fields by the flow's labels ("Monthly income"), as the officer reads them, not their keys.
    const thread = [...(o.query.body.comments ?? []), { by: who, at: now.toISOString(), text: `Answered: ${[...asked.fields, ...asked.documents].map((f) => f.label || f.key).join(', ')}` }];
    await tx.query(`UPDATE sub_tasks SET status = 'CLOSED', closed_at = $2, body = $3 WHERE id = $1`, [o.query.id, now, JSON.stringify({ ...o.query.body, comments: thread, closedBy: who })]);
    await tx.query(`UPDATE info_requests SET answered_at = $2, answered_by = $3 WHERE id = $1`, [o.req.id, now, who]);
    const resumedMins = await resumeTaskSlaIfIdle(tx, o.app.application_id, o.app.cur_task_id, o.query.task_id, now);
    changes.push({ key: `query.${o.query.id}.status`, old: 'OPEN', new: 'CLOSED' });
    await writeAudits(tx, o.app.application_id, 'updateAndResolveQuery', who, now, changes, { subTaskId: String(o.query.id) });
    // The query by its subject, as the officer raised it (its number means nothing to a reader).
    await insertWorklog(tx, {
      applicationId: o.app.application_id, taskId: o.query.task_id, userId: who, action: 'updateAndResolveQuery', at: now,
      text: { key: 'queryAnsweredLog', params: { subject: o.query.body.subject ?? '' } },
    });
    written = await notify(tx, o.app.application_id, who, [
      { user: o.query.raised_by, type: 'ASSIGNED', event: 'AssignedQueriesToUser', message: `${who} answered your request for information on ${o.app.application_id}` },
    ], now);
    return { application_id: o.app.application_id, subTaskId: String(o.query.id), resolved: true, updated: changes.filter((c) => c.key.startsWith('customFields.')).map((c) => c.key.slice(13)), slaPausedMins: resumedMins };
  }).catch(async (e: unknown) => {
    await Promise.all(prepared.map((d) => d.discard()));
    throw e;
  });
  publishNotifications(db, written);
  return result;
}
