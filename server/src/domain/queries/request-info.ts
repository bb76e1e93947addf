import type { Db, Queryable } from '../../db/db';
import type { Notifier } from '../../adapters/notify';
import { hasRole, type CurrentUser } from '../current-user';
import { forbidden, refused } from '../errors';
import { changeApplication, type TaskChange } from '../tasks/change';
import { loadSubTask, subTaskNotFound, toApiSubTask, type QueryBody, type SubTaskRow } from '../tasks/sub-task-row';
import { hashSecret, newSecret, RFI_LINK_VALIDITY_HOURS, rfiLink } from './link';
import { requestableFields } from './requestable-fields';
import { pauseTaskSla } from './sla-pause';
import { NOTIFICATION_LANGUAGES, type NotificationLang } from '../notifications/texts';

export interface RequestInfoInput {
  application_id: string;
  verNum: number;
  fields: string[];
  documents: string[];
  message: string;
}

export interface InfoRequestRow {
  id: string | number;
  application_id: string;
  sub_task_id: string | number;
  task_id: string | null;
  token_hash: string;
  fields: string[];
  documents: string[];
  message: string;
  sent_to: string;
  sends: number;
  created_by: string;
  created_at: Date | string;
  expires_at: Date | string;
  answered_at: Date | string | null;
  answered_by: string | null;
}

export const RFI_SUBJECT = 'Information requested from the applicant';

/** Where the applicant is reached: the application's e-mail, else its mobile (SMS). */
function contactOf(c: TaskChange): { channel: 'EMAIL' | 'SMS'; to: string } {
  if (c.app.email) return { channel: 'EMAIL', to: c.app.email };
  if (c.app.mobile) return { channel: 'SMS', to: c.app.mobile };
  throw refused('application_id', `Application ${c.app.application_id} has no e-mail or mobile to send the link to`);
}

async function assertAskable(c: TaskChange, fields: string[], documents: string[]) {
  if (!fields.length && !documents.length) throw refused('fields', 'Pick at least one field or document to ask the applicant for');
  const offer = await requestableFields(c.tx, c.app);
  const fieldKeys = new Set(offer.fields.map((f) => f.key));
  const docKeys = new Set(offer.documents.map((f) => f.key));
  const bad = [
    ...fields.filter((k) => !fieldKeys.has(k)).map((k) => ({ label: 'fields', reason: `${k} is not a field the applicant can be asked for` })),
    ...documents.filter((k) => !docKeys.has(k)).map((k) => ({ label: 'documents', reason: `${k} is not a document the applicant can be asked for` })),
  ];
  if (bad.length) throw refused(bad[0].label, bad.map((b) => b.reason).join('; '));
}

/**
 * The first request's worklog entry, keyed: the fields and documents asked for by their configured labels (the flow's
 * labels in each language, as the applicant's form shows them), resolved when written; the keys stay in `params`.
 */
async function requestedLog(c: TaskChange, keys: string[]) {
  const names: Partial<Record<NotificationLang, Record<string, string>>> = {};
  for (const lang of NOTIFICATION_LANGUAGES) {
    const offer = await requestableFields(c.tx, c.app, lang);
    const label = new Map([...offer.fields, ...offer.documents].map((f) => [f.key, f.label]));
    names[lang] = { items: keys.map((k) => label.get(k) ?? k).join(', ') };
  }
  return { key: 'infoRequestedLog', params: { items: keys.join(',') }, names };
}

export interface Outgoing {
  channel: 'EMAIL' | 'SMS';
  to: string;
  link: string;
  message: string;
  applicationId: string;
}

/** Sends the link once the change is committed: a rolled-back request never reaches the applicant. */
export async function sendLink(notifier: Notifier, o: Outgoing) {
  return notifier.send({
    channel: o.channel,
    to: o.to,
    subject: `We need a few more details for application ${o.applicationId}`,
    body: `${o.message}\nOpen the link to answer (it works once, for ${RFI_LINK_VALIDITY_HOURS} hours): ${o.link}`,
    link: o.link,
  });
}

/**
 * POST /v3/application/queries/requestInfo: staff ask the applicant for fields and documents of the application.
 * One change (tasks/change.ts: verNum, audit, worklog): a query held by the asking officer (so the application's
 * sub-status is QUERIES and completing the step gives QUERIES_PENDING until it is answered), the request with the
 * link's hashed secret, and the task's SLA clock paused. The link is sent after the commit.
 */
