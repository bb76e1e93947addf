/**
 * §9's dates and times, the one way every screen and the server's documents show them: the date DD/MM/YYYY and the
 * time hh:mm:ss with its AM/PM marker (hh alone is ambiguous: 10:21 could be morning or night), in the reader's time
 * zone through Intl. The time zone is the staff user's when their profile names one (setDisplayTimeZone), else the
 * browser's; the server passes the bank's zone (BANK_TIME_ZONE) for what it writes into documents.
 */

export interface TimeZoneOptions {
  /** An IANA zone ("Asia/Kolkata"); the display default (the profile's or the browser's) when absent. */
  timeZone?: string;
}

/** Where the bank works: the zone of dates the server writes into documents and texts nobody reads in a browser. */
export const BANK_TIME_ZONE = 'Asia/Kolkata';

let displayZone: string | undefined;

/** The signed-in user's own time zone, when their profile has one; null or an unknown zone restores the browser's. */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  displayZone = zone && isTimeZone(zone) ? zone : undefined;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    // en-US parts: numeric fields in Latin digits and the day period as "AM"/"PM", whatever the page's language.
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h12' });
    formatters.set(key, f);
  }
  return f;
}

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'dayPeriod', string>;

function partsOf(d: Date, opts?: TimeZoneOptions): Parts {
  const out = {} as Parts;
  for (const p of formatterFor(opts?.timeZone ?? displayZone).formatToParts(d)) {
    if (p.type in { year: 1, month: 1, day: 1, hour: 1, minute: 1, second: 1, dayPeriod: 1 }) out[p.type as keyof Parts] = p.value;
  }
  out.dayPeriod = (out.dayPeriod ?? '').toUpperCase();
  return out;
}

/** An instant from a Date, epoch milliseconds or an ISO text; null when it is not one. */
export function toInstant(value: unknown): Date | null {
  if (value == null || value === '') return null;
  const d = value instanceof Date ? value : typeof value === 'number' || typeof value === 'string' ? new Date(value) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY = /^\d{2}\/\d{2}\/\d{4}$/;

/**
 * DD/MM/YYYY. A calendar date ("2026-11-27", or already "27/11/2026") is kept as it is, not moved by a time zone;
 * an instant reads in the display zone. Anything else is shown as given, '' for nothing.
 */
export function formatDate(value: unknown, opts?: TimeZoneOptions): string {
  if (typeof value === 'string') {
    const text = value.trim();
    if (DMY.test(text)) return text;
    const day = DAY_ONLY.exec(text);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const d = toInstant(value);
  if (!d) return value == null ? '' : String(value);
  const p = partsOf(d, opts);
  return `${p.day}/${p.month}/${p.year}`;
}

/** hh:mm:ss AM/PM ("10:21:22 PM"). */
export function formatTime(value: unknown, opts?: TimeZoneOptions): string {
  const d = toInstant(value);
  if (!d) return value == null ? '' : String(value);
  const p = partsOf(d, opts);
  return `${p.hour}:${p.minute}:${p.second} ${p.dayPeriod}`;
}

/** DD/MM/YYYY hh:mm:ss AM/PM ("26/11/2026 10:21:22 PM"). */
export function formatDateTime(value: unknown, opts?: TimeZoneOptions): string {
  const d = toInstant(value);
  if (!d) return value == null ? '' : String(value);
  const p = partsOf(d, opts);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second} ${p.dayPeriod}`;
}

const ISO_INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})\b/g;

/** A server-made text with ISO instants in it ("Snoozed until 2026-11-27T06:29:00.000Z") with each one formatted. */
export function formatInstantsIn(text: string, opts?: TimeZoneOptions): string {
  return text.replace(ISO_INSTANT, (iso) => formatDateTime(iso, opts));
}
