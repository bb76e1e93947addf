import { isGuardedPath, sessionStore } from '@lendline/shared';
import { isCustomerPath } from '../../lib/customer-portal';
import { startSession } from '../../api/session-api';
import { customerLogin } from '../../api/auth-api';

let pending: Promise<void> | null = null;

/**
 * §6: the customer portal logs in automatically with the built-in customer account, unless the
 * URL is under backstage or a user is already present.
 */
export function needsCustomerLogin(pathname: string, hasUser: boolean): boolean {
  return isCustomerPath(pathname) && !isGuardedPath(pathname) && !hasUser;
}

export function ensureCustomerSession(): Promise<void> {
  const { user, session } = sessionStore.getState();
  if (!needsCustomerLogin(location.pathname, !!user || !!session)) return Promise.resolve();
  pending ??= customerLogin()
    .then(startSession)
    .catch((e) => console.warn('[lendline] customer sign-in failed', e))
    .finally(() => {
      pending = null;
    });
  return pending;
}
