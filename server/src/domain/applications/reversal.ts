import { BANK_TIME_ZONE, formatDateTime } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { refused } from '../errors';
import type { TaskRow } from '../lifecycle/tasks';
import { assertAssignable } from './assignee';

/**
 * Reversible decisions (issue 25): a rejection and a hold remember where the application stood, so cancelReject
 * ("Withdraw rejection") and activate ("Reactivate") put it back on the same task with the same holder, within the
 * product's reversal window (approval_matrices.body.decline.reversalWindowHours, 081), and its clocks resume with
 * the time it was rejected or on hold kept apart from the SLA.
 */

/** Where the application stood when it was rejected or put on hold. */
export interface Standing {
  taskId: string;
  stage: number;
  progress: string;
  assignedTo: string | null;
}

/** applications.doc.rejection. */
export interface Rejection {
  /** The decline reason's label (older rows: the free text). */
  reason: string;
  reasonCode?: string;
  comment?: string;
  /** Who made the rejection final (the officer declining directly, or the confirmer). */
  by: string;
  /** The officer whose recommendation was confirmed. */
  recommendedBy?: string;
  /** Rejected by an approver of the chain: who had submitted it for approval. */
  maker?: string;
  at: string;
  stage: number;
  restore?: Standing;
}

/** applications.doc.hold: the current hold (INACTIVE). */
export interface Hold {
  reason: string;
  by: string;
  at: string;
  restore: Standing;
}

export const standingOf = (task: TaskRow): Standing => ({ taskId: task.task_id, stage: task.step_number, progress: task.progress, assignedTo: task.assigned_to });

/** The mandatory reason of a decision (§8 400 without one), trimmed. */
export function requiredReason(action: string, reason: string | undefined): string {
  const r = reason?.trim();
  if (!r) throw refused('reason', `A reason is required to ${action}`);
  return r;
}

/** 400 once the window since `since` has passed: the decision stands and a new application is the way on. */
export function assertWithinWindow(action: string, since: Date | string | null, windowHours: number, now: Date): void {
  if (!since) return;
  const until = new Date(since).getTime() + windowHours * 3600000;
  if (now.getTime() > until) {
    throw refused(action, `This can be undone only within ${windowHours} hours of the decision (until ${formatDateTime(until, { timeZone: BANK_TIME_ZONE })} India time)`);
  }
}

export const secondsBetween = (from: Date | string, to: Date) => Math.max(0, Math.round((to.getTime() - new Date(from).getTime()) / 1000));

/**
 * The task's columns to resume it as it stood: the same holder In Progress when they may still work it (else the
 * team's queue), the overall clock running again with the paused time added to its hold (which moves its expected
 * end), and the assigned clock's start moved later by the pause so its due time is what it was when it stopped.
 */
export async function resumeColumns(q: Queryable, task: TaskRow, standing: Standing | undefined, pausedSecs: number, now: Date): Promise<Partial<Record<keyof TaskRow, unknown>>> {
  let holder = standing?.progress === 'In Progress' ? standing.assignedTo : null;
  if (holder) {
    try {
      await assertAssignable(q, task, holder);
    } catch {
      holder = null; // left the team or was disabled since: the task waits in its team's queue
    }
  }
  const base = { overall_end: null, sla_held_secs: Number(task.sla_held_secs ?? 0) + pausedSecs };
  if (!holder) return { ...base, progress: 'Pending', assigned_to: null, queued_start: now, queued_end: null };
  const assignedStart = task.assigned_start ? new Date(new Date(task.assigned_start).getTime() + pausedSecs * 1000) : now;
  return { ...base, progress: 'In Progress', assigned_to: holder, assigned_start: assignedStart, assigned_end: null };
}
