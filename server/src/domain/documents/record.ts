import type { Queryable } from '../../db/db';
import { writeAudits } from '../applications/audit';
import { worklogColumns, type Worklog } from '../tasks/worklog-text';

/**
 * Every document change leaves an audit row (action + detail: file ids, names, reasons) and a worklog entry in the
 * same transaction as the change, so the worklogs tab and GET /v3/audits/getAudits show it.
 */
export async function recordDocumentChange(
  tx: Queryable,
  // comment: an English sentence, or a key of the language files' worklogTexts with its parameters (read in the
  // reader's language; the English rendering is stored as the comment, word for word as before).
  input: { applicationId: string; taskId?: string | null; userName: string; action: string; comment: Worklog; detail: Record<string, unknown>; now: Date },
): Promise<void> {
  await writeAudits(tx, input.applicationId, input.action, input.userName, input.now, [], input.detail);
  const [comment, text] = await worklogColumns(tx, input.comment);
  await tx.query(`INSERT INTO worklogs (application_id, task_id, user_id, action, comment, text, at) VALUES ($1,$2,$3,$4,$5,$6::jsonb,$7)`, [
    input.applicationId, input.taskId ?? null, input.userName, input.action, comment.slice(0, 2000), text, input.now,
  ]);
}
