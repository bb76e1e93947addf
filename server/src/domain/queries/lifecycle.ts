import type { Db } from '../../db/db';
import { hasRole, isStaff, teamIds, type CurrentUser } from '../current-user';
import { forbidden, refused } from '../errors';
import type { Notice } from '../applications/notify';
import type { NotificationText } from '../notifications/texts';
import { staffSees } from '../applications/access';
import { loadApplication } from '../applications/row';
import { changeApplication, type TaskChange } from '../tasks/change';
import { assertQueryRecipient, assertTeamExists } from '../tasks/recipients';
import { loadSubTask, subTaskNotFound, toApiSubTask, type QueryBody, type SubTaskRow } from '../tasks/sub-task-row';
import { resumeTaskSlaIfIdle } from './sla-pause';
import type { WorklogText } from '../tasks/worklog-text';

/** A request for information to the applicant (domain/queries/request-info.ts) is a query with its own rules. */
const isRequestInfo = (q: SubTaskRow) => q.body.requestInfo === true;

/** §4 query (sub-task) lifecycle: raise, update, reopen, close, add comment. */

/** A thread longer than this is a new query: it keeps one row's body bounded. */
export const MAX_COMMENTS = 200;

interface Target {
  application_id: string;
  verNum: number;
}
export interface RaiseInput extends Target {
  subject: string;
  description?: string;
  assignedTo?: string;
  assignedTeam?: string;
  fields?: string[];
  documents?: string[];
  taskId?: string;
}
export interface UpdateInput extends Target {
  subTaskId: string;
  subject?: string;
  description?: string;
  assignedTo?: string;
  assignedTeam?: string;
  fields?: string[];
  documents?: string[];
}
export interface CommentInput extends Target {
  subTaskId: string;
  comment: string;
}
export interface CloseInput extends Target {
  subTaskId: string;
  comment?: string;
}

const holderOf = (q: Pick<SubTaskRow, 'assigned_to' | 'assigned_team'>) => (q.assigned_to ? q.assigned_to : `team ${q.assigned_team}`);
/** Who holds a query, for a worklog entry: the user, or the team (stored by id, named in each language). */
const holderText = (q: Pick<SubTaskRow, 'assigned_to' | 'assigned_team'>): WorklogText =>
  q.assigned_to ? { key: 'holderUser', params: { user: q.assigned_to } } : { key: 'holderTeam', params: { team: q.assigned_team ?? '' } };

/** The notice for whoever holds a query now: the user, else every member of the team. */
function toHolder(q: Pick<SubTaskRow, 'assigned_to' | 'assigned_team'>, text: NotificationText): Notice {
  return q.assigned_to
    ? { user: q.assigned_to, type: 'ASSIGNED', event: 'AssignedQueriesToUser', text }
    : { team: q.assigned_team, type: 'TEAM', event: 'AssignedQueriesToTeam', text };
}
const toRaiser = (q: SubTaskRow, text: NotificationText): Notice => ({ user: q.raised_by, type: 'FOLLOWED', event: 'AssignedQueriesToUser', text });

const holds = (q: SubTaskRow, user: CurrentUser) => q.assigned_to === user.userName || (!!q.assigned_team && !q.assigned_to && teamIds(user).includes(q.assigned_team));
/** Update, close and reopen belong to the two parties of the query (and admins); anyone who may act may comment. */
function assertParty(q: SubTaskRow, user: CurrentUser, what: string) {
  if (q.raised_by === user.userName || holds(q, user) || hasRole(user, 'ADMIN')) return;
  throw forbidden('subTaskId', `Only ${q.raised_by ?? 'the raiser'} or ${holderOf(q)} may ${what} this query`);
}

function assertActive(c: TaskChange, what: string) {
  if (c.app.status !== 'ACTIVE') throw refused('application_id', `Application ${c.app.application_id} is ${c.app.status}; queries can be ${what} only while it is ACTIVE`);
}

/** The query the request names, locked, of that application and a QUERY; anything else is the neutral 404. */
async function lockQuery(c: TaskChange, subTaskId: string): Promise<SubTaskRow> {
  const q = await loadSubTask(c.tx, subTaskId, true);
  if (!q || q.application_id !== c.app.application_id || q.kind !== 'QUERY') throw subTaskNotFound();
  return q;
}

async function assertHolder(c: TaskChange, to: { assignedTo?: string; assignedTeam?: string }) {
  if (!!to.assignedTo === !!to.assignedTeam) throw refused('assignedTo', 'A query goes to one user (assignedTo) or one team (assignedTeam)');
  if (to.assignedTo) await assertQueryRecipient(c.tx, c.app, to.assignedTo);
  else await assertTeamExists(c.tx, to.assignedTeam!);
}

