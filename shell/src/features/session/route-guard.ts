import { isGuardedPath, isSessionLive, sessionStore } from '@lendline/shared';
import { go } from '../../lib/navigate';

/** §4: backstage routes need a live session (token + future expiry); otherwise the user goes to root. */
export function guardAllows(pathname: string): boolean {
  return !isGuardedPath(pathname) || isSessionLive(sessionStore.getState().session);
}

/** Redirects to root when the current route is refused; true when it did. */
export function enforceGuard(): boolean {
  if (guardAllows(location.pathname)) return false;
  go('/', { replace: true });
  return true;
}

/** Checks before single-spa mounts anything on every navigation. */
export function installRouteGuard(): () => void {
  const onRoute = () => {
    enforceGuard();
  };
  window.addEventListener('single-spa:before-routing-event', onRoute);
  return () => window.removeEventListener('single-spa:before-routing-event', onRoute);
}
