import type { Queryable } from '../../db/db';
import type { Notice } from '../applications/notify';
import type { ApplicationRow } from '../applications/row';
import { refused } from '../errors';
import { escalationFor, insertApproval, toDecider, type ApprovalRow } from './chain';
import { levelsFor, loadMatrix, type DeclineConfig, type DeclineReason } from './matrix';

/**
 * Four eyes on a decline (issue 25). An officer's Reject does not reject: it writes a decline recommendation, an
 * APPROVAL sub-task on the officer's task, so the §2 sub-status (APPROVAL), "my approvals" of the approver and the
 * completion blocker APPROVALS_PENDING follow through the sub_tasks trigger (011) like any approval. Someone else
 * with the level's role decides it through the §4 approval actions (decide.ts): approve confirms the decline, reject
 * or send_back refuses it. Maker-checker is eligibility.ts's: the officer and the initiator never decide it.
 */
export const isDeclineRecommendation = (r: Pick<ApprovalRow, 'body'>) => r.body.recommendation === 'DECLINE';

type AppForDecline = Pick<ApplicationRow, 'application_id' | 'product_code' | 'flow_ver_num' | 'loan_amount' | 'initiated_by' | 'branch' | 'assigned_team' | 'assigned_to'>;

export async function declineConfigFor(q: Queryable, app: Pick<ApplicationRow, 'product_code' | 'flow_ver_num'>): Promise<DeclineConfig> {
  return (await loadMatrix(q, app.product_code, app.flow_ver_num)).decline;
}

/** The configured reason with this code, else 400 naming the codes the product offers. */
export function declineReason(config: DeclineConfig, code: string | undefined): DeclineReason {
  const found = config.reasons.find((r) => r.code === code);
  if (!found) throw refused('reasonCode', `Choose one of the product's decline reasons: ${config.reasons.map((r) => `${r.label} (${r.code})`).join(', ')}`);
  return found;
}

/** The open decline recommendation of the application, if any. */
export async function openRecommendation(q: Queryable, applicationId: string): Promise<ApprovalRow | null> {
  const { rows } = await q.query<ApprovalRow>(
    `SELECT * FROM sub_tasks WHERE application_id = $1 AND kind = 'APPROVAL' AND status = 'OPEN' AND body ->> 'recommendation' = 'DECLINE' LIMIT 1`,
    [applicationId],
  );
  return rows[0] ?? null;
}

/**
 * Writes the recommendation for the configured confirmer (the decline level, else level 1 of the band the loan
 * amount falls in; up the hierarchy when nobody but the makers holds that role). Answers the notice for them.
 */
export async function recommendDecline(
  tx: Queryable,
  app: AppForDecline,
  taskId: string,
  maker: string,
  config: DeclineConfig,
  reason: DeclineReason,
  note: string,
  now: Date,
): Promise<Notice> {
  if (await openRecommendation(tx, app.application_id)) throw refused('reject', `A decline of ${app.application_id} is already waiting for confirmation`);
  const amount = app.loan_amount == null ? null : Number(app.loan_amount);
  const level = config.level ?? levelsFor(await loadMatrix(tx, app.product_code, app.flow_ver_num), amount)[0];
  const makers = [...new Set([maker, app.initiated_by].filter((m): m is string => !!m))];
  const up = await escalationFor(tx, app, level, makers);
  const row = await insertApproval(tx, app, taskId, 'APPROVAL', level.team, maker, {
    level: 1, levels: 1, role: up?.role ?? level.role, team: level.team, name: up?.name ?? level.name, maker, amount,
    recommendation: 'DECLINE', declineReason: reason, note, ...(up ? { escalatedFrom: up.from } : {}),
  }, now);
  const params = { actor: maker, app: app.application_id, declineReason: reason.label };
  if (up) {
    const { rows } = await tx.query<ApprovalRow>(`UPDATE sub_tasks SET assigned_to = $2 WHERE id = $1 RETURNING *`, [row.id, up.userName]);
    return toDecider(rows[0], { key: 'declineRecommendedEscalated', params: { ...params, level: up.from.name, role: up.from.role, makers: up.from.makers } });
  }
  return toDecider(row, { key: 'declineRecommended', params: { ...params, level: level.name } });
}

/** What the Reject dialog offers the caller: the product's reasons, whether their Reject is final, the reversal window. */
export async function declineOptions(q: Queryable, app: Pick<ApplicationRow, 'application_id' | 'product_code' | 'flow_ver_num'>, roles: string[]) {
  const config = await declineConfigFor(q, app);
  const pending = await openRecommendation(q, app.application_id);
  return {
    reasons: config.reasons.map((r) => ({ code: r.code, label: r.label })),
    direct: config.directRoles.some((r) => roles.includes(r)),
    reversalWindowHours: config.reversalWindowHours,
    pending: pending ? { subTaskId: String(pending.id), by: pending.body.maker ?? pending.raised_by ?? '', reason: pending.body.declineReason?.label ?? '' } : null,
  };
}
