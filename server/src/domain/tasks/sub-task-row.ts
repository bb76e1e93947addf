import type { QueryComment, SubTaskKind, SubTaskStatus, SubTaskView } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { notFound } from '../errors';

export const SUB_TASK_KINDS = ['QUERY', 'APPROVAL', 'EXCEPTION'] as const satisfies readonly SubTaskKind[];
export type { SubTaskKind, SubTaskStatus };
export type SubTaskComment = QueryComment;

/** What a query keeps in sub_tasks.body (010_domain.sql): the thread lives with the query, so no table is added. */
export interface QueryBody {
  subject?: string;
  description?: string;
  /** Field keys and document ids of the application the query is about. */
  fields?: string[];
  documents?: string[];
  comments?: SubTaskComment[];
  closedBy?: string | null;
}

export interface SubTaskRow {
  id: string | number;
  application_id: string;
  task_id: string | null;
  kind: SubTaskKind;
  status: SubTaskStatus;
  assigned_to: string | null;
  assigned_team: string | null;
  raised_by: string | null;
  body: QueryBody & Record<string, unknown>;
  created_at: Date | string;
  closed_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** A sub-task as the §7 calls answer it (the ids of bigserial rows go out as text, the same on both databases). */
export function toApiSubTask(r: SubTaskRow): SubTaskView {
  return {
    subTaskId: String(r.id),
    application_id: r.application_id,
    taskId: r.task_id,
    type: r.kind,
    status: r.status,
    subject: r.body.subject ?? '',
    description: r.body.description ?? '',
    assignedTo: r.assigned_to,
    assignedTeam: r.assigned_team,
    raisedBy: r.raised_by,
    fields: r.body.fields ?? [],
    documents: r.body.documents ?? [],
    comments: r.body.comments ?? [],
    closedBy: r.body.closedBy ?? null,
    createdAt: iso(r.created_at)!,
    closedAt: iso(r.closed_at),
  };
}
export type ApiSubTask = SubTaskView;

/**
 * The same answer for a sub-task that does not exist and for one of an application the caller may not open (or one
 * that is not of the application the request names): a refusal says nothing about another team's record.
 */
export const subTaskNotFound = () => notFound('subTaskId', 'Query not found');

export async function loadSubTask(q: Queryable, id: string, lock = false): Promise<SubTaskRow | null> {
  const { rows } = await q.query<SubTaskRow>(`SELECT * FROM sub_tasks WHERE id = $1::bigint${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

export interface SubTaskFilter {
  taskId: string | null;
  kind: SubTaskKind | null;
  status: SubTaskStatus | null;
}

/** An application's sub-tasks, newest first (a handful per application: sub_tasks_application_idx, bounded by limit). */
export async function listSubTasks(q: Queryable, applicationId: string, f: SubTaskFilter, limit = 500): Promise<SubTaskRow[]> {
  const { rows } = await q.query<SubTaskRow>(
    `SELECT * FROM sub_tasks
      WHERE application_id = $1 AND ($2::text IS NULL OR task_id = $2) AND ($3::text IS NULL OR kind = $3) AND ($4::text IS NULL OR status = $4)
      ORDER BY id DESC LIMIT $5`,
    [applicationId, f.taskId, f.kind, f.status, limit],
  );
  return rows;
}
