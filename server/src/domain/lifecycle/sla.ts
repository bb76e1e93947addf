import type { SlaPart, TaskProgress } from '@lendline/shared/contract';

export interface ClockColumns {
  start: Date | string | null;
  end: Date | string | null;
  limitMins: number | null;
}

const ms = (d: Date | string | null) => (d == null ? null : new Date(d).getTime());
const iso = (t: number | null) => (t == null ? null : new Date(t).toISOString());

/**
 * One SLA clock as §3 shows it. status: NOT_STARTED, RUNNING, STOPPED, or BREACHED once the clock
 * ran (or runs) past its expected end — so breaches are visible in the data, not just in the UI.
 */
export function slaPart(c: ClockColumns, now: Date, pause?: SlaPause): SlaPart & { breached: boolean } {
  const start = ms(c.start);
  const end = ms(c.end);
  const enabled = c.limitMins != null;
  // Time the application waited on the applicant is not the bank's: it moves the expected end, and while a pause
  // runs the clock reads as it did when the pause began.
  const pausedMs = pause ? Number(pause.pausedSecs) * 1000 : 0;
  const pausedAt = pause && end == null ? ms(pause.pausedAt) : null;
  const expected = start != null && enabled ? start + c.limitMins! * 60000 + pausedMs : null;
  const breached = expected != null && (end ?? pausedAt ?? now.getTime()) > expected;
  const status = start == null ? 'NOT_STARTED' : breached ? 'BREACHED' : end != null ? 'STOPPED' : pausedAt != null ? 'PAUSED' : 'RUNNING';
  return { status, startTS: iso(start), endTS: iso(end), timeLimit: { enabled, valueInMins: c.limitMins ?? 0, expectedEndTS: iso(expected) }, breached };
}

/** A task's pause of its assigned clock while it waits on the applicant (043_info_requests.sql). */
export interface SlaPause {
  pausedAt: Date | string | null;
  pausedSecs: number | string;
}

export interface SlaColumns {
  progress: TaskProgress | string;
  overall_start: Date | string | null; overall_end: Date | string | null; overall_limit_mins: number | null;
  queued_start: Date | string | null; queued_end: Date | string | null; queued_limit_mins: number | null;
  assigned_start: Date | string | null; assigned_end: Date | string | null; assigned_limit_mins: number | null;
  /** Absent on rows read before 043. */
  sla_paused_at?: Date | string | null; sla_paused_secs?: number | string | null;
  /** Time spent on hold (079_honest_sla.sql); absent on rows read before it. */
  sla_held_secs?: number | string | null;
}

/** The limit (minutes) of the clock that sets the §4 due time, in the same order as slaDueAt; null when none does. */
export function slaLimitMins(t: SlaColumns): number | null {
  if (t.progress === 'In Progress' && t.assigned_limit_mins != null && t.assigned_start) return t.assigned_limit_mins;
  if (t.progress === 'Pending' && t.queued_limit_mins != null && t.queued_start) return t.queued_limit_mins;
  if (t.progress !== 'In Progress' && t.progress !== 'Pending') return null;
  return t.overall_limit_mins;
}

/**
 * §4: the due time is the assigned limit when in progress, the queued limit when pending, otherwise
 * the overall limit — each only if enabled. Closed tasks have no due time. The assigned clock stops while the task
 * waits on the applicant (a request for information): no due time then, and the waiting time moves it later after.
 */
export function slaDueAt(t: SlaColumns): Date | null {
  const add = (start: Date | string | null, mins: number | null) => (start == null || mins == null ? null : new Date(new Date(start).getTime() + mins * 60000));
  if (t.progress === 'In Progress' && t.assigned_limit_mins != null && t.assigned_start) {
    // Paused (waiting on the applicant): no due time until the bank's clock runs again, then later by the pause.
    if (t.sla_paused_at) return null;
    const due = add(t.assigned_start, t.assigned_limit_mins)!;
    return new Date(due.getTime() + Number(t.sla_paused_secs ?? 0) * 1000);
  }
  if (t.progress === 'Pending' && t.queued_limit_mins != null && t.queued_start) return add(t.queued_start, t.queued_limit_mins);
  if (t.progress !== 'In Progress' && t.progress !== 'Pending') return null;
  // Time on hold is not the bank's: the overall clock's end moves later by it (the queued one restarts on reactivation).
  const overall = add(t.overall_start, t.overall_limit_mins);
  return overall && new Date(overall.getTime() + Number(t.sla_held_secs ?? 0) * 1000);
}
