import type { ApplicationStatus } from '../types';

/**
 * The one SLA state every screen shows (lists, the task inbox, the managers' drill-down, the detail header), from
 * the application's status first:
 * - ACTIVE: the running clock, ON_TRACK, AT_RISK in its last 20 % or BREACHED past its due time; PAUSED while the
 *   current task waits on the applicant (the bank's clock is stopped); NO_SLA when no limit is enabled;
 * - INACTIVE (on hold): PAUSED since it was put on hold;
 * - REJECTED, CANCELLED, COMPLETED, DELETED: CLOSED, with the time the bank took (opened to closed, less the time
 *   on hold and waiting on the applicant).
 * The server answers it computed (`sla` on the detail, list rows and inbox items); a screen that keeps a live clock
 * computes it again from the same facts with its own "now".
 */
export type SlaStateKind = 'ON_TRACK' | 'AT_RISK' | 'BREACHED' | 'PAUSED' | 'CLOSED' | 'NO_SLA';
export type SlaPauseReason = 'ON_HOLD' | 'WAITING_ON_APPLICANT';

/** What the state is computed from: the application row's columns, as ISO times and minutes. */
export interface SlaFacts {
  status: ApplicationStatus;
  /** When the application was opened. */
  openedAt: string;
  /** When it was closed (REJECTED, CANCELLED, COMPLETED, DELETED). */
  closedAt: string | null;
  /** The §4 due time of the running clock (already later by the time not counted). */
  dueAt: string | null;
  /** That clock's limit. */
  limitMins: number | null;
  /** On hold (INACTIVE) since. */
  heldSince: string | null;
  /** The current task waits on the applicant since. */
  waitingSince: string | null;
  /** Time on hold and waiting on the applicant so far (closed periods), not counted against the bank. */
  excludedMins: number;
}

export interface SlaState extends SlaFacts {
  state: SlaStateKind;
  /** Time to the due time (negative: overdue), for a running clock. */
  msLeft: number | null;
  /** PAUSED: since when, and why. */
  pausedSince: string | null;
  pauseReason: SlaPauseReason | null;
  /** CLOSED: the bank's time from opening to closing, in minutes. */
  tookMins: number | null;
}

/**
 * The state as the server answers it: without the time left, which changes by the millisecond (two reads of one row
 * must answer the same); a screen computes it with slaStateOf(snapshot, its own now).
 */
export type SlaSnapshot = Omit<SlaState, 'msLeft'>;

/** Share of a clock's limit, at its end, in which it counts as at risk. */
export const SLA_AT_RISK_SHARE = 0.2;

const CLOSED: readonly ApplicationStatus[] = ['REJECTED', 'CANCELLED', 'COMPLETED', 'DELETED'];
const time = (iso: string | null) => (iso == null ? null : new Date(iso).getTime());

export function slaStateOf(f: SlaFacts, now: number): SlaState {
  const facts: SlaFacts = {
    status: f.status, openedAt: f.openedAt, closedAt: f.closedAt, dueAt: f.dueAt, limitMins: f.limitMins,
    heldSince: f.heldSince, waitingSince: f.waitingSince, excludedMins: f.excludedMins,
  };
  const base = { ...facts, msLeft: null, pausedSince: null, pauseReason: null, tookMins: null };
  if (CLOSED.includes(f.status)) {
    const opened = time(f.openedAt);
    const closed = time(f.closedAt);
    const took = opened != null && closed != null ? Math.max(0, Math.floor((closed - opened) / 60000) - f.excludedMins) : null;
    return { ...base, state: 'CLOSED', tookMins: took };
  }
  if (f.status === 'INACTIVE') return { ...base, state: 'PAUSED', pausedSince: f.heldSince, pauseReason: 'ON_HOLD' };
  if (f.waitingSince) return { ...base, state: 'PAUSED', pausedSince: f.waitingSince, pauseReason: 'WAITING_ON_APPLICANT' };
  const due = time(f.dueAt);
  if (due == null) return { ...base, state: 'NO_SLA' };
  const msLeft = due - now;
  const limitMs = (f.limitMins ?? 0) * 60000;
  const state: SlaStateKind = msLeft < 0 ? 'BREACHED' : limitMs > 0 && msLeft <= limitMs * SLA_AT_RISK_SHARE ? 'AT_RISK' : 'ON_TRACK';
  return { ...base, state, msLeft };
}
