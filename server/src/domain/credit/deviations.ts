import type { Queryable } from '../../db/db';
import type { Notice } from '../applications/notify';
import type { ApplicationRow } from '../applications/row';
import { raiseExceptions } from '../approvals/chain';
import { refused } from '../errors';

export interface Deviation {
  key: string;
  reason: string;
}

/**
 * The one door from credit into the approval chain: the deviations of a decision (or an officer's own) are raised
 * exactly as the §4 step completion RAISE_EXCEPTIONS raises exceptions (domain/approvals raiseExceptions: one EXCEPTION
 * sub-task for the product matrix's exception approver), marked with their source. The sub_tasks trigger counts it in
 * open_exceptions in the same transaction, so "my approvals" lists it at once and completing the step is refused with
 * EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL until the approver decides it through /v3/application/approvals/*. A deviation
 * already open with the same key is not raised twice (a decision run again adds only new keys). Returns the new
 * sub-task id (null when nothing new) and the notice for the approver, which the caller's change sends.
 */
export async function raiseDeviation(
  tx: Queryable,
  d: { app: Pick<ApplicationRow, 'application_id' | 'product_code' | 'flow_ver_num' | 'loan_amount' | 'cur_task_id' | 'initiated_by' | 'branch' | 'assigned_team' | 'assigned_to'>; raisedBy: string; deviations: Deviation[]; source: 'CREDIT_DECISION' | 'CREDIT_OFFICER'; reference?: string; at: Date },
): Promise<{ subTaskId: string | null; raised: Deviation[]; notice: Notice | null }> {
  const { rows } = await tx.query<{ key: string }>(
    `SELECT e ->> 'key' AS key FROM sub_tasks s, jsonb_array_elements(s.body -> 'exceptions') e
      WHERE s.application_id = $1 AND s.kind = 'EXCEPTION' AND s.status = 'OPEN'`,
    [d.app.application_id],
  );
  const open = new Set(rows.map((r) => r.key));
  const raised = d.deviations.filter((x) => !open.has(x.key));
  if (!raised.length) return { subTaskId: null, raised, notice: null };
  if (!d.app.cur_task_id) throw refused('deviations', `Application ${d.app.application_id} has no open step to raise deviations on`);
  const notice = await raiseExceptions(tx, d.app, d.app.cur_task_id, d.raisedBy, raised, d.at);
  const ins = await tx.query<{ id: string }>(
    `UPDATE sub_tasks SET body = body || jsonb_build_object('source', $2::text, 'reference', $3::text)
      WHERE id = (SELECT max(id) FROM sub_tasks WHERE application_id = $1 AND kind = 'EXCEPTION') RETURNING id::text`,
    [d.app.application_id, d.source, d.reference ?? null],
  );
  return { subTaskId: ins.rows[0].id, raised, notice };
}

/** The credit deviations of the application, open and closed, for the review screen. */
export async function deviationsOf(q: Queryable, applicationId: string) {
  const { rows } = await q.query<{ id: string; status: string; body: { exceptions?: Deviation[]; source?: string; resolution?: string; decision?: string; outcome?: string }; raisedBy: string; createdAt: Date; closedAt: Date | null }>(
    `SELECT id::text, status, body, raised_by AS "raisedBy", created_at AS "createdAt", closed_at AS "closedAt"
       FROM sub_tasks WHERE application_id = $1 AND kind = 'EXCEPTION' ORDER BY id`,
    [applicationId],
  );
  return rows.map((r) => ({
    subTaskId: r.id,
    status: r.status as 'OPEN' | 'CLOSED',
    source: r.body.source ?? 'RAISE_EXCEPTIONS',
    deviations: r.body.exceptions ?? [],
    // The approval chain's decision (APPROVED, REJECTED, SENT_BACK, WITHDRAWN); only APPROVED lets money move.
    resolution: r.body.decision ?? r.body.resolution ?? r.body.outcome ?? null,
    raisedBy: r.raisedBy,
    createdAt: new Date(r.createdAt).toISOString(),
    closedAt: r.closedAt ? new Date(r.closedAt).toISOString() : null,
  }));
}
