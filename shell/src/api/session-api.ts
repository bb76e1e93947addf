import { ApiError, AUTH, INVALID_USER, api, isAuthReply, sessionFromReply, sessionStore, type AuthReply } from '@lendline/shared';
import { go } from '../lib/navigate';
import { clearSession } from '../lib/session-persistence';

/** Stores a login, refresh or getToken reply as the page's session (and user when sent). */
export function startSession(reply: AuthReply): void {
  const user = reply.user ?? sessionStore.getState().user;
  sessionStore.setState({ session: sessionFromReply(reply), user: user ?? null });
}

/**
 * Refreshes the tokens (§7). A reply with error "Invalid user" (rotated, revoked or unknown
 * refresh token) ends the session and sends the user to ./login (§2, §8).
 */
export async function refreshSession(): Promise<boolean> {
  const current = sessionStore.getState().session;
  if (!current) return false;
  try {
    const reply = await api.post<AuthReply>(AUTH.refreshToken, { refresh_token: current.refresh_token }, { silent: true });
    if (reply?.error === INVALID_USER || !isAuthReply(reply)) throw new ApiError(401, reply);
    startSession(reply);
    return true;
  } catch (e) {
    const body = e instanceof ApiError ? (e.body as { error?: string } | null) : null;
    if (body?.error === INVALID_USER || (e instanceof ApiError && e.status === 401)) {
      clearSession();
      go('/login', { replace: true });
    }
    return false;
  }
}

let endingHere = false;

/** True while this tab ends its own session: the notification socket's LOGOUT then is no "expired" news. */
export function isLoggingOut(): boolean {
  return endingHere;
}

async function endingOwnSession(run: () => Promise<unknown>): Promise<void> {
  endingHere = true;
  try {
    await run();
  } finally {
    endingHere = false;
  }
}

/** Revokes the session on the server; the client clears it whatever the answer. */
export async function endSession(): Promise<void> {
  const current = sessionStore.getState().session;
  if (current) await endingOwnSession(() => api.post(AUTH.endSession, { refresh_token: current.refresh_token }, { silent: true }).catch(() => undefined));
}

/** POST /v3/auth/logout carries only the refresh_token header (§7). */
export async function logout(): Promise<void> {
  await endingOwnSession(async () => {
    if (sessionStore.getState().session) await api.post(AUTH.logout, undefined, { silent: true }).catch(() => undefined);
    clearSession();
  });
  go('/', { replace: true });
}
