import type { InboxItem } from '../../api/tasks-api';

/**
 * §4 "other task actions" the inbox offers on a task row, when the product's lifecycle configures them on the
 * task (Task.actions, seed/config/lifecycles.ts) and they apply to the row now:
 * - OpenTask: a task waiting in the caller's team → assign it to oneself (POST …/action/assign);
 * - Leave: a task the caller holds → back to the team queue (POST …/action/release).
 * RevertStage, Reject, CancelReject, Copy and Assign to someone else take input or a confirmation: they are in the
 * application's Actions menu, one click away (the row's link).
 */
export type QuickAction = { type: 'OpenTask'; action: 'assign' } | { type: 'Leave'; action: 'release' };

export function quickActions(item: InboxItem, userName: string | undefined): QuickAction[] {
  if (item.kind !== 'task') return [];
  const offered = new Set(item.actions.map((a) => a.type));
  const out: QuickAction[] = [];
  if (offered.has('OpenTask') && item.heldBy.team && !item.heldBy.user) out.push({ type: 'OpenTask', action: 'assign' });
  if (offered.has('Leave') && userName && item.heldBy.user === userName) out.push({ type: 'Leave', action: 'release' });
  return out;
}
