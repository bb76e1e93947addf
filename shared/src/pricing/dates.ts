/** Dates as YYYY-MM-DD strings in UTC: a due date is a calendar day, not an instant. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function parseDay(s: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) throw new RangeError(`${s} is not a YYYY-MM-DD date`);
  const d = new Date(`${s}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || isoDay(d) !== s) throw new RangeError(`${s} is not a calendar date`);
  return d;
}

/** The same day `months` later, clamped to the month's last day (31 Jan + 1 month → 28/29 Feb). */
export function addMonths(day: string, months: number, dayOfMonth = parseDay(day).getUTCDate()): string {
  const d = parseDay(day);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(y, m, Math.min(dayOfMonth, last))));
}

export const daysBetween = (from: string, to: string) => Math.round((parseDay(to).getTime() - parseDay(from).getTime()) / 86_400_000);

/** `n` working days after `day` (Saturdays and Sundays skipped; holidays are not known here). */
export function addWorkingDays(day: string, n: number): string {
  const d = parseDay(day);
  let left = n;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return isoDay(d);
}
