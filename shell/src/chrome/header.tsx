import { lazy, Suspense } from 'react';
import { followLink } from '../lib/navigate';
import { displayNameOf, isSessionLive } from '@lendline/shared';
import { isCustomerRoute } from '../areas/customer-routes';
import { useLocationKey } from './use-location';
import { useSession } from './use-session';
import { LanguageSwitch } from '../features/i18n/language-switch';
import { TenantSwitch } from '../features/theme/tenant-switch';
import { RemoteBell } from './remote-bell';

// The menu is the UI kit's (react-aria), which the login page must not pay for: it loads once someone is signed in.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
// The navigation and its rules: small, but not for the login page's first render either.
const MainNav = lazy(() => import('./main-nav').then((m) => ({ default: m.MainNav })));

/**
 * The shell's header. Signed-in staff: the brand, the grouped main navigation, the bell and the user's menu (language,
 * tenant, sign-out). Anyone else (the login page, an applicant on the portal): the brand and the language picker, and
 * the tenant picker off the customer's pages, as plain selects that need no kit.
 */
export function Header() {
  useLocationKey();
  const { session, user } = useSession();
  const signedIn = isSessionLive(session) && !!user && !user.roles?.includes('CUSTOMER');
  const customerPage = isCustomerRoute(location.pathname);
  return (
    <header className={signedIn ? 'll-header ll-header--staff' : 'll-header'}>
      <a className="ll-brand" href="/" onClick={followLink}>
        Lendline
      </a>
      {signedIn && (
        <Suspense fallback={null}>
          <MainNav userName={user.userName} path={location.pathname} />
        </Suspense>
      )}
      <div className="ll-header__tools">
        {!signedIn && !customerPage && <TenantSwitch />}
        {!signedIn && <LanguageSwitch />}
        {signedIn && user.roles?.includes('NOTIFICATION') && <RemoteBell />}
        {signedIn && (
          <Suspense
            fallback={
              <span className="ll-user-menu ll-user-menu--loading">
                <span className="ll-user" data-testid="user-display-name">
                  {displayNameOf(user)}
                </span>
              </span>
            }
          >
            <UserMenu user={user} showTenant={!customerPage} />
          </Suspense>
        )}
      </div>
    </header>
  );
}
