import type { SlaPart } from '@lendline/shared';
import type { DetailTask } from './application';

export type SlaClock = 'overall' | 'queued' | 'assigned';
const CLOCKS: SlaClock[] = ['overall', 'queued', 'assigned'];

/** §4: the assigned limit when in progress, the queued limit when pending, else the overall one; each only if enabled. */
export function slaPartOf(task: DetailTask): SlaPart | null {
  const ola = task.operationalLevelAgreement;
  if (!ola) return null;
  if (task.progress === 'In Progress' && ola.assigned?.timeLimit?.enabled) return ola.assigned;
  if (task.progress === 'Pending' && ola.queued?.timeLimit?.enabled) return ola.queued;
  return ola.overall?.timeLimit?.enabled ? ola.overall : null;
}

/**
 * The task's other clocks that already breached (a queued clock that ran over before pick-up, say), named apart from
 * the running clock whose state the header shows (shared slaStateOf), so it never reads "16 h left · Breached".
 */
export function earlierBreaches(task: DetailTask | null | undefined): SlaClock[] {
  if (!task) return [];
  const part = slaPartOf(task);
  const ola = task.operationalLevelAgreement;
  return CLOCKS.filter((c) => ola?.[c] && ola[c] !== part && ola[c].status === 'BREACHED');
}
