import { createStore } from 'zustand/vanilla';
import { CONFIG, DEFAULT_SESSION_TIMING, api, parseSessionTiming, planSessionTimers, sessionStore, type Session, type SessionTimingConfig } from '@lendline/shared';
import { go } from '../../chrome/navigate';
import { clearSession } from './session-persistence';
import { endSession, refreshSession } from './session-api';
import { takeEarly } from '../../boot/early-requests';

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

function schedule(session: Session | null) {
  clearTimers();
  if (!session) return;
  const plan = planSessionTimers(session, timing, Date.now());
  if (plan.warnInMs !== null) {
    timers.push(setTimeout(() => askToExtend(plan.minutes), plan.warnInMs));
  }
  timers.push(setTimeout(expire, plan.expireInMs));
}

function askToExtend(minutes: number) {
  sessionModalStore.setState({ modal: { kind: 'warning', minutes, timeoutMs: timing.questionTimeoutMs } });
  // §8: the question is answered NO by itself after questionTimeoutMs (20 s by default).
  timers.push(setTimeout(answerNo, timing.questionTimeoutMs));
}

/** YES: refresh the tokens; the new session reschedules every timer (store subscription). */
export async function answerYes(): Promise<void> {
  sessionModalStore.setState({ modal: null });
  await refreshSession();
}

/** NO: the session runs out at its expiry time. */
export function answerNo(): void {
  if (sessionModalStore.getState().modal?.kind === 'warning') sessionModalStore.setState({ modal: null });
}

async function expire() {
  clearTimers();
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
  return sessionStore.subscribe((s, prev) => {
    if (s.session === prev.session) return;
    // A refreshed (here or in another tab) or ended session makes a pending question moot.
    if (sessionModalStore.getState().modal?.kind === 'warning') sessionModalStore.setState({ modal: null });
    schedule(s.session);
  });
}
