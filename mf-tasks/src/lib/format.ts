const pad = (n: number) => String(n).padStart(2, '0');

/** §9 default date format DD/MM/YYYY, with hh:mm. */
export function formatDate(value: string | null | undefined, withTime = true): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const date = `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
  return withTime ? `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}` : date;
}

/** Two hours before the due time an item is at risk (amber); past it, breached (red). */
export const AT_RISK_MS = 2 * 3600_000;
export type DueRisk = 'breached' | 'at-risk' | 'on-track' | 'none';

export function dueRisk(dueAt: string | null, now = Date.now()): DueRisk {
  if (!dueAt) return 'none';
  const left = new Date(dueAt).getTime() - now;
  return left < 0 ? 'breached' : left < AT_RISK_MS ? 'at-risk' : 'on-track';
}

/** "3 h 20 min", "2 d 4 h": the time left or overdue, in words a glance reads. */
export function formatDuration(ms: number): string {
  const mins = Math.round(Math.abs(ms) / 60000);
  const d = Math.floor(mins / 1440);
  const h = Math.floor((mins % 1440) / 60);
  const m = mins % 60;
  if (d) return `${d} d ${h} h`;
  if (h) return `${h} h ${m} min`;
  return `${m} min`;
}
