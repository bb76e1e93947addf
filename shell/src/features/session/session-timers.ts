import { createStore } from 'zustand/vanilla';
import { CONFIG, DEFAULT_SESSION_TIMING, api, isSessionLive, parseSessionTiming, planSessionTimers, sessionStore, type Session, type SessionTimingConfig } from '@lendline/shared';
import { go } from '../../lib/navigate';
import { clearSession } from '../../lib/session-persistence';
import { endSession, refreshSession } from '../../api/session-api';
import { takeEarly } from '../../boot/early-requests';
import { watchActivity } from './session-activity';

export type SessionModal = { kind: 'warning'; minutes: number; timeoutMs: number } | { kind: 'expired' } | null;

/** Which session modal is open (§2: warning question, session expired). */
export const sessionModalStore = createStore<{ modal: SessionModal }>(() => ({ modal: null }));

let timing: SessionTimingConfig = DEFAULT_SESSION_TIMING;
const timers: ReturnType<typeof setTimeout>[] = [];

function clearTimers() {
  while (timers.length) clearTimeout(timers.pop());
}

/** Timings come from GET /setup/configs/Admin/Session so a test can shorten them (docs/identity.md). */
export async function loadSessionTiming(): Promise<void> {
  try {
    const reply = (await takeEarly('session')) ?? (await api.get(CONFIG.setupConfig('Admin', 'Session'), { silent: true }));
    timing = parseSessionTiming(reply);
  } catch {
    timing = DEFAULT_SESSION_TIMING;
  }
}

/** When this tab last got fresh tokens (its own refresh, another tab's, or sign-in), and last saw activity. */
let lastRefreshAt = Date.now();
let lastActivityAt = 0;
/** NO was answered: activity no longer extends this session (it runs out at its expiry, §8). */
let declined = false;
let refreshing = false;

/** Tabs share one token pair: a short lock keeps two tabs from rotating the same refresh token (reuse revokes it). */
const REFRESH_LOCK_KEY = 'lendline.session.refreshing';
const REFRESH_LOCK_MS = 10_000;

function takeRefreshLock(now: number): boolean {
  try {
    const held = Number(localStorage.getItem(REFRESH_LOCK_KEY));
    if (held && now - held < REFRESH_LOCK_MS) return false;
    localStorage.setItem(REFRESH_LOCK_KEY, String(now));
  } catch {
    /* no storage: this tab alone decides */
  }
  return true;
}

async function keepAlive(): Promise<void> {
  const now = Date.now();
  if (refreshing || !takeRefreshLock(now)) return;
  refreshing = true;
  try {
    await refreshSession();
  } finally {
    refreshing = false;
    try {
      localStorage.removeItem(REFRESH_LOCK_KEY);
    } catch {
      /* ignore */
    }
  }
}

let trailing: ReturnType<typeof setTimeout> | null = null;

/**
 * Activity keeps the session alive by the §7 refresh, at most once per activityRefreshSeconds: activity the throttle
 * holds back is answered by one refresh when the interval is over, so the idle time counts from the last activity
 * (within that interval). While the warning is open only its YES extends (a stray key is no answer); after NO,
 * nothing does.
 */
export function noteActivity(now: number = Date.now()): void {
  lastActivityAt = now;
  const session = sessionStore.getState().session;
  if (!session || declined || !isSessionLive(session, now) || sessionModalStore.getState().modal) return;
  const wait = lastRefreshAt + timing.activityRefreshSeconds * 1000 - now;
  if (wait <= 0) return void keepAlive();
  trailing ??= setTimeout(() => {
    trailing = null;
    if (lastActivityAt > lastRefreshAt) noteActivity(lastActivityAt);
  }, wait);
}

function schedule(session: Session | null) {
  clearTimers();
  if (!session) return;
  const plan = planSessionTimers(session, timing, Date.now());
  if (plan.warnInMs !== null) {
    timers.push(setTimeout(() => askToExtend(plan.minutes), plan.warnInMs));
  }
  timers.push(setTimeout(expire, plan.expireInMs));
}

/**
 * The §8 question. It stays until answered or until the session runs out: closing it by itself after the §9 question
 * timeout would leave an officer who looked away with no warning before the expiry (docs/identity.md).
 */
function askToExtend(minutes: number) {
  sessionModalStore.setState({ modal: { kind: 'warning', minutes, timeoutMs: timing.questionTimeoutMs } });
}

/** YES: refresh the tokens; the new session reschedules every timer (store subscription). */
export async function answerYes(): Promise<void> {
  sessionModalStore.setState({ modal: null });
  await refreshSession();
}

/** NO: the session runs out at its expiry time. */
export function answerNo(): void {
  if (sessionModalStore.getState().modal?.kind !== 'warning') return;
  declined = true;
  sessionModalStore.setState({ modal: null });
}

async function expire() {
  clearTimers();
  if (!sessionStore.getState().session) return;
  await endSession();
  clearSession();
  sessionModalStore.setState({ modal: { kind: 'expired' } });
  go('/', { replace: true });
}

export function closeExpiredModal(): void {
  sessionModalStore.setState({ modal: null });
}

/** Starts watching the shared session: every new or refreshed session is scheduled afresh. */
export function startSessionTimers(): () => void {
  schedule(sessionStore.getState().session);
  const stopWatching = watchActivity(() => noteActivity());
  const unsubscribe = sessionStore.subscribe((s, prev) => {
    if (s.session === prev.session) return;
    // A refreshed (here or in another tab) or ended session makes a pending question moot.
    if (sessionModalStore.getState().modal?.kind === 'warning') sessionModalStore.setState({ modal: null });
    if (s.session && s.session.sessionId !== prev.session?.sessionId) {
      // A new sign-in: what was declined or done in the previous one does not carry over.
      declined = false;
      lastActivityAt = 0;
    }
    lastRefreshAt = Date.now();
    schedule(s.session);
  });
  return () => {
    stopWatching();
    unsubscribe();
  };
}
