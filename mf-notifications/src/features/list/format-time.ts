import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT } from '@lendline/shared';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * §9's date and time formats (moment tokens DD/MM/YYYY and hh:mm:ss) in local time. Written out rather than
 * loaded with moment, which is not in this remote's first render; the tokens come from the shared constants.
 */
export function formatTime(iso: string, date = DEFAULT_DATE_FORMAT, time = DEFAULT_TIME_FORMAT): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const h12 = d.getHours() % 12 || 12;
  const tokens: Record<string, string> = {
    YYYY: String(d.getFullYear()),
    MM: pad(d.getMonth() + 1),
    DD: pad(d.getDate()),
    HH: pad(d.getHours()),
    hh: pad(h12),
    mm: pad(d.getMinutes()),
    ss: pad(d.getSeconds()),
  };
  const fmt = (f: string) => f.replace(/YYYY|MM|DD|HH|hh|mm|ss/g, (k) => tokens[k]);
  return `${fmt(date)} ${fmt(time)}`;
}
