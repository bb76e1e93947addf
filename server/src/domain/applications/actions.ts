import { APPLICATION_ACTIONS, type ApplicationAction, type ApplicationActionRequest, type ApplicationStatus } from '@lendline/shared/contract';
import type { Db, Queryable } from '../../db/db';
import { hasRole, isStaff, mayAct, teamIds, type CurrentUser } from '../current-user';
import { forbidden, refused, refusedMany, staleVersion } from '../errors';
import { CURRENT_TASK_COLUMNS, currentTask, currentTaskValues, loadLifecycle, openStepTask, updateTask, type TaskRow } from '../lifecycle/tasks';
import type { LifecycleStepConfig } from '../lifecycle/types';
import { assertOverrideAllowed, completionBlockers } from '../validations/step-completion';
import { isAssignedToCurrentUser } from './access';
import { assertAssignable } from './assignee';
import { writeAudits, type FieldChange } from './audit';
import { notify, type Notice } from './notify';
import { publishNotifications } from '../notifications/bus';
import { notifyFollowers } from '../notifications/followers';
import type { NotificationRow } from '../notifications/notifications';
import { findApplication, type ApplicationRow } from './row';
import { buildView } from './view';
import { raiseExceptions, startChain, withdrawApprovals } from '../approvals/chain';
import { declineConfigFor, declineReason, openRecommendation, recommendDecline } from '../approvals/recommendation';
import { assertWithinWindow, requiredReason, resumeColumns, secondsBetween, standingOf, type Hold, type Rejection } from './reversal';
import { worklogColumns, type Worklog } from '../tasks/worklog-text';

/** What POST /v3/application/action/{action} sends (shared/src/wire/actions.ts). */
export type ActionInput = ApplicationActionRequest;

interface Ctx {
  tx: Queryable;
  app: ApplicationRow;
  task: TaskRow | null;
  steps: LifecycleStepConfig[];
  user: CurrentUser;
  input: ActionInput;
  now: Date;
  changes: FieldChange[];
  notices: Notice[];
  worklog: Worklog;
  /** Time on hold that ends with this action, added to applications.sla_excluded_secs (079_honest_sla.sql). */
  heldSecs: number;
}

type Handler = (c: Ctx) => Promise<void>;

// ── preconditions ────────────────────────────────────────────────────────────────────────────────
const TERMINAL = ['Completed', 'Rejected', 'Cancelled'];

function requireStatus(c: Ctx, action: string, ...allowed: ApplicationStatus[]) {
  if (!allowed.includes(c.app.status)) throw refused(action, `Application ${c.app.application_id} is ${c.app.status}; ${action} needs ${allowed.join(' or ')}`);
}
function requireTask(c: Ctx, action: string): TaskRow {
  if (!c.task) throw refused(action, `Application ${c.app.application_id} has no open task`);
  return c.task;
}
function requireAssignedToMe(c: Ctx, action: string): TaskRow {
  const task = requireTask(c, action);
  if (!isAssignedToCurrentUser(c.app, task, c.user)) {
    throw refused(action, `Application ${c.app.application_id} is not assigned to you (task ${task.task_id} is ${task.progress}${task.assigned_to ? `, held by ${task.assigned_to}` : ''})`);
  }
  return task;
}
const inTaskTeam = (c: Ctx, task: TaskRow) => task.assigned_team.some((t) => teamIds(c.user).includes(t));

/** §6: TEAM_APPLICATIONS_* on the task's own teams, ALL_APPLICATIONS_* anywhere; *_ASSIGN_SELF only for oneself. */
function mayAssign(c: Ctx, task: TaskRow, kind: 'ASSIGN' | 'REASSIGN', self: boolean): boolean {
  const perms = (scope: 'TEAM' | 'ALL') => [`${scope}_APPLICATIONS_${kind}`, ...(self && kind === 'ASSIGN' ? [`${scope}_APPLICATIONS_ASSIGN_SELF`] : [])];
  if (perms('ALL').some((p) => hasRole(c.user, p))) return true;
  return inTaskTeam(c, task) && perms('TEAM').some((p) => hasRole(c.user, p));
}
const isSupervisor = (c: Ctx, task: TaskRow | null) => hasRole(c.user, 'ADMIN') || (task ? mayAssign(c, task, 'REASSIGN', false) : false);

