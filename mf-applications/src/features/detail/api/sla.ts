import { formatSlaDuration, type SlaPart } from '@lendline/shared';
import type { DetailTask } from './application';

export type SlaRisk = 'breached' | 'at-risk' | 'on-track' | 'none';

export type SlaClock = 'overall' | 'queued' | 'assigned';

export interface SlaState {
  dueAt: Date | null;
  msLeft: number | null;
  /** Risk of the clock that sets the due time (§4 order), not of the task's other clocks. */
  risk: SlaRisk;
  /** Other clocks of the task that already breached (a queued clock that ran over before pick-up, say). */
  breachedClocks: SlaClock[];
}

/** Share of the time limit left under which a task counts as at risk of breaching. */
export const AT_RISK_SHARE = 0.25;

/** §4: the assigned limit when in progress, the queued limit when pending, else the overall one; each only if enabled. */
export function slaPartOf(task: DetailTask): SlaPart | null {
  const ola = task.operationalLevelAgreement;
  if (!ola) return null;
  if (task.progress === 'In Progress' && ola.assigned?.timeLimit?.enabled) return ola.assigned;
  if (task.progress === 'Pending' && ola.queued?.timeLimit?.enabled) return ola.queued;
  return ola.overall?.timeLimit?.enabled ? ola.overall : null;
}

const CLOCKS: SlaClock[] = ['overall', 'queued', 'assigned'];

/**
 * The due time and its risk come from the running clock only. task.slaBreached says that some
 * clock breached, which can be an earlier one (queued too long) while the current step still has
 * hours left; those are listed apart so the header never reads "16h left · Breached".
 */
export function slaState(task: DetailTask | null | undefined, now = Date.now()): SlaState {
  if (!task) return { dueAt: null, msLeft: null, risk: 'none', breachedClocks: [] };
  const part = slaPartOf(task);
  const ola = task.operationalLevelAgreement;
  const breachedClocks = CLOCKS.filter((c) => ola?.[c] && ola[c] !== part && ola[c].status === 'BREACHED');
  const dueText = task.dueAt ?? part?.timeLimit.expectedEndTS ?? null;
  if (!dueText) return { dueAt: null, msLeft: null, risk: 'none', breachedClocks };
  const dueAt = new Date(dueText);
  const msLeft = dueAt.getTime() - now;
  const limitMs = (part?.timeLimit.valueInMins ?? 0) * 60000;
  const risk: SlaRisk = msLeft < 0 ? 'breached' : limitMs > 0 && msLeft < limitMs * AT_RISK_SHARE ? 'at-risk' : 'on-track';
  return { dueAt, msLeft, risk, breachedClocks };
}

/** "3d 4h", "2h 05m", "12m"; negative values read as overdue by the caller: the SLA texts' one formatter (shared). */
export const formatDuration = formatSlaDuration;
