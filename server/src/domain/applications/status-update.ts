import type { Db } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { refused } from '../errors';
import { runAction } from './actions';
import type { ApplicationRow } from './row';

/** POST /app/status_update: the §4 action that moves an application from its status to the target one. */
const STATUS_ACTION = {
  CANCELLED: () => 'cancel',
  INACTIVE: () => 'inactivate',
  ACTIVE: (from) => (from === 'REJECTED' ? 'cancelReject' : from === 'INACTIVE' ? 'activate' : null),
  REJECTED: () => 'reject',
  DELETED: () => 'delete',
} satisfies Record<string, (from: string) => string | null>;

export type TargetStatus = keyof typeof STATUS_ACTION;
/** The statuses a status update may ask for (COMPLETED is reached by completing the last step, not by asking). */
export const TARGET_STATUSES = Object.keys(STATUS_ACTION) as TargetStatus[];

export interface StatusUpdate {
  verNum: number;
  status: TargetStatus;
  reason?: string;
  /** REJECTED: the product's decline reason (domain/approvals/recommendation.ts). */
  reasonCode?: string;
}

/**
 * Runs the matching §4 action with all its rules (verNum, permissions, preconditions); a target the application's
 * status cannot move to is refused naming both.
 */
export async function updateStatus(db: Db, user: CurrentUser, app: ApplicationRow, input: StatusUpdate) {
  const action = Object.hasOwn(STATUS_ACTION, input.status) ? STATUS_ACTION[input.status](app.status) : null;
  if (!action) throw refused('status', `Cannot change ${app.application_id} from ${app.status} to ${input.status}`);
  return runAction(db, user, action, { application_id: app.application_id, verNum: input.verNum, reason: input.reason, reasonCode: input.reasonCode });
}
