import type { Session } from '../types';

/**
 * §4 route guard: a route is allowed only if an access token and an expiry time exist and the
 * expiry is in the future. Everything else sends the user to root.
 */
export function isSessionLive(session: Partial<Pick<Session, 'access_token' | 'sessionExpiryTime'>> | null | undefined, now: number = Date.now()): boolean {
  if (!session?.access_token) return false;
  const expiry = session.sessionExpiryTime;
  return typeof expiry === 'number' && Number.isFinite(expiry) && expiry > now;
}

/** Routes under /backstage need a live session (§2, §4). */
export function isGuardedPath(pathname: string): boolean {
  return pathname === '/backstage' || pathname.startsWith('/backstage/');
}
