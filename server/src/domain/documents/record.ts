import type { Queryable } from '../../db/db';
import { writeAudits } from '../applications/audit';

/**
 * Every document change leaves an audit row (action + detail: file ids, names, reasons) and a worklog entry in the
 * same transaction as the change, so the worklogs tab and GET /v3/audits/getAudits show it.
 */
export async function recordDocumentChange(
  tx: Queryable,
  input: { applicationId: string; taskId?: string | null; userName: string; action: string; comment: string; detail: Record<string, unknown>; now: Date },
): Promise<void> {
  await writeAudits(tx, input.applicationId, input.action, input.userName, input.now, [], input.detail);
  await tx.query(`INSERT INTO worklogs (application_id, task_id, user_id, action, comment, at) VALUES ($1,$2,$3,$4,$5,$6)`, [
    input.applicationId, input.taskId ?? null, input.userName, input.action, input.comment.slice(0, 2000), input.now,
  ]);
}
