/**
 * Where the session is kept across reloads (session-persistence.ts says why localStorage). Free of
 * shared singletons: the shell's entry reads it before Module Federation's async boundary.
 */
export const SESSION_KEY = 'lendline.session';

/** A stored session with an access token (restoreSession will bring it back). */
export function hasStoredSession(): boolean {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    return !!raw && !!(JSON.parse(raw) as { session?: { access_token?: unknown } })?.session?.access_token;
  } catch {
    return false;
  }
}
