import type { ApplicationQueries, InfoRequestState } from '@lendline/shared/contract';
import type { Db, Queryable } from '../../db/db';
import { hasRole, teamIds, type CurrentUser } from '../current-user';
import { forbidden, refused } from '../errors';
import { closeQuery, commentOnQuery, raiseQuery, reopenQuery, updateQuery, type RaiseInput, type UpdateInput } from './lifecycle';
import { listSubTasks, toApiSubTask } from '../tasks/sub-task-row';
import type { InfoRequestRow } from './request-info';

/** The link's state as staff see it: never the secret. */
function requestState(r: InfoRequestRow, now: Date): InfoRequestState {
  const expired = !r.answered_at && new Date(r.expires_at).getTime() <= now.getTime();
  return {
    sentTo: r.sent_to,
    sends: r.sends,
    expiresAt: new Date(r.expires_at).toISOString(),
    answeredAt: r.answered_at ? new Date(r.answered_at).toISOString() : null,
    answeredBy: r.answered_by,
    state: r.answered_at ? 'ANSWERED' : expired ? 'EXPIRED' : 'WAITING',
  };
}

/**
 * GET /v3/queries/{application_id}: the application's queries, open ones first then newest first, each with its
 * thread, and for a request for information the state of its link; with the open and closed counts.
 */
export async function applicationQueries(q: Queryable, applicationId: string, now = new Date()): Promise<ApplicationQueries> {
  const rows = await listSubTasks(q, applicationId, { taskId: null, kind: 'QUERY', status: null });
  const { rows: reqs } = await q.query<InfoRequestRow>(`SELECT * FROM info_requests WHERE application_id = $1`, [applicationId]);
  const bySubTask = new Map(reqs.map((r) => [String(r.sub_task_id), r]));
  const data = rows
    .map((r) => {
      const req = bySubTask.get(String(r.id));
      return { ...toApiSubTask(r), requestInfo: req ? requestState(req, now) : null };
    })
    .sort((a, b) => (a.status === b.status ? 0 : a.status === 'OPEN' ? -1 : 1));
  return { data, open: data.filter((d) => d.status === 'OPEN').length, closed: data.filter((d) => d.status === 'CLOSED').length };
}

/**
 * POST /queries/getQueriesUnresolvedCountByUserId: open queries a user holds — themselves, and their teams' while no
 * user holds them (what their "my queries" list shows). A caller counts their own; another user's needs ADMIN.
 */
export async function unresolvedCount(db: Db, user: CurrentUser, userId: string | undefined) {
  const who = userId ?? user.userName;
  if (who !== user.userName && !hasRole(user, 'ADMIN')) throw forbidden('userId', 'You may count only your own queries');
  let teams = teamIds(user);
  if (who !== user.userName) {
    const { rows } = await db.query<{ team_id: string }>(`SELECT team_id FROM team_members WHERE user_id = $1`, [who]);
    teams = rows.map((r) => r.team_id);
  }
  const { rows } = await db.query<{ mine: number; team: number }>(
    `SELECT count(*) FILTER (WHERE s.assigned_to = $1)::int AS mine,
            count(*) FILTER (WHERE s.assigned_to IS NULL AND s.assigned_team = ANY($2::text[]))::int AS team
       FROM sub_tasks s JOIN applications a ON a.application_id = s.application_id
      WHERE s.kind = 'QUERY' AND s.status = 'OPEN' AND a.status = 'ACTIVE'
        AND (s.assigned_to = $1 OR (s.assigned_to IS NULL AND s.assigned_team = ANY($2::text[])))`,
    [who, teams],
  );
  return { userId: who, count: rows[0].mine + rows[0].team, assignedToUser: rows[0].mine, assignedToTeams: rows[0].team };
}

/** POST /queries/createOrUpdateQuery: raises a query, or with subTaskId changes that one (the §4 raise and update). */
export function createOrUpdateQuery(db: Db, user: CurrentUser, input: RaiseInput & Partial<Pick<UpdateInput, 'subTaskId'>>) {
  if (input.subTaskId) return updateQuery(db, user, { ...input, subTaskId: input.subTaskId });
  return raiseQuery(db, user, input);
}

/**
 * POST /queries/updateQuery: a status change (CLOSED closes, OPEN reopens, with the comment as the closing or
 * reopening note) or, without one, a comment on the thread.
 */
export function changeQuery(db: Db, user: CurrentUser, input: { application_id: string; verNum: number; subTaskId: string; status?: 'OPEN' | 'CLOSED'; comment?: string }) {
  if (input.status === 'CLOSED') return closeQuery(db, user, input);
  if (input.status === 'OPEN') return reopenQuery(db, user, input);
  if (!input.comment) throw refused('status', 'Give a status (OPEN or CLOSED) or a comment');
  return commentOnQuery(db, user, { ...input, comment: input.comment });
}