// ── effects ──────────────────────────────────────────────────────────────────────────────────────
function setApp(c: Ctx, field: keyof ApplicationRow, value: unknown, auditKey = field as string) {
  const old = c.app[field];
  if (JSON.stringify(old) === JSON.stringify(value)) return;
  (c.app as unknown as Record<string, unknown>)[field] = value;
  c.changes.push({ key: auditKey, old, new: value });
}

async function changeTask(c: Ctx, task: TaskRow, set: Partial<Record<keyof TaskRow, unknown>>): Promise<TaskRow> {
  const updated = await updateTask(c.tx, task.task_id, set, c.now);
  for (const k of ['progress', 'assigned_to'] as const) {
    if (task[k] !== updated[k]) c.changes.push({ key: `task.${k}`, old: task[k], new: updated[k] });
  }
  if (c.task?.task_id === task.task_id) c.task = updated;
  return updated;
}

/** Stops every running clock of a task (Completed, Rejected, Cancelled). */
function stopClocks(task: TaskRow, now: Date): Partial<Record<keyof TaskRow, unknown>> {
  return {
    overall_end: task.overall_end ?? now,
    queued_end: task.queued_start && !task.queued_end ? now : task.queued_end,
    assigned_end: task.assigned_start && !task.assigned_end ? now : task.assigned_end,
  };
}

async function closeTask(c: Ctx, progress: 'Completed' | 'Rejected' | 'Cancelled'): Promise<TaskRow | null> {
  if (!c.task || TERMINAL.includes(c.task.progress)) return c.task;
  // Approvals and raised exceptions of a task that ends undecided are withdrawn, so the open counts, "my
  // approvals" and the completion blockers never point at a step the application has left.
  const withdrawn = await withdrawApprovals(c.tx, c.app.application_id, c.task.task_id, `${progress} by ${c.user.userName}`, c.now);
  if (withdrawn) c.changes.push({ key: 'approvals.withdrawn', old: null, new: withdrawn });
  return changeTask(c, c.task, { progress, ...stopClocks(c.task, c.now) });
}

async function openStep(c: Ctx, stage: number, note: string) {
  const step = c.steps.find((s) => s.stepNumber === stage);
  if (!step) throw refused('stage', `The lifecycle of ${c.app.product_code} has no step ${stage}`);
  const task = await openStepTask(c.tx, c.app, step, c.now);
  setApp(c, 'stage', stage);
  setApp(c, 'cur_task_id', task.task_id, 'task');
  c.task = task;
  c.notices.push({ team: task.assigned_team[0], type: 'TEAM', event: 'AssignedToTeam', text: { key: 'teamQueue', params: { actor: c.user.userName, app: c.app.application_id, step: task.step_name, note } } });
  // An approval step: level 1 of the product's approval matrix waits for its approver; the caller is the maker.
  if (step.type === 'APPROVAL') c.notices.push(await startChain(c.tx, c.app, task.task_id, c.user.userName, c.now));
}

/** Ends a hold (INACTIVE): its time is not the bank's, so it is kept apart from the SLA; answers its seconds. */
function endHold(c: Ctx): number {
  if (!c.app.held_since) return 0;
  const secs = Math.max(0, Math.round((c.now.getTime() - new Date(c.app.held_since).getTime()) / 1000));
  c.app.held_since = null;
  c.heldSecs += secs;
  return secs;
}

function closeApp(c: Ctx, status: ApplicationStatus) {
  if (status !== 'INACTIVE') endHold(c);
  setApp(c, 'status', status, 'application_status');
  setApp(c, 'closed_at', ['ACTIVE', 'INACTIVE'].includes(status) ? null : c.now);
}

