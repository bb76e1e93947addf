import type { Queryable } from '../../db/db';
import type { Notice } from '../applications/notify';

export interface Deviation {
  key: string;
  reason: string;
}

/** The team that approves deviations: the same one §4 RAISE_EXCEPTIONS sends its exceptions to (actions.ts). */
export const DEVIATION_TEAM = 'APPROVAL';

/**
 * The one door from credit into the approval chain. Raises the deviations of a decision (or an officer's own) the way
 * the §4 step completion RAISE_EXCEPTIONS does: one sub_tasks row of kind EXCEPTION, OPEN, for the APPROVAL team,
 * body {exceptions: [{key, reason}], source, reference}. The sub_tasks trigger (011) counts it in open_exceptions and
 * approval_holders in the same transaction, so "my approvals" lists it at once and completing the step is refused
 * with EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL until it is CLOSED by the approval. A deviation already open for the
 * application with the same key is not raised twice (a decision run again adds only new keys). Returns the new
 * sub-task id (null when nothing new) and the notice for the approvers, which the caller's change sends.
 */
export async function raiseDeviation(
  tx: Queryable,
  d: { applicationId: string; taskId: string | null; raisedBy: string; deviations: Deviation[]; source: 'CREDIT_DECISION' | 'CREDIT_OFFICER'; reference?: string; at: Date },
): Promise<{ subTaskId: string | null; raised: Deviation[]; notice: Notice | null }> {
  const { rows } = await tx.query<{ key: string }>(
    `SELECT e ->> 'key' AS key FROM sub_tasks s, jsonb_array_elements(s.body -> 'exceptions') e
      WHERE s.application_id = $1 AND s.kind = 'EXCEPTION' AND s.status = 'OPEN'`,
    [d.applicationId],
  );
  const open = new Set(rows.map((r) => r.key));
  const raised = d.deviations.filter((x) => !open.has(x.key));
  if (!raised.length) return { subTaskId: null, raised, notice: null };
  const ins = await tx.query<{ id: string }>(
    `INSERT INTO sub_tasks (application_id, task_id, kind, assigned_team, raised_by, body, created_at) VALUES ($1,$2,'EXCEPTION',$3,$4,$5,$6) RETURNING id::text`,
    [d.applicationId, d.taskId, DEVIATION_TEAM, d.raisedBy, JSON.stringify({ exceptions: raised, source: d.source, reference: d.reference ?? null }), d.at],
  );
  return {
    subTaskId: ins.rows[0].id,
    raised,
    notice: { team: DEVIATION_TEAM, type: 'TEAM', event: 'AssignedToApprovalTeam', message: `${d.applicationId}: ${raised.length} credit deviation(s) wait for approval` },
  };
}

/** The credit deviations of the application, open and closed, for the review screen. */
export async function deviationsOf(q: Queryable, applicationId: string) {
  const { rows } = await q.query<{ id: string; status: string; body: { exceptions?: Deviation[]; source?: string; resolution?: string; outcome?: string }; raisedBy: string; createdAt: Date; closedAt: Date | null }>(
    `SELECT id::text, status, body, raised_by AS "raisedBy", created_at AS "createdAt", closed_at AS "closedAt"
       FROM sub_tasks WHERE application_id = $1 AND kind = 'EXCEPTION' ORDER BY id`,
    [applicationId],
  );
  return rows.map((r) => ({
    subTaskId: r.id,
    status: r.status as 'OPEN' | 'CLOSED',
    source: r.body.source ?? 'RAISE_EXCEPTIONS',
    deviations: r.body.exceptions ?? [],
    // Set by the approval chain when it closes one; a closed deviation without it counts as approved.
    resolution: r.body.resolution ?? r.body.outcome ?? null,
    raisedBy: r.raisedBy,
    createdAt: new Date(r.createdAt).toISOString(),
    closedAt: r.closedAt ? new Date(r.closedAt).toISOString() : null,
  }));
}
