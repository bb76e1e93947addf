/**
 * How the notification socket holds its sessions and events to account (README "Environment", docs/identity.md
 * "Sockets and sessions"). Read from the environment when the plugin registers; a bad value stops the start with
 * the setting named.
 */
export interface RealtimeSettings {
  /** SOCKET_SESSION_CHECK_SECONDS (10): how often every socket's session and token are re-checked in the database. */
  sessionCheckSeconds: number;
  /** SOCKET_EVENTS_PER_SECOND (5): events a socket may send per second, on average (token bucket refill). */
  eventsPerSecond: number;
  /** SOCKET_EVENT_BURST (20): events a socket may send at once (token bucket size). */
  eventBurst: number;
}

export const REALTIME_DEFAULTS: RealtimeSettings = { sessionCheckSeconds: 10, eventsPerSecond: 5, eventBurst: 20 };

const SETTINGS: [keyof RealtimeSettings, string, number, number][] = [
  ['sessionCheckSeconds', 'SOCKET_SESSION_CHECK_SECONDS', 1, 3600],
  ['eventsPerSecond', 'SOCKET_EVENTS_PER_SECOND', 1, 1000],
  ['eventBurst', 'SOCKET_EVENT_BURST', 1, 10000],
];

export function realtimeSettings(source: Record<string, string | undefined> = process.env): RealtimeSettings {
  const out = { ...REALTIME_DEFAULTS };
  for (const [key, name, min, max] of SETTINGS) {
    const raw = source[name];
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    out[key] = n;
  }
  return out;
}
