import type { ApprovalEntry, Approvals, ApprovalState } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import type { ApplicationRow } from '../applications/row';
import { subStatusOf } from '../applications/view';
import { currentTask } from '../lifecycle/tasks';
import { approvalsOf, levelOf, makerOf, type ApprovalRow } from './chain';
import { forwardCandidates, mayForward, whyNotDecider } from './eligibility';
import { levelsFor, loadMatrix } from './matrix';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export type { ApprovalState } from '@lendline/shared/contract';

/** One entry of the chain as getApprovals answers it (and the approval actions, for the row they changed): the wire type without `actions`. */
export function toApiApproval(r: ApprovalRow): Omit<ApprovalEntry, 'actions'> {
  const l = levelOf(r);
  return {
    subTaskId: String(r.id),
    type: r.kind as 'APPROVAL' | 'EXCEPTION',
    taskId: r.task_id,
    round: r.body.round ?? 1,
    level: l.level,
    levels: l.levels,
    levelName: l.name,
    role: l.role,
    team: l.team,
    state: (r.status === 'OPEN' ? 'PENDING' : r.body.decision ?? 'APPROVED') as ApprovalState,
    assignedTo: r.assigned_to,
    assignedTeam: r.assigned_team,
    maker: makerOf(r),
    raisedAt: iso(r.created_at)!,
    decidedBy: r.body.decidedBy ?? null,
    decidedAt: r.body.decidedAt ?? iso(r.closed_at),
    comment: r.body.comment ?? r.body.reason ?? '',
    exceptions: r.body.exceptions ?? [],
    forwards: (r.body.forwards ?? []).map((f) => ({ from: f.from, to: f.to, by: f.by, at: f.at, comment: f.comment })),
    escalatedFrom: r.body.escalatedFrom ?? null,
    // A decline recommendation (four eyes on a decline): approve confirms the decline, reject/send_back refuse it.
    recommendation: r.body.recommendation === 'DECLINE' ? { kind: 'DECLINE' as const, reasonCode: r.body.declineReason?.code ?? '', reason: r.body.declineReason?.label ?? '', note: r.body.note ?? '' } : null,
  };
}
export type ApiApproval = Omit<ApprovalEntry, 'actions'>;

/**
 * GET getApprovals: the application's approval chain (every round, oldest first, with the levels still to come
 * of the open round as WAITING entries), its raised exceptions, and for each open entry what this caller may do
 * (so the tab offers exactly what the server would accept; maker-checker refusals still answer with their reason).
 */
export async function getApprovals(q: Queryable, app: ApplicationRow, user: CurrentUser): Promise<Approvals> {
  const rows = await approvalsOf(q, app.application_id);
  const chain = rows.filter((r) => r.kind === 'APPROVAL');
  const open = chain.filter((r) => r.status === 'OPEN');
  const entries: ApprovalEntry[] = [];
  // One after the other: q may be a single connection.
  for (const r of rows) {
    const api = toApiApproval(r);
    if (r.status !== 'OPEN') {
      entries.push({ ...api, actions: null });
      continue;
    }
    const why = whyNotDecider(app, r, user);
    const forwarding = mayForward(r, user);
    entries.push({
      ...api,
      actions: {
        // The maker-checker refusal is the server's to give: a role holder who made it still sees the buttons.
        decide: !why || why.label === 'maker-checker',
        forward: forwarding,
        forwardTo: forwarding ? await forwardCandidates(q, app, r, user) : [],
      },
    });
  }
  // The levels of the open round not reached yet, from the matrix its first level was written with.
  const waiting: ApprovalEntry[] = [];
  const last = open[open.length - 1];
  // Only a round with levels still to come needs the matrix (one query fewer for the common one-level chain).
  if (last && levelOf(last).level < levelOf(last).levels) {
    const l = levelOf(last);
    const levels = levelsFor(await loadMatrix(q, app.product_code, app.flow_ver_num), last.body.amount ?? (app.loan_amount == null ? null : Number(app.loan_amount)));
    for (let n = l.level + 1; n <= l.levels; n++) waiting.push(waitingEntry(last, n, levels[n - 1] ?? levels[levels.length - 1]));
  }
  // The current task decides the sub-status only when nothing is open (subStatusOf): read it only then.
  const anyOpen = app.open_queries > 0 || app.open_approvals > 0 || app.open_exceptions > 0;
  const task = anyOpen ? null : await currentTask(q, app.cur_task_id);
  return {
    application_id: app.application_id,
    verNum: app.ver_num,
    subStatus: subStatusOf(app, task),
    openApprovals: app.open_approvals,
    openExceptions: app.open_exceptions,
    chain: [...entries.filter((e) => e.type === 'APPROVAL'), ...waiting],
    exceptions: entries.filter((e) => e.type === 'EXCEPTION'),
  };
}

function waitingEntry(last: ApprovalRow, level: number, l: { role: string; team: string; name: string }): ApprovalEntry {
  return {
    subTaskId: null, type: 'APPROVAL' as const, taskId: last.task_id, round: last.body.round ?? 1, level, levels: levelOf(last).levels, levelName: l.name, role: l.role, team: l.team,
    state: 'WAITING', assignedTo: null, assignedTeam: l.team, maker: makerOf(last), raisedAt: null, decidedBy: null, decidedAt: null, comment: '', exceptions: [], forwards: [], escalatedFrom: null, recommendation: null, actions: null,
  };
}
