import type { Db } from '../../db/db';
import { approve, reject } from '../approvals/decide';
import type { CurrentUser } from '../current-user';
import { notFound, refused } from '../errors';
import { closeQuery } from './lifecycle';
import type { ApplicationState } from '../tasks/change';

export interface CloseInput {
  application_id: string;
  verNum: number;
  subTaskId: string;
  /** Why it is closed: written on the query's thread or as the approval's comment, in the worklog and the audit. */
  reason: string;
  /** Approvals only: the closing decision. */
  decision?: 'APPROVE' | 'REJECT';
}

export interface Closed {
  subTaskId: string;
  kind: 'QUERY' | 'APPROVAL' | 'EXCEPTION';
  outcome: 'CLOSED' | 'APPROVED' | 'REJECTED';
}

/**
 * §2's "close" tab (sub-statuses QUERIES and APPROVAL): closes the sub-task in question with a reason, through the rules
 * that already govern it — nothing here decides who may. A query (QUERIES) is closed as closeSubTask closes it (its
 * raiser, its holder or an admin), the reason added to its thread. A pending approval or raised exception (APPROVAL) is
 * closed by its decider's final decision, approve or reject (domain/approvals: the level's role, maker-checker; a
 * rejected level rejects the application, a rejected exception goes back to its maker), the reason as the comment.
 * Forward and send back leave it open, so they stay in the approvals tab. Each is one transaction with verNum, an audit
 * row, a worklog entry and the notifications of the underlying action. A sub-task of another application, or none,
 * is the same 404.
 */
export async function closeSubTask(db: Db, user: CurrentUser, input: CloseInput): Promise<{ data: Closed; application: ApplicationState }> {
  const reason = input.reason.trim();
  if (!reason) throw refused('reason', 'Closing needs a reason');
  const { rows } = await db.query<{ kind: string }>(`SELECT kind FROM sub_tasks WHERE id = $1::bigint AND application_id = $2`, [input.subTaskId, input.application_id]);
  const kind = rows[0]?.kind;
  const target = { application_id: input.application_id, verNum: input.verNum, subTaskId: input.subTaskId };
  if (kind === 'QUERY') {
    if (input.decision) throw refused('decision', 'A query is closed without a decision');
    const r = await closeQuery(db, user, { ...target, comment: `Closed: ${reason}` });
    return { data: { subTaskId: input.subTaskId, kind: 'QUERY', outcome: 'CLOSED' }, application: r.application };
  }
  if (kind === 'APPROVAL' || kind === 'EXCEPTION') {
    if (!input.decision) throw refused('decision', 'Closing an approval needs the decision: APPROVE or REJECT');
    const r = input.decision === 'APPROVE' ? await approve(db, user, { ...target, comment: reason }) : await reject(db, user, { ...target, reason });
    return { data: { subTaskId: input.subTaskId, kind, outcome: input.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED' }, application: r.application };
  }
  throw notFound('subTaskId', 'Nothing to close with this id on this application');
}
