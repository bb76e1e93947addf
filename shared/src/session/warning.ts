import { QUESTION_TOAST_TIMEOUT_MS, SESSION_ACTIVITY_REFRESH_S, SESSION_WARNING_BEFORE_S, SESSION_WARNING_MIN_EXPIRES_IN_S, VALID_SESSION_TIME_S } from '../constants';
import type { Session } from '../types';

/** Timings published at GET /setup/configs/Admin/Session (docs/identity.md). */
export interface SessionTimingConfig {
  validSessionTime: number;
  warningBeforeSeconds: number;
  warningMinExpiresIn: number;
  questionTimeoutMs: number;
  /** Activity (input, navigation, changing API calls) refreshes the session at most once per this many seconds. */
  activityRefreshSeconds: number;
}

export const DEFAULT_SESSION_TIMING: SessionTimingConfig = {
  validSessionTime: VALID_SESSION_TIME_S,
  warningBeforeSeconds: SESSION_WARNING_BEFORE_S,
  warningMinExpiresIn: SESSION_WARNING_MIN_EXPIRES_IN_S,
  questionTimeoutMs: QUESTION_TOAST_TIMEOUT_MS,
  activityRefreshSeconds: SESSION_ACTIVITY_REFRESH_S,
};

/** Reads the config reply, keeping the default for any field that is missing or not a positive number. */
export function parseSessionTiming(reply: unknown): SessionTimingConfig {
  const data = (reply && typeof reply === 'object' && 'data' in reply ? (reply as { data: unknown }).data : reply) as Record<string, unknown> | null;
  const out = { ...DEFAULT_SESSION_TIMING };
  if (data && typeof data === 'object') {
    for (const k of Object.keys(out) as (keyof SessionTimingConfig)[]) {
      const v = Number(data[k]);
      if (data[k] !== undefined && data[k] !== null && Number.isFinite(v) && v >= 0) out[k] = v;
    }
  }
  return out;
}

export interface SessionPlan {
  /** Milliseconds until the warning question, or null when none is scheduled. */
  warnInMs: number | null;
  /** Minutes said in the warning text. */
  minutes: number;
  /** Milliseconds until the session expires (0 when it already has). */
  expireInMs: number;
}

/**
 * Pure scheduling of §4/§9: the warning is scheduled only when expires_in ≥ warningMinExpiresIn,
 * warningBeforeSeconds before the expiry; the expiry itself always is. A warning time already
 * past (page reloaded late) fires at once while the session is still live.
 */
export function planSessionTimers(session: Pick<Session, 'expires_in' | 'sessionExpiryTime'>, cfg: SessionTimingConfig, now: number): SessionPlan {
  const expireInMs = Math.max(0, session.sessionExpiryTime - now);
  const eligible = session.expires_in >= cfg.warningMinExpiresIn && expireInMs > 0;
  const warnInMs = eligible ? Math.max(0, expireInMs - cfg.warningBeforeSeconds * 1000) : null;
  const secondsLeftAtWarning = warnInMs === null ? 0 : (expireInMs - warnInMs) / 1000;
  return { warnInMs, expireInMs, minutes: Math.max(1, Math.ceil(secondsLeftAtWarning / 60)) };
}

/** §8 text, word for word (including the space before the question mark). */
export function sessionWarningText(minutes: number): string {
  return `Your session will expire in next ${minutes} minute. Do you wish to increase the session ?`;
}

export const SESSION_EXPIRED_TEXT = 'Your session expired';