async function writeQuery(c: TaskChange, q: SubTaskRow, set: { status?: 'OPEN' | 'CLOSED'; closed_at?: Date | null; assigned_to?: string | null; assigned_team?: string | null; body?: QueryBody }): Promise<SubTaskRow> {
  const next = { ...q, ...set, body: set.body ? { ...q.body, ...set.body } : q.body };
  const { rows } = await c.tx.query<SubTaskRow>(
    `UPDATE sub_tasks SET status = $2, closed_at = $3, assigned_to = $4, assigned_team = $5, body = $6 WHERE id = $1 RETURNING *`,
    [q.id, next.status, next.closed_at, next.assigned_to, next.assigned_team, JSON.stringify(next.body)],
  );
  for (const k of ['status', 'assigned_to', 'assigned_team'] as const) {
    if (q[k] !== rows[0][k]) c.changes.push({ key: `query.${q.id}.${k}`, old: q[k], new: rows[0][k] });
  }
  c.taskId = q.task_id;
  return rows[0];
}

/** createSubTask: a query to a user or a team, optionally about fields or documents of the application. */
export function raiseQuery(db: Db, user: CurrentUser, input: RaiseInput) {
  return changeApplication(db, user, input, 'createSubTask', { subject: input.subject, assignedTo: input.assignedTo, assignedTeam: input.assignedTeam }, async (c) => {
    assertActive(c, 'raised');
    await assertHolder(c, input);
    const taskId = input.taskId ?? c.app.cur_task_id;
    if (input.taskId) {
      const { rows } = await c.tx.query(`SELECT 1 FROM tasks WHERE task_id = $1 AND application_id = $2`, [input.taskId, c.app.application_id]);
      if (!rows.length) throw refused('taskId', `Application ${c.app.application_id} has no task ${input.taskId}`);
    }
    const body: QueryBody = { subject: input.subject, description: input.description ?? '', fields: input.fields ?? [], documents: input.documents ?? [], comments: [], closedBy: null };
    const { rows } = await c.tx.query<SubTaskRow>(
      `INSERT INTO sub_tasks (application_id, task_id, kind, assigned_to, assigned_team, raised_by, body, created_at)
       VALUES ($1,$2,'QUERY',$3,$4,$5,$6,$7) RETURNING *`,
      [c.app.application_id, taskId, input.assignedTo ?? null, input.assignedTo ? null : input.assignedTeam, user.userName, JSON.stringify(body), c.now],
    );
    const q = rows[0];
    c.taskId = taskId;
    c.changes.push({ key: `query.${q.id}.status`, old: null, new: 'OPEN' });
    c.worklog = q.assigned_to ? { key: 'queryRaised', params: { holder: q.assigned_to, subject: input.subject } } : { key: 'queryRaisedTeam', params: { team: q.assigned_team ?? '', subject: input.subject } };
    c.notices.push(toHolder(q, { key: 'queryRaised', params: { actor: user.userName, app: c.app.application_id, subject: input.subject } }));
    return toApiSubTask(q);
  });
}

/** updateSubTask: subject, description, what it is about, or who holds it (an open query only). */
export function updateQuery(db: Db, user: CurrentUser, input: UpdateInput) {
  return changeApplication(db, user, input, 'updateSubTask', { subTaskId: input.subTaskId }, async (c) => {
    const q = await lockQuery(c, input.subTaskId);
    if (q.status !== 'OPEN') throw refused('subTaskId', `Query ${q.id} is closed; reopen it to change it`);
    if (isRequestInfo(q)) throw refused('subTaskId', `Query ${q.id} is a request for information to the applicant: send it again or close it`);
    assertParty(q, user, 'update');
    const moving = input.assignedTo !== undefined || input.assignedTeam !== undefined;
    if (moving) await assertHolder(c, input);
    const body: QueryBody = {};
    for (const k of ['subject', 'description', 'fields', 'documents'] as const) if (input[k] !== undefined) Object.assign(body, { [k]: input[k] });
    if (!moving && !Object.keys(body).length) throw refused('subTaskId', 'Nothing to update: give subject, description, fields, documents, assignedTo or assignedTeam');
    for (const [k, v] of Object.entries(body)) c.changes.push({ key: `query.${q.id}.${k}`, old: q.body[k as keyof QueryBody] ?? null, new: v });
    const updated = await writeQuery(c, q, {
      body,
      ...(moving ? { assigned_to: input.assignedTo ?? null, assigned_team: input.assignedTo ? null : input.assignedTeam } : {}),
    });
    c.worklog = moving && holderOf(q) !== holderOf(updated) ? { key: 'queryMovedLog', params: { id: q.id }, parts: { fromHolder: holderText(q), toHolder: holderText(updated) } } : { key: 'queryUpdated', params: { id: q.id } };
    c.notices.push(toHolder(updated, { key: 'queryUpdated', params: { actor: user.userName, app: c.app.application_id, subject: updated.body.subject ?? '' } }));
    return toApiSubTask(updated);
  });
}