const teamNotice = (c: Ctx, text: NonNullable<Notice['text']>): Notice | null =>
  c.task?.assigned_team[0] ? { team: c.task.assigned_team[0], type: 'TEAM', event: 'TeamApplication', text } : null;

function pushNotice(c: Ctx, n: Notice | null) {
  if (n) c.notices.push(n);
}

/**
 * cancelReject / activate: the task the application stood on resumes as it was (reversal.ts), the stage follows it,
 * and whoever works it next is told. An approval step comes back with a fresh round of its chain.
 */
async function resumeTask(c: Ctx, standing: Parameters<typeof resumeColumns>[2], pausedSecs: number) {
  const task = c.task!;
  const resumed = await changeTask(c, task, await resumeColumns(c.tx, task, standing, pausedSecs, c.now));
  setApp(c, 'stage', resumed.step_number);
  if (resumed.assigned_to) {
    c.notices.push({ user: resumed.assigned_to, type: 'ASSIGNED', event: 'AssignedToUser', text: { key: 'reactivated', params: { actor: c.user.userName, app: c.app.application_id } } });
  } else {
    pushNotice(c, { team: resumed.assigned_team[0], type: 'TEAM', event: 'AssignedToTeam', text: { key: 'reactivated', params: { actor: c.user.userName, app: c.app.application_id } } });
  }
  const step = c.steps.find((s) => s.stepNumber === resumed.step_number);
  if (step?.type === 'APPROVAL' && c.app.open_approvals === 0 && !(await openRecommendation(c.tx, c.app.application_id))) {
    const rejection = c.app.doc.rejection as Rejection | undefined;
    c.notices.push(await startChain(c.tx, c.app, resumed.task_id, rejection?.maker ?? rejection?.recommendedBy ?? c.app.initiated_by ?? c.user.userName, c.now));
  }
}

