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
export function slaPart(c: ClockColumns, now: Date): SlaPart & { breached: boolean } {
  const start = ms(c.start);
  const end = ms(c.end);
  const enabled = c.limitMins != null;
  const expected = start != null && enabled ? start + c.limitMins! * 60000 : null;
  const breached = expected != null && (end ?? now.getTime()) > expected;
  const status = start == null ? 'NOT_STARTED' : breached ? 'BREACHED' : end == null ? 'RUNNING' : 'STOPPED';
  return { status, startTS: iso(start), endTS: iso(end), timeLimit: { enabled, valueInMins: c.limitMins ?? 0, expectedEndTS: iso(expected) }, breached };
}

export interface SlaColumns {
  progress: TaskProgress | string;
  overall_start: Date | string | null; overall_end: Date | string | null; overall_limit_mins: number | null;
  queued_start: Date | string | null; queued_end: Date | string | null; queued_limit_mins: number | null;
  assigned_start: Date | string | null; assigned_end: Date | string | null; assigned_limit_mins: number | null;
}

/**
 * §4: the due time is the assigned limit when in progress, the queued limit when pending, otherwise
 * the overall limit — each only if enabled. Closed tasks have no due time.
 */
export function slaDueAt(t: SlaColumns): Date | null {
  const add = (start: Date | string | null, mins: number | null) => (start == null || mins == null ? null : new Date(new Date(start).getTime() + mins * 60000));
  if (t.progress === 'In Progress' && t.assigned_limit_mins != null && t.assigned_start) return add(t.assigned_start, t.assigned_limit_mins);
  if (t.progress === 'Pending' && t.queued_limit_mins != null && t.queued_start) return add(t.queued_start, t.queued_limit_mins);
  if (t.progress !== 'In Progress' && t.progress !== 'Pending') return null;
  return add(t.overall_start, t.overall_limit_mins);
}
