import { slaStateOf, type SlaFacts, type SlaSnapshot } from '@lendline/shared/contract';
import type { ApplicationRow } from '../applications/row';

/** The application columns the SLA state is computed from (every list row carries them: lists/list-service.ts). */
export type SlaRowColumns = Pick<ApplicationRow, 'status' | 'created_at' | 'closed_at' | 'sla_due_at' | 'sla_limit_mins' | 'sla_paused_at' | 'held_since' | 'sla_excluded_secs'>;

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export function slaFactsOf(r: SlaRowColumns): SlaFacts {
  return {
    status: r.status,
    openedAt: new Date(r.created_at).toISOString(),
    closedAt: iso(r.closed_at),
    dueAt: iso(r.sla_due_at),
    limitMins: r.sla_limit_mins,
    heldSince: iso(r.held_since),
    waitingSince: iso(r.sla_paused_at),
    excludedMins: Math.floor(Number(r.sla_excluded_secs ?? 0) / 60),
  };
}

/** The one SLA state of an application (shared/src/sla/state.ts): the detail, the lists, the drill-down, the inbox. */
export function slaOfRow(r: SlaRowColumns, now: number): SlaSnapshot {
  const { msLeft: _left, ...snapshot } = slaStateOf(slaFactsOf(r), now);
  return snapshot;
}