// ── the actions of §4 ────────────────────────────────────────────────────────────────────────────
const handlers: Record<ApplicationAction, Handler> = {
  async assign(c) {
    requireStatus(c, 'assign', 'ACTIVE');
    const task = requireTask(c, 'assign');
    if (task.progress !== 'Pending') throw refused('assign', `Task ${task.task_id} is ${task.progress}${task.assigned_to ? ` with ${task.assigned_to}` : ''}; use reassign`);
    const target = c.input.userName ?? c.user.userName;
    const self = target === c.user.userName;
    if (!mayAssign(c, task, 'ASSIGN', self)) throw forbidden('assign', `You may not assign tasks of team ${task.assigned_team.join(', ')}${self ? ' to yourself' : ''}`);
    if (self && !inTaskTeam(c, task)) throw refused('userName', `You are not in team ${task.assigned_team.join(', ')} of task ${task.task_id}`);
    await assertAssignable(c.tx, task, target);
    await changeTask(c, task, { assigned_to: target, progress: 'In Progress', queued_end: c.now, assigned_start: c.now, assigned_end: null });
    c.worklog = self ? { key: 'assignedSelf', params: {} } : { key: 'assigned', params: { target } };
    c.notices.push({ user: target, type: 'ASSIGNED', event: 'AssignedToUser', text: { key: 'assigned', params: { actor: c.user.userName, app: c.app.application_id, step: task.step_name } } });
  },

  async reassign(c) {
    requireStatus(c, 'reassign', 'ACTIVE');
    const task = requireTask(c, 'reassign');
    if (task.progress !== 'In Progress' || !task.assigned_to) throw refused('reassign', `Task ${task.task_id} is ${task.progress} and unassigned; use assign`);
    const target = c.input.userName;
    if (!target) throw refused('userName', 'reassign needs the user to give the task to');
    if (target === task.assigned_to) throw refused('userName', `Task ${task.task_id} is already assigned to ${target}`);
    if (!mayAssign(c, task, 'REASSIGN', target === c.user.userName)) throw forbidden('reassign', `You may not reassign tasks of team ${task.assigned_team.join(', ')}`);
    await assertAssignable(c.tx, task, target);
    const previous = task.assigned_to;
    // The assigned clock keeps running: the SLA belongs to the task, not to whoever holds it.
    await changeTask(c, task, { assigned_to: target });
    c.worklog = { key: 'reassigned', params: { from: previous ?? '', target } };
    c.notices.push({ user: target, type: 'ASSIGNED', event: 'AssignedToUser', text: { key: 'reassigned', params: { actor: c.user.userName, app: c.app.application_id, step: task.step_name } } });
    c.notices.push({ user: previous, type: 'FOLLOWED', event: 'AssignedToUser', text: { key: 'reassignedAway', params: { actor: c.user.userName, app: c.app.application_id, target } } });
  },

  async release(c) {
    requireStatus(c, 'release', 'ACTIVE');
    const task = requireTask(c, 'release');
    if (task.progress !== 'In Progress') throw refused('release', `Task ${task.task_id} is ${task.progress}, nothing to release`);
    if (task.assigned_to !== c.user.userName && !isSupervisor(c, task)) throw forbidden('release', `Task ${task.task_id} is held by ${task.assigned_to}; only they or a supervisor may release it`);
    // Back to the queue: the assigned clock stops, a new queued period starts.
    await changeTask(c, task, { assigned_to: null, progress: 'Pending', assigned_end: c.now, queued_start: c.now, queued_end: null });
    c.worklog = { key: 'released', params: { actor: c.user.userName } };
    pushNotice(c, { team: task.assigned_team[0], type: 'TEAM', event: 'AssignedToTeam', text: { key: 'released', params: { actor: c.user.userName, app: c.app.application_id, step: task.step_name } } });
  },

  async 'complete_step/user'(c) {
    const task = requireAssignedToMe(c, 'complete_step/user');
    const type = c.input.completionType;
    const step = c.steps.find((s) => s.stepNumber === task.step_number);
    if (!type) throw refused('completionType', 'completionType is required: CANCEL, COMPLETE_WITH_VALIDATIONS, RAISE_EXCEPTIONS or COMPLETE');
    if (step && !step.completionTypes.includes(type)) throw refused('completionType', `${type} is not allowed at the ${step.stepName} step`);
    if (type === 'CANCEL') {
      await closeTask(c, 'Cancelled');
      closeApp(c, 'CANCELLED');
      c.worklog = { key: 'stepCancelled', params: { step: task.step_name } };
      pushNotice(c, teamNotice(c, { key: 'cancelled', params: { actor: c.user.userName, app: c.app.application_id, step: task.step_name } }));
      return;
    }
    if (type === 'RAISE_EXCEPTIONS') {
      const exceptions = c.input.exceptions ?? [];
      if (!exceptions.length) throw refused('exceptions', 'RAISE_EXCEPTIONS needs at least one exception {key, reason}');
      // Decided by the approval matrix's exception approver (domain/approvals); the count follows by the trigger.
      c.notices.push(await raiseExceptions(c.tx, c.app, task.task_id, c.user.userName, exceptions, c.now));
      c.changes.push({ key: 'open_exceptions', old: c.app.open_exceptions, new: c.app.open_exceptions + 1 });
      c.worklog = { key: 'exceptionsRaised', params: { count: exceptions.length } };
      return;
    }
    // COMPLETE and COMPLETE_WITH_VALIDATIONS: the §4 task validation errors block completion; the mandatory fields too,
    // unless a holder of the override permission completes without them (COMPLETE, with a reason).
    assertOverrideAllowed(c.user, type, c.input.reason);
    const blockers = await completionBlockers(c.tx, c.app, task.step_name, step, type);
    if (blockers.length) throw refusedMany(blockers);
    await closeTask(c, 'Completed');
    if (type === 'COMPLETE') {
      // The override is its own audit row (beside the input every action's audit keeps), so an auditor finds it by key.
      c.changes.push({ key: 'completion.override', old: null, new: { by: c.user.userName, step: task.step_name, reason: c.input.reason!.trim() } });
      c.worklog = { key: 'stepCompletedOverride', params: { step: task.step_name, reason: c.input.reason!.trim() } };
    } else c.worklog = { key: 'stepCompleted', params: { step: task.step_name } };
    const next = c.steps.find((s) => s.stepNumber === task.step_number + 1);
    if (next) await openStep(c, next.stepNumber, `${task.step_name} completed`);
    else {
      closeApp(c, 'COMPLETED');
      c.notices.push({ user: c.app.initiated_by ?? c.user.userName, type: 'FOLLOWED', event: 'TeamApplication', text: { key: 'completed', params: { actor: c.user.userName, app: c.app.application_id } } });
    }
  },

  async reject(c) {
    const task = requireAssignedToMe(c, 'reject');
    const config = await declineConfigFor(c.tx, c.app);
    const why = declineReason(config, c.input.reasonCode);
    const comment = requiredReason('reject', c.input.reason);
    if (!config.directRoles.some((r) => hasRole(c.user, r))) {
      // Four eyes: the officer recommends; the application stays ACTIVE with them until someone else confirms.
      c.notices.push(await recommendDecline(c.tx, c.app, task.task_id, c.user.userName, config, why, comment, c.now));
      c.changes.push({ key: 'decline.recommended', old: null, new: { reasonCode: why.code, reason: why.label, comment } });
      c.worklog = { key: 'declineRecommended', params: { declineReason: why.label, comment } };
      return;
    }
    // A role the product lets decline alone (directRoles): final at once, any pending recommendation withdrawn.
    const standing = standingOf(task);
    await closeTask(c, 'Rejected');
    closeApp(c, 'REJECTED');
    const rejection: Rejection = { reason: why.label, reasonCode: why.code, comment, by: c.user.userName, at: c.now.toISOString(), stage: task.step_number, restore: standing };
    setApp(c, 'doc', { ...c.app.doc, rejection }, 'rejection');
    c.worklog = { key: 'rejected', params: { declineReason: why.label, comment } };
    pushNotice(c, teamNotice(c, { key: 'rejected', params: { actor: c.user.userName, app: c.app.application_id, step: task.step_name } }));
  },

  async cancelReject(c) {
    requireStatus(c, 'cancelReject', 'REJECTED');
    const reason = requiredReason('withdraw a rejection', c.input.reason);
    const rejection = c.app.doc.rejection as Rejection | undefined;
    const deciders = [rejection?.by, rejection?.recommendedBy].filter(Boolean);
    if (!deciders.includes(c.user.userName) && !isSupervisor(c, c.task)) throw forbidden('cancelReject', `Only ${deciders.join(' or ') || 'the user who rejected it'} or a supervisor may withdraw the rejection`);
    const config = await declineConfigFor(c.tx, c.app);
    const since = c.app.closed_at ?? rejection?.at ?? null;
    assertWithinWindow('cancelReject', since, config.reversalWindowHours, c.now);
    // The time it stood rejected is not the bank's: kept apart from the SLA like a hold.
    const paused = since ? secondsBetween(since, c.now) : 0;
    closeApp(c, 'ACTIVE');
    c.heldSecs += paused;
    setApp(c, 'doc', { ...c.app.doc, rejection: { ...rejection, withdrawn: { by: c.user.userName, at: c.now.toISOString(), reason } } }, 'rejection');
    const restore = rejection?.restore;
    if (!c.task || !restore || restore.taskId !== c.task.task_id) {
      // Rejected before the standing was recorded: a fresh task for the same step.
      await openStep(c, c.app.stage, 'Rejection withdrawn');
    } else {
      await resumeTask(c, restore, paused);
    }
    c.worklog = { key: 'rejectionWithdrawn', params: { reason } };
  },

  async cancel(c) {
    const reason = requiredReason('cancel', c.input.reason);
    if (c.app.status === 'INACTIVE') {
      if (!isSupervisor(c, c.task)) throw forbidden('cancel', 'Only a supervisor may cancel an inactive application');
    } else {
      requireStatus(c, 'cancel', 'ACTIVE', 'INACTIVE');
      requireAssignedToMe(c, 'cancel');
    }
    await closeTask(c, 'Cancelled');
    closeApp(c, 'CANCELLED');
    c.worklog = { key: 'cancelled', params: { reason } };
    pushNotice(c, teamNotice(c, { key: 'cancelledApp', params: { actor: c.user.userName, app: c.app.application_id } }));
  },

  async inactivate(c) {
    requireStatus(c, 'inactivate', 'ACTIVE');
    const task = requireTask(c, 'inactivate');
    if (!isAssignedToCurrentUser(c.app, task, c.user) && !isSupervisor(c, task)) throw forbidden('inactivate', 'Only the assignee or a supervisor may put an application on hold');
    const reason = requiredReason('put an application on hold', c.input.reason);
    const hold: Hold = { reason, by: c.user.userName, at: c.now.toISOString(), restore: standingOf(task) };
    // On hold: the holder lets go and the queue clock pauses; the overall clock keeps running.
    await changeTask(c, task, {
      progress: 'Pending',
      assigned_to: null,
      assigned_end: task.assigned_start && !task.assigned_end ? c.now : task.assigned_end,
      queued_end: task.queued_start && !task.queued_end ? c.now : task.queued_end,
    });
    setApp(c, 'status', 'INACTIVE', 'application_status');
    setApp(c, 'doc', { ...c.app.doc, hold }, 'hold');
    // The SLA pauses: the state reads "Paused since" this time until the application is reactivated.
    c.app.held_since = c.now;
    c.worklog = { key: 'onHold', params: { reason } };
  },

  async activate(c) {
    requireStatus(c, 'activate', 'INACTIVE');
    const task = requireTask(c, 'activate');
    if (!isSupervisor(c, task) && !inTaskTeam(c, task) && c.app.initiated_by !== c.user.userName) throw forbidden('activate', `Only team ${task.assigned_team.join(', ')} or a supervisor may reactivate it`);
    const reason = requiredReason('reactivate', c.input.reason);
    const hold = c.app.doc.hold as Hold | undefined;
    const config = await declineConfigFor(c.tx, c.app);
    assertWithinWindow('activate', c.app.held_since ?? hold?.at ?? null, config.reversalWindowHours, c.now);
    // The time on hold is kept apart from the SLA (endHold); the task resumes with whoever held it.
    const held = endHold(c);
    const { hold: _ended, ...doc } = c.app.doc;
    setApp(c, 'doc', doc, 'hold');
    setApp(c, 'status', 'ACTIVE', 'application_status');
    await resumeTask(c, hold?.restore?.taskId === task.task_id ? hold.restore : undefined, held);
    c.worklog = { key: 'reactivated', params: { reason } };
  },

  async revert_stage(c) {
    const task = requireAssignedToMe(c, 'revert_stage');
    const to = c.input.toStage ?? c.app.stage - 1;
    if (c.app.stage === 0 || !Number.isInteger(to) || to < 0 || to >= c.app.stage) throw refused('toStage', `Cannot revert from stage ${c.app.stage} to ${to}`);
    await closeTask(c, 'Cancelled');
    await openStep(c, to, `Sent back from ${task.step_name}`);
    c.worklog = { key: 'reverted', params: { step: task.step_name, toStep: c.task!.step_name, note: c.input.reason ? `: ${c.input.reason}` : '' } };
  },

  async delete(c) {
    requireStatus(c, 'delete', 'ACTIVE', 'INACTIVE');
    const reason = requiredReason('delete', c.input.reason);
    if (c.app.stage !== 0) throw refused('delete', `Only applications still in data entry can be deleted; ${c.app.application_id} is at stage ${c.app.stage}`);
    const own = c.app.initiated_by === c.user.userName || (c.task ? isAssignedToCurrentUser(c.app, c.task, c.user) : false);
    if (!own && !hasRole(c.user, 'ADMIN')) throw forbidden('delete', 'Only the initiator, the assignee or an admin may delete an application');
    await closeTask(c, 'Cancelled');
    closeApp(c, 'DELETED');
    c.worklog = { key: 'deleted', params: { reason } };
  },

  async request_for_callback(c) {
    requireStatus(c, 'request_for_callback', 'ACTIVE');
    const task = requireAssignedToMe(c, 'request_for_callback');
    const current = c.app.doc.callback as { status?: string } | undefined;
    if (current?.status === 'REQUESTED') throw refused('request_for_callback', `A callback is already requested for ${c.app.application_id}`);
    const at = c.input.callbackAt ? new Date(c.input.callbackAt) : new Date(c.now.getTime() + 3600000);
    if (Number.isNaN(at.getTime())) throw refused('callbackAt', 'callbackAt must be an ISO date-time');
    setApp(c, 'doc', { ...c.app.doc, callback: { status: 'REQUESTED', requestedBy: c.user.userName, requestedAt: c.now.toISOString(), callbackAt: at.toISOString(), reason: c.input.reason ?? '' } }, 'callback');
    // The task is snoozed until the callback is due (activeOn).
    await changeTask(c, task, { active_on: at });
    c.worklog = { key: 'callbackRequested', params: { at: at.toISOString() } };
  },

  async complete_callback(c) {
    requireStatus(c, 'complete_callback', 'ACTIVE');
    const task = requireAssignedToMe(c, 'complete_callback');
    const current = c.app.doc.callback as Record<string, unknown> | undefined;
    if (current?.status !== 'REQUESTED') throw refused('complete_callback', `No callback is pending for ${c.app.application_id}`);
    setApp(c, 'doc', { ...c.app.doc, callback: { ...current, status: 'COMPLETED', completedBy: c.user.userName, completedAt: c.now.toISOString() } }, 'callback');
    await changeTask(c, task, { active_on: null });
    c.worklog = { key: 'callbackCompleted', params: {} };
  },
};

