import type { Queryable } from '../../db/db';
import type { Notice } from '../applications/notify';
import type { ApplicationRow } from '../applications/row';
import type { SubTaskRow } from '../tasks/sub-task-row';
import { eligibleUsers, escalationTarget } from './escalation';
import { FALLBACK_LEVEL, levelsFor, loadMatrix, type ApprovalLevel } from './matrix';
import type { NotificationText } from '../notifications/texts';

/**
 * An approval chain is a run of APPROVAL sub-tasks (010_domain.sql sub_tasks) on the application's approval step
 * task: one row per level, only the level being decided is OPEN, the next one is written when the previous is
 * approved. Raised exceptions are EXCEPTION rows decided by the matrix's exception approver. What a decision needs is
 * in the row's body, so the chain reads back from sub_tasks alone (getApprovals) and the open counts, sub-status and
 * "my approvals" holders follow through the sub_tasks trigger (011_sub_task_holders.sql).
 */
/** WITHDRAWN: the step it belonged to ended undecided (reverted, rejected, cancelled by a §4 action). */
export type Decision = 'APPROVED' | 'REJECTED' | 'SENT_BACK' | 'WITHDRAWN';

export interface Forward {
  from: string | null;
  to: string;
  by: string;
  at: string;
  comment: string;
}

export interface ApprovalBody {
  level?: number;
  /** How many levels this round of the chain has. */
  levels?: number;
  role?: string;
  team?: string;
  name?: string;
  /** Rounds start again after a send_back and resubmission. */
  round?: number;
  /** Who submitted it for approval (maker-checker). */
  maker?: string;
  amount?: number | null;
  exceptions?: { key: string; reason: string }[];
  decision?: Decision;
  decidedBy?: string;
  decidedAt?: string;
  comment?: string;
  forwards?: Forward[];
  /** The level the matrix named, when nobody but the maker could decide it and it went up the hierarchy instead. */
  escalatedFrom?: { role: string; name: string; reason: string };
  /** Rows the demo generator writes. */
  reason?: string;
  /**
   * A decline recommendation (four eyes on a decline, recommendation.ts): approving it confirms the decline
   * (REJECTED), rejecting or sending it back leaves the application ACTIVE with the officer.
   */
  recommendation?: 'DECLINE';
  declineReason?: { code: string; label: string };
  /** The officer's comment with the recommendation. */
  note?: string;
}

export type ApprovalRow = Omit<SubTaskRow, 'body'> & { body: ApprovalBody };

/** The level a row is decided at (rows written before the matrix: the branch head, level 1 of 1). */
export function levelOf(r: ApprovalRow): ApprovalLevel & { level: number; levels: number } {
  return {
    role: r.body.role ?? FALLBACK_LEVEL.role,
    team: r.body.team ?? r.assigned_team ?? FALLBACK_LEVEL.team,
    name: r.body.name ?? FALLBACK_LEVEL.name,
    level: r.body.level ?? 1,
    levels: r.body.levels ?? 1,
  };
}
export const makerOf = (r: ApprovalRow) => r.body.maker ?? r.raised_by;

const amountOf = (app: Pick<ApplicationRow, 'loan_amount'>) => (app.loan_amount == null ? null : Number(app.loan_amount));

/** The notice for whoever must decide now: the user it was forwarded to, else every member of the level's team. */
export function toDecider(r: Pick<SubTaskRow, 'assigned_to' | 'assigned_team'>, text: NotificationText): Notice {
  return r.assigned_to
    ? { user: r.assigned_to, type: 'ASSIGNED', event: 'AssignedToApprovalUser', text }
    : { team: r.assigned_team, type: 'TEAM', event: 'AssignedToApprovalTeam', text };
}

export async function insertApproval(
  tx: Queryable,
  app: Pick<ApplicationRow, 'application_id'>,
  taskId: string | null,
  kind: 'APPROVAL' | 'EXCEPTION',
  team: string,
  raisedBy: string,
  body: ApprovalBody,
  now: Date,
): Promise<ApprovalRow> {
  const { rows } = await tx.query<ApprovalRow>(
    `INSERT INTO sub_tasks (application_id, task_id, kind, assigned_team, raised_by, body, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING *`,
    [app.application_id, taskId, kind, team, raisedBy, JSON.stringify({ forwards: [], ...body }), now],
  );
  return rows[0];
}

/**
 * The approval step's task has opened: level 1 of the band the loan amount falls in waits for its approver. Called
 * from the §4 actions (domain/applications/actions.ts openStep) inside their transaction; `maker` is who submitted
 * it (completed the step before). Answers the notice for the level's team.
 */
