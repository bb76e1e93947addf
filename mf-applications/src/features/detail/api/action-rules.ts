import { hasApplicationAccessOnly, hasFeature, ROLE, type ApplicationAction, type StepCompletionType } from '@lendline/shared';
import type { ApplicationView } from './application';

/** §4 other task actions the menu offers beside the application actions (where the task's lifecycle step lists them). */
export type TaskMenuAction = 'drop' | 'reappraise' | 'rebook';
export type MenuAction = ApplicationAction | TaskMenuAction;

export interface ActionDef {
  action: MenuAction;
  /** Whether the confirmation asks for a reason, and whether one is required. */
  reason: 'required' | 'optional' | 'none';
  /** Extra input the action takes ('decline': one of the product's decline reasons, read from the server). */
  input?: 'completion' | 'stage' | 'callback' | 'decline';
  /** Actions that cannot be undone get a stronger confirmation. */
  danger?: boolean;
}

/**
 * §4 step completion types in the order the dialog offers them: with the mandatory checks first (the default), then
 * exceptions for approval and cancelling the step; COMPLETE (no checks) is an override, offered only to holders of
 * COMPLETE_WITHOUT_VALIDATIONS and only with a reason (the server checks both again).
 */
export const COMPLETION_TYPES: StepCompletionType[] = ['COMPLETE_WITH_VALIDATIONS', 'RAISE_EXCEPTIONS', 'CANCEL', 'COMPLETE'];
export const DEFAULT_COMPLETION: StepCompletionType = 'COMPLETE_WITH_VALIDATIONS';

/** The completion types this user may choose, in words (never the §4 codes) under areas.applications.actions.completion. */
export function completionTypesFor(roles: readonly string[] | undefined): StepCompletionType[] {
  return COMPLETION_TYPES.filter((c) => c !== 'COMPLETE' || hasFeature(roles, ROLE.COMPLETE_WITHOUT_VALIDATIONS));
}

export const COMPLETION_LABELS: Record<StepCompletionType, string> = {
  COMPLETE_WITH_VALIDATIONS: 'Complete — check mandatory fields and documents',
  RAISE_EXCEPTIONS: 'Complete with exceptions — send the gaps for approval',
  CANCEL: 'Cancel the step',
  COMPLETE: 'Override — complete without the checks (reason required, audited)',
};

const A = (action: MenuAction, reason: ActionDef['reason'] = 'none', extra: Partial<ActionDef> = {}): ActionDef => ({ action, reason, ...extra });

/**
 * §4 actions this user may take on this application now. The server decides in the end (and says
 * why in a §8 refusal); this only avoids offering what is certain to be refused.
 */
export function availableActions(v: ApplicationView, roles: readonly string[] | undefined): ActionDef[] {
  if (hasApplicationAccessOnly(roles)) return [];
  const out: ActionDef[] = [];
  const task = v.currentTask;
  const stage = v.appLifeCycle?.stage ?? task?.stepInfo?.stepNumber ?? 0;
  if (v.application_status === 'ACTIVE') {
    if (v.assignedToCurrentUser) {
      out.push(A('complete_step/user', 'none', { input: 'completion' }));
      if (stage > 0) out.push(A('revert_stage', 'required', { input: 'stage' }));
      out.push(A('release'), A('inactivate', 'required'), A('request_for_callback', 'optional', { input: 'callback' }));
      if (v.callback) out.push(A('complete_callback'));
      out.push(A('reject', 'required', { danger: true, input: 'decline' }), A('cancel', 'required', { danger: true }));
      if (lists(v, 'Drop')) out.push(A('drop', 'required', { danger: true }));
      if (lists(v, 'Reappraise')) out.push(A('reappraise', 'required'));
    } else if (task?.progress === 'In Progress') {
      // Held by someone else: a supervisor may release it or put it on hold (the server checks who).
      out.push(A('release'), A('inactivate', 'required'));
    }
  }
  // Reversible decisions (issue 25): who may undo them is the server's to decide (the one who decided, a supervisor,
  // the task's team), within the product's window; a refusal says why.
  out.push(...reversalActions(v, roles));
  if (hasFeature(roles, 'ADMIN') && v.application_status !== 'DELETED') out.push(A('delete', 'required', { danger: true }));
  return out;
}

/**
 * Withdraw rejection and Reactivate (and cancelling one on hold): offered on a REJECTED or INACTIVE application to
 * staff who may act, although it then has nobody holding its task (§2 hides the task actions of unassigned ones).
 */
export function reversalActions(v: ApplicationView, roles: readonly string[] | undefined): ActionDef[] {
  if (hasApplicationAccessOnly(roles)) return [];
  if (v.application_status === 'REJECTED') return [A('cancelReject', 'required')];
  if (v.application_status === 'INACTIVE') return [A('activate', 'required'), A('cancel', 'required', { danger: true })];
  if (v.application_status === 'CANCELLED' && lists(v, 'Rebook')) return [A('rebook', 'optional')];
  return [];
}

/** Whether the current task's lifecycle step lists this §4 other task action (tasks.actions). */
const lists = (v: ApplicationView, type: string) => (v.currentTask?.actions ?? []).some((a) => a.type === type);

export const ACTION_LABELS: Record<MenuAction, string> = {
  drop: 'Drop (applicant dropped out)',
  reappraise: 'Reappraise',
  rebook: 'Rebook',
  reject: 'Reject',
  cancelReject: 'Withdraw rejection',
  cancel: 'Cancel application',
  inactivate: 'Put on hold',
  activate: 'Reactivate',
  revert_stage: 'Revert stage',
  release: 'Release to team queue',
  delete: 'Delete',
  request_for_callback: 'Request a callback',
  complete_callback: 'Callback done',
  assign: 'Assign',
  reassign: 'Reassign',
  'complete_step/user': 'Complete step',
};