export const isApplicationAction = (a: string): a is ApplicationAction => (APPLICATION_ACTIONS as readonly string[]).includes(a);

/**
 * §4 other task actions beyond the §4 application actions, offered only where the task's lifecycle step lists them
 * (tasks.actions, copied from the product's lifecycle): Drop (the applicant dropped out: CANCELLED, recorded as a
 * drop-out, which Rebook can reopen) and Reappraise (back to the appraisal step the action's value names, for a
 * fresh credit appraisal; the current step's approvals are withdrawn). Both need the task's holder and a reason.
 */
export const TASK_ACTIONS = { drop: 'Drop', reappraise: 'Reappraise' } as const;
export type TaskAction = keyof typeof TASK_ACTIONS;
const isTaskAction = (a: string): a is TaskAction => Object.hasOwn(TASK_ACTIONS, a);

function requireListed(c: Ctx, task: TaskRow, type: string): { type: string; value: string } {
  const listed = task.actions.find((a) => a.type === type);
  if (!listed) throw refused(type.toLowerCase(), `The ${task.step_name} step does not offer ${type}`);
  return listed;
}

const taskHandlers: Record<TaskAction, Handler> = {
  async drop(c) {
    const task = requireAssignedToMe(c, 'drop');
    requireListed(c, task, 'Drop');
    const reason = requiredReason('drop an application', c.input.reason);
    await closeTask(c, 'Cancelled');
    closeApp(c, 'CANCELLED');
    setApp(c, 'doc', { ...c.app.doc, dropped: { reason, by: c.user.userName, at: c.now.toISOString(), stage: task.step_number } }, 'dropped');
    c.worklog = { key: 'dropped', params: { step: task.step_name, reason } };
    pushNotice(c, teamNotice(c, { key: 'cancelledApp', params: { actor: c.user.userName, app: c.app.application_id } }));
  },

  async reappraise(c) {
    const task = requireAssignedToMe(c, 'reappraise');
    const listed = requireListed(c, task, 'Reappraise');
    const reason = requiredReason('reappraise', c.input.reason);
    const to = Number(listed.value);
    if (!Number.isInteger(to) || to < 0 || to >= task.step_number || !c.steps.some((s) => s.stepNumber === to)) {
      throw refused('reappraise', `The ${task.step_name} step names no earlier step to reappraise at`);
    }
    await closeTask(c, 'Cancelled');
    await openStep(c, to, `Reappraisal asked from ${task.step_name}`);
    c.worklog = { key: 'reappraisal', params: { step: task.step_name, toStep: c.task!.step_name, reason } };
  },
};