export async function startChain(
  tx: Queryable,
  app: Pick<ApplicationRow, 'application_id' | 'product_code' | 'flow_ver_num' | 'loan_amount'>,
  taskId: string,
  maker: string,
  now: Date,
): Promise<Notice> {
  const levels = levelsFor(await loadMatrix(tx, app.product_code, app.flow_ver_num), amountOf(app));
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sub_tasks WHERE application_id = $1 AND kind = 'APPROVAL' AND (body ->> 'level') = '1' AND (body ->> 'recommendation') IS NULL`,
    [app.application_id],
  );
  const first = levels[0];
  const row = await insertApproval(tx, app, taskId, 'APPROVAL', first.team, maker, {
    level: 1, levels: levels.length, role: first.role, team: first.team, name: first.name, round: rows[0].n + 1, maker, amount: amountOf(app),
  }, now);
  return toDecider(row, { key: 'approvalWaits', params: { app: app.application_id, level: first.name, levels: levels.length, maker } });
}

/** The next level of a chain after `prev` was approved, or null when `prev` was the last. */
export async function nextLevel(tx: Queryable, app: ApplicationRow, prev: ApprovalRow, now: Date): Promise<ApprovalRow | null> {
  const at = levelOf(prev);
  if (at.level >= at.levels) return null;
  const levels = levelsFor(await loadMatrix(tx, app.product_code, app.flow_ver_num), prev.body.amount ?? amountOf(app));
  const next = levels[at.level] ?? levels[levels.length - 1];
  return insertApproval(tx, app, prev.task_id, 'APPROVAL', next.team, prev.raised_by ?? makerOf(prev) ?? '', {
    level: at.level + 1, levels: at.levels, role: next.role, team: next.team, name: next.name, round: prev.body.round ?? 1, maker: makerOf(prev) ?? undefined, amount: prev.body.amount ?? null,
  }, now);
}

/**
 * When the level's role has no eligible decider but the makers (the only branch head raised it), the level above in
 * the hierarchy that has one (escalation.ts), else null: the row then goes to that user, named in escalatedFrom.
 */
export async function escalationFor(
  tx: Queryable,
  app: Pick<ApplicationRow, 'branch' | 'assigned_team' | 'assigned_to'>,
  level: ApprovalLevel,
  makers: string[],
): Promise<{ role: string; name: string; userName: string; from: { role: string; name: string; reason: string; makers: string } } | null> {
  if ((await eligibleUsers(tx, app, level.role, makers)).length) return null;
  const up = await escalationTarget(tx, app, level.role, makers);
  if (!up) return null;
  return { ...up, from: { role: level.role, name: level.name, reason: `no ${level.name} (role ${level.role}) other than ${makers.join(', ')} may decide it`, makers: makers.join(', ') } };
}

/** RAISE_EXCEPTIONS (§4 step completion type): the deviations wait for the matrix's exception approver. */
export async function raiseExceptions(
  tx: Queryable,
  app: Pick<ApplicationRow, 'application_id' | 'product_code' | 'flow_ver_num' | 'loan_amount' | 'initiated_by' | 'branch' | 'assigned_team' | 'assigned_to'>,
  taskId: string,
  maker: string,
  exceptions: { key: string; reason: string }[],
  now: Date,
): Promise<Notice> {
  const level = (await loadMatrix(tx, app.product_code, app.flow_ver_num)).exceptions;
  const makers = [...new Set([maker, app.initiated_by].filter((m): m is string => !!m))];
  const up = await escalationFor(tx, app, level, makers);
  const row = await insertApproval(tx, app, taskId, 'EXCEPTION', level.team, maker, {
    level: 1, levels: 1, role: up?.role ?? level.role, team: level.team, name: up?.name ?? level.name, maker, amount: amountOf(app), exceptions,
    ...(up ? { escalatedFrom: up.from } : {}),
  }, now);
  if (up) {
    const { rows } = await tx.query<ApprovalRow>(`UPDATE sub_tasks SET assigned_to = $2 WHERE id = $1 RETURNING *`, [row.id, up.userName]);
    return toDecider(rows[0], { key: 'exceptionsEscalated', params: { app: app.application_id, count: exceptions.length, maker, level: up.from.name, role: up.from.role, makers: up.from.makers } });
  }
  return toDecider(row, { key: 'exceptionsWait', params: { app: app.application_id, count: exceptions.length, maker, level: level.name } });
}

/** The application's approvals and raised exceptions, oldest first (sub_tasks_application_kind_idx). */
export async function approvalsOf(q: Queryable, applicationId: string, limit = 200): Promise<ApprovalRow[]> {
  const { rows } = await q.query<ApprovalRow>(
    `SELECT * FROM (
       SELECT * FROM sub_tasks WHERE application_id = $1 AND kind IN ('APPROVAL', 'EXCEPTION') ORDER BY id DESC LIMIT $2
     ) s ORDER BY id`,
    [applicationId, limit],
  );
  return rows;
}

/**
 * Closes the open approvals and raised exceptions of a task that ends without them being decided (a §4 action:
 * revert_stage, reject, cancel, delete). Answers how many were withdrawn.
 */
export async function withdrawApprovals(tx: Queryable, applicationId: string, taskId: string, why: string, now: Date): Promise<number> {
  const { rows } = await tx.query(
    `UPDATE sub_tasks SET status = 'CLOSED', closed_at = $2,
            body = body || jsonb_build_object('decision', 'WITHDRAWN', 'decidedAt', $3::text, 'comment', $4::text)
      WHERE application_id = $5 AND task_id = $1 AND status = 'OPEN' AND kind IN ('APPROVAL', 'EXCEPTION') RETURNING id`,
    [taskId, now, now.toISOString(), `Withdrawn: step ${why}`, applicationId],
  );
  return rows.length;
}
