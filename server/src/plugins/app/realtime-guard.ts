import { ERROR_MESSAGES } from '@lendline/shared/contract';

/**
 * Why the server closed a notification socket, told to the client just before the close (docs/identity.md
 * "Sockets and sessions") so it knows whether to reconnect, with which token, or not at all:
 * - SESSION_ENDED: the session is over (told as LOGOUT, the §7 event): log in again;
 * - TOKEN_EXPIRED: the token the socket was opened with no longer works (its TTL, or the grace after a refresh):
 *   reconnect with the session's current token, never with the same one;
 * - RATE_LIMITED: the socket kept sending far more events than allowed: reconnect later.
 */
export type CloseReason = 'SESSION_ENDED' | 'TOKEN_EXPIRED' | 'RATE_LIMITED';

export const CLOSE_MESSAGES: Record<CloseReason, string> = {
  SESSION_ENDED: 'Session expired. Please login again.',
  TOKEN_EXPIRED: 'The token this socket was opened with has expired: connect again with the current one.',
  RATE_LIMITED: 'Too many events on this socket: connect again later.',
};

/** The *_RESULT of an event dropped by the throttle (§8 body, like the HTTP 429). */
export const TOO_MANY_EVENTS = {
  code: 1101,
  message: ERROR_MESSAGES[1101],
  data: [{ label: 'socket', reason: 'Too many events; try again in 1 second' }],
};

/** Dropped events within ABUSE_WINDOW_MS beyond this many times the burst: the socket is closed as RATE_LIMITED. */
export const ABUSE_FACTOR = 10;
export const ABUSE_WINDOW_MS = 10_000;

/**
 * A token bucket per socket: `burst` events at once, refilled at `perSecond`. An event over the limit is dropped
 * (answered TOO_MANY_EVENTS, nothing run); a socket that keeps pushing (more than ABUSE_FACTOR × burst drops within
 * ABUSE_WINDOW_MS) is abusive and gets closed.
 */
export class EventBucket {
  private tokens: number;
  private at: number;
  private drops = 0;
  private windowStart: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.at = now;
    this.windowStart = now;
  }

  take(now = Date.now()): 'ok' | 'drop' | 'abuse' {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'ok';
    }
    if (now - this.windowStart > ABUSE_WINDOW_MS) {
      this.windowStart = now;
      this.drops = 0;
    }
    return ++this.drops > ABUSE_FACTOR * this.burst ? 'abuse' : 'drop';
  }
}

/**
 * One run at a time per key, the rest share the next: a call while a run is under way waits for one more run that
 * starts after it (so its answer reflects the state after it asked), and every call made meanwhile gets that same
 * run. UPDATE_COUNT from many tabs or a chatty client costs at most two runs at a time per user, not one each.
 */
export class Coalescer {
  private readonly runs = new Map<string, { current: Promise<unknown>; queued?: Promise<unknown> }>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const entry = this.runs.get(key);
    if (entry?.queued) return entry.queued as Promise<T>;
    const p = (entry ? entry.current.then(noop, noop) : Promise.resolve()).then(fn);
    if (entry) entry.queued = p;
    else this.runs.set(key, { current: p });
    void p.then(noop, noop).then(() => {
      const e = this.runs.get(key);
      if (!e || e.current !== p) return;
      if (e.queued) {
        e.current = e.queued;
        e.queued = undefined;
      } else this.runs.delete(key);
    });
    return p;
  }
}
const noop = () => undefined;
