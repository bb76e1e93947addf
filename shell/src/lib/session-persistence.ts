import { sessionStore, type Session, type User } from '@lendline/shared';
import { SESSION_KEY } from './session-key';

/**
 * The session survives reloads in localStorage rather than sessionStorage: staff open
 * applications in new tabs and must stay signed in there, every tab then shares one token pair
 * (a refresh in one tab is seen by the others through the storage event, so no tab replays a
 * rotated refresh token, which the server punishes by revoking the session), logout in one tab
 * signs out all of them, and e2e can log in once and reuse the storage state. Exposure is the
 * same as sessionStorage for script on the page; the access token lives valid_session_time only.
 */
export { SESSION_KEY };
/** The "login flag" the not-found page clears together with the tokens (§2). */
export const LOGIN_FLAG_KEY = 'lendline.isLoggedIn';

interface Persisted {
  session: Session;
  user: User | null;
}

export function restoreSession(): void {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return;
    const saved = JSON.parse(raw) as Persisted;
    if (saved?.session?.access_token) sessionStore.setState({ session: saved.session, user: saved.user ?? null });
  } catch {
    localStorage.removeItem(SESSION_KEY);
  }
}

function write(session: Session | null, user: User | null) {
  try {
    if (session) {
      const value = JSON.stringify({ session, user } satisfies Persisted);
      if (localStorage.getItem(SESSION_KEY) !== value) localStorage.setItem(SESSION_KEY, value);
      localStorage.setItem(LOGIN_FLAG_KEY, 'true');
    } else {
      localStorage.removeItem(SESSION_KEY);
      localStorage.removeItem(LOGIN_FLAG_KEY);
    }
  } catch {
    /* storage full or blocked: the session then lasts this page only */
  }
}

/** Mirrors every change of the shared session store into storage, and other tabs' changes back. */
export function persistSessionChanges(): () => void {
  const unsubscribe = sessionStore.subscribe((s, prev) => {
    if (s.session !== prev.session || s.user !== prev.user) write(s.session, s.user);
  });
  const onStorage = (e: StorageEvent) => {
    if (e.key !== SESSION_KEY) return;
    if (!e.newValue) sessionStore.getState().clear();
    else restoreSession();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

/** Clears tokens, user and the login flag (logout, expiry, not-found page). */
export function clearSession(): void {
  sessionStore.getState().clear();
  write(null, null);
}