/** addCommentToTask: one more entry of the query's thread; the other party is told. */
export function commentOnQuery(db: Db, user: CurrentUser, input: CommentInput) {
  return changeApplication(db, user, input, 'addCommentToTask', { subTaskId: input.subTaskId }, async (c) => {
    const q = await lockQuery(c, input.subTaskId);
    const thread = q.body.comments ?? [];
    if (thread.length >= MAX_COMMENTS) throw refused('comment', `Query ${q.id} already has ${MAX_COMMENTS} comments; raise a new query`);
    const entry = { by: user.userName, at: c.now.toISOString(), text: input.comment };
    const updated = await writeQuery(c, q, { body: { comments: [...thread, entry] } });
    c.changes.push({ key: `query.${q.id}.comment`, old: null, new: input.comment });
    c.worklog = { key: 'queryComment', params: { id: q.id, comment: input.comment } };
    const message: NotificationText = { key: 'queryCommented', params: { actor: user.userName, app: c.app.application_id, comment: input.comment } };
    c.notices.push(q.raised_by === user.userName ? toHolder(q, message) : toRaiser(q, message));
    return toApiSubTask(updated);
  });
}

/** closeSubTask: the query is answered; the raiser is told. */
export function closeQuery(db: Db, user: CurrentUser, input: CloseInput) {
  return changeApplication(db, user, input, 'closeSubTask', { subTaskId: input.subTaskId, comment: input.comment }, async (c) => {
    const q = await lockQuery(c, input.subTaskId);
    if (q.status === 'CLOSED') throw refused('subTaskId', `Query ${q.id} is already closed`);
    assertParty(q, user, 'close');
    const comments = input.comment ? [...(q.body.comments ?? []), { by: user.userName, at: c.now.toISOString(), text: input.comment }] : q.body.comments;
    const updated = await writeQuery(c, q, { status: 'CLOSED', closed_at: c.now, body: { closedBy: user.userName, comments } });
    c.worklog = { key: 'queryClosed', params: { id: q.id, note: input.comment ? `: ${input.comment}` : '' } };
    // Withdrawn before the applicant answered: its link stops opening it (the query is closed) and the clock runs.
    if (isRequestInfo(q)) await resumeTaskSlaIfIdle(c.tx, c.app.application_id, c.app.cur_task_id, q.task_id, c.now);
    const message: NotificationText = { key: 'queryClosed', params: { actor: user.userName, app: c.app.application_id, subject: q.body.subject ?? '' } };
    c.notices.push(q.raised_by === user.userName ? toHolder(q, message) : toRaiser(q, message));
    return toApiSubTask(updated);
  });
}

/** reopenSubTask: the answer did not do; the query goes back to its holder. */
export function reopenQuery(db: Db, user: CurrentUser, input: CloseInput) {
  return changeApplication(db, user, input, 'reopenSubTask', { subTaskId: input.subTaskId, comment: input.comment }, async (c) => {
    const q = await lockQuery(c, input.subTaskId);
    if (q.status === 'OPEN') throw refused('subTaskId', `Query ${q.id} is open already`);
    if (isRequestInfo(q)) throw refused('subTaskId', `Query ${q.id} was a request for information to the applicant: ask again with a new request`);
    assertActive(c, 'reopened');
    assertParty(q, user, 'reopen');
    const comments = input.comment ? [...(q.body.comments ?? []), { by: user.userName, at: c.now.toISOString(), text: input.comment }] : q.body.comments;
    const updated = await writeQuery(c, q, { status: 'OPEN', closed_at: null, body: { closedBy: null, comments } });
    c.worklog = { key: 'queryReopened', params: { id: q.id, note: input.comment ? `: ${input.comment}` : '' } };
    c.notices.push(toHolder(q, { key: 'queryReopened', params: { actor: user.userName, app: c.app.application_id, subject: q.body.subject ?? '' } }));
    return toApiSubTask(updated);
  });
}

/**
 * subTaskDetails/{id}: the path names a sub-task, not an application, so the access rule is applied here: the
 * sub-task's application must be one the caller may open (the same staffSees rule), else the same 404 as a
 * sub-task that does not exist. The customer account gets that 404 too.
 */
export async function subTaskDetails(db: Db, user: CurrentUser, id: string) {
  const q = isStaff(user) ? await loadSubTask(db, id) : null; // queries are staff work: never the customer's
  const app = q ? await loadApplication(db, q.application_id) : null;
  if (!q || !app || !staffSees(app, user)) throw subTaskNotFound();
  return toApiSubTask(q);
}
