/**
 * Durations in one style everywhere ("3 d 4 h", "2 h 5 min", "15 min"), relative to now ("in 2 h", "overdue by
 * 15 min"), and turnaround (minutes in days and hours, never "21,000" minutes). English and Hindi units.
 */

export interface DurationWords {
  d: string;
  h: string;
  min: string;
  /** "{time}" placeholders: a time still to come, and one past. */
  future: string;
  past: string;
}

export const DURATION_WORDS: Record<'en' | 'hi', DurationWords> = {
  en: { d: 'd', h: 'h', min: 'min', future: 'in {time}', past: 'overdue by {time}' },
  hi: { d: 'दिन', h: 'घं', min: 'मि', future: '{time} में', past: '{time} की देरी' },
};

const wordsOf = (lang?: string): DurationWords => DURATION_WORDS[(lang ?? 'en').startsWith('hi') ? 'hi' : 'en'];

/** The length of `ms` (its sign ignored) in its two largest units: "3 d 4 h", "2 h 5 min", "15 min", "0 min". */
export function formatDuration(ms: number, lang?: string): string {
  const w = wordsOf(lang);
  const mins = Math.floor(Math.abs(ms) / 60000);
  const d = Math.floor(mins / 1440);
  const h = Math.floor((mins % 1440) / 60);
  const m = mins % 60;
  if (d) return h ? `${d} ${w.d} ${h} ${w.h}` : `${d} ${w.d}`;
  if (h) return m ? `${h} ${w.h} ${m} ${w.min}` : `${h} ${w.h}`;
  return `${m} ${w.min}`;
}

/** Time to a due moment: "in 2 h" ahead of it, "overdue by 15 min" past it. */
export function formatRelative(msLeft: number, lang?: string): string {
  const w = wordsOf(lang);
  return (msLeft < 0 ? w.past : w.future).replace('{time}', formatDuration(msLeft, lang));
}

/** A turnaround kept in minutes ("21000") as days and hours ("14 d 14 h"); '' when not a number. */
export function formatTurnaround(minutes: number | null | undefined, lang?: string): string {
  if (minutes == null || !Number.isFinite(minutes)) return '';
  return formatDuration(minutes * 60000, lang);
}