export async function requestInfo(db: Db, notifier: Notifier, user: CurrentUser, input: RequestInfoInput, origin: string, now = new Date()) {
  const fields = [...new Set(input.fields)];
  const documents = [...new Set(input.documents)];
  const secret = newSecret();
  let outgoing: Outgoing | null = null;
  const r = await changeApplication(db, user, input, 'requestInfo', { fields, documents }, async (c) => {
    if (c.app.status !== 'ACTIVE') throw refused('application_id', `Application ${c.app.application_id} is ${c.app.status}; information can be requested only while it is ACTIVE`);
    await assertAskable(c, fields, documents);
    const contact = contactOf(c);
    const body: QueryBody & { requestInfo: true } = { subject: RFI_SUBJECT, description: input.message, fields, documents, comments: [], closedBy: null, requestInfo: true };
    const { rows } = await c.tx.query<SubTaskRow>(
      `INSERT INTO sub_tasks (application_id, task_id, kind, assigned_to, assigned_team, raised_by, body, created_at)
       VALUES ($1,$2,'QUERY',$3,NULL,$3,$4,$5) RETURNING *`,
      [c.app.application_id, c.app.cur_task_id, user.userName, JSON.stringify(body), c.now],
    );
    const q = rows[0];
    await c.tx.query(
      `INSERT INTO info_requests (application_id, sub_task_id, task_id, token_hash, fields, documents, message, sent_to, created_by, created_at, expires_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
      [c.app.application_id, q.id, q.task_id, hashSecret(secret), JSON.stringify(fields), JSON.stringify(documents), input.message, contact.to, user.userName, c.now,
        new Date(c.now.getTime() + RFI_LINK_VALIDITY_HOURS * 3600_000)],
    );
    await pauseTaskSla(c.tx, c.app.application_id, c.app.cur_task_id, q.task_id, c.now);
    c.taskId = q.task_id;
    c.changes.push({ key: `query.${q.id}.status`, old: null, new: 'OPEN' });
    c.worklog = await requestedLog(c, [...fields, ...documents]);
    outgoing = { ...contact, link: rfiLink(origin, c.app.application_id, secret), message: input.message, applicationId: c.app.application_id };
    return { query: toApiSubTask(q), sentTo: contact.to, channel: contact.channel };
  }, now);
  const sent = await sendLink(notifier, outgoing!);
  return { ...r, link: sent.link! };
}

export async function infoRequestOf(q: Queryable, subTaskId: string | number, lock = false): Promise<InfoRequestRow | null> {
  const { rows } = await q.query<InfoRequestRow>(`SELECT * FROM info_requests WHERE sub_task_id = $1::bigint${lock ? ' FOR UPDATE' : ''}`, [String(subTaskId)]);
  return rows[0] ?? null;
}

/**
 * POST /v3/queries/sendRequestForInfoNotifications: sends an open request's link again with a new secret (the old
 * link stops opening it) and a new validity; the raiser, the holder or an admin may.
 */
export async function resendRequest(db: Db, notifier: Notifier, user: CurrentUser, input: { application_id: string; verNum: number; subTaskId: string }, origin: string, now = new Date()) {
  const secret = newSecret();
  let outgoing: Outgoing | null = null;
  const r = await changeApplication(db, user, input, 'sendRequestForInfoNotifications', { subTaskId: input.subTaskId }, async (c) => {
    const q = await loadSubTask(c.tx, input.subTaskId, true);
    const req = q && q.application_id === c.app.application_id ? await infoRequestOf(c.tx, q.id, true) : null;
    if (!q || !req) throw subTaskNotFound();
    if (q.status !== 'OPEN') throw refused('subTaskId', `Request ${q.id} is closed; ask again with a new request`);
    if (q.raised_by !== user.userName && q.assigned_to !== user.userName && !hasRole(user, 'ADMIN')) {
      throw forbidden('subTaskId', `Only ${q.raised_by ?? 'the raiser'} may send this request again`);
    }
    const contact = contactOf(c);
    await c.tx.query(`UPDATE info_requests SET token_hash = $2, sends = sends + 1, sent_to = $3, expires_at = $4 WHERE id = $1`, [
      req.id, hashSecret(secret), contact.to, new Date(c.now.getTime() + RFI_LINK_VALIDITY_HOURS * 3600_000),
    ]);
    c.taskId = q.task_id;
    c.worklog = { key: 'infoRequestResentLog', params: { id: q.id, to: contact.to } };
    outgoing = { ...contact, link: rfiLink(origin, c.app.application_id, secret), message: req.message, applicationId: c.app.application_id };
    return { query: toApiSubTask(q), sentTo: contact.to, channel: contact.channel, sends: req.sends + 1 };
  }, now);
  const sent = await sendLink(notifier, outgoing!);
  return { ...r, link: sent.link! };
}