/**
 * Runs one §4 action in one transaction: lock the row, check verNum (optimistic concurrency: a
 * stale one answers 409 naming both versions), check the action's preconditions, apply its
 * effects on status, task and clocks, then bump verNum and write the audit rows, a worklog and the
 * notifications. Any refusal rolls everything back.
 */
export async function runAction(db: Db, user: CurrentUser, action: string, input: ActionInput, now = new Date()) {
  if (!isApplicationAction(action) && !isTaskAction(action)) throw refused('action', `Unknown action "${action}"; known: ${APPLICATION_ACTIONS.join(', ')}`);
  if (!isStaff(user) || !mayAct(user)) throw forbidden(action, 'You have application access only: actions need APPLICATIONS_ACTIONS');
  let written: NotificationRow[] = [];
  const view = await db.transaction(async (tx) => {
    const app = await findApplication(tx, input.application_id, true);
    if (input.verNum !== app.ver_num) throw staleVersion(app.application_id, input.verNum, app.ver_num);
    const c: Ctx = {
      tx, app: { ...app }, task: await currentTask(tx, app.cur_task_id, true), steps: await loadLifecycle(tx, app.product_code, app.flow_ver_num),
      user, input, now, changes: [], notices: [], worklog: action, heldSecs: 0,
    };
    await (isTaskAction(action) ? taskHandlers[action] : handlers[action])(c);
    const a = c.app;
    // One UPDATE for the application and its current task's list columns: the counters of
    // application_counts (014) are then locked once, in key order, per action.
    const cols = c.task ? [...CURRENT_TASK_COLUMNS] : ['cur_task_id'];
    const vals = c.task ? currentTaskValues(c.task) : [a.cur_task_id];
    await tx.query(
      // open_* counts and holders are the sub_tasks trigger's to keep (011), not written here.
      `UPDATE applications SET status = $2, stage = $3, closed_at = $4, doc = $5, mod_time = $6, ver_num = ver_num + 1,
              held_since = $7, sla_excluded_secs = sla_excluded_secs + $8,
              ${cols.map((col, i) => `${col} = $${i + 9}`).join(', ')}
        WHERE application_id = $1`,
      [a.application_id, a.status, a.stage, a.closed_at, JSON.stringify(a.doc), now, a.held_since, c.heldSecs, ...vals],
    );
    await writeAudits(tx, a.application_id, action, user.userName, now, c.changes, { input: { ...input, verNum: undefined } });
    const [comment, text] = await worklogColumns(tx, c.worklog);
    await tx.query(`INSERT INTO worklogs (application_id, task_id, user_id, action, comment, at, text) VALUES ($1,$2,$3,$4,$5,$6,$7)`, [a.application_id, c.task?.task_id ?? null, user.userName, action, comment, now, text]);
    written = await notify(tx, a.application_id, user.userName, c.notices, now);
    // Followers hear of every change, except those this change already told.
    written.push(...(await notifyFollowers(tx, { applicationId: a.application_id, sender: user.userName, action, at: now, alreadyTold: c.notices.map((n) => n.user) })));
    return buildView(tx, await findApplication(tx, a.application_id), user, now);
  });
  // Stored, committed, then pushed to the recipients' sockets.
  publishNotifications(db, written);
  return view;
}
