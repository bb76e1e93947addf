/** Two hours before the due time an item is at risk (amber); past it, breached (red). */
export const AT_RISK_MS = 2 * 3600_000;
export type DueRisk = 'breached' | 'at-risk' | 'on-track' | 'none';

/** The breach risk of an item without an SLA state of its own (queries, approvals): by its due time alone. */
export function dueRisk(dueAt: string | null, now = Date.now()): DueRisk {
  if (!dueAt) return 'none';
  const left = new Date(dueAt).getTime() - now;
  return left < 0 ? 'breached' : left < AT_RISK_MS ? 'at-risk' : 'on-track';
}
