import { navigateToUrl } from 'single-spa';
import { displayNameOf, isSessionLive, useT } from '@lendline/shared';
import { AREAS, AREA_HOME, activeArea } from '../areas/areas';
import { isCustomerRoute } from '../areas/customer-routes';
import { useLocationKey } from './use-location';
import { useSession } from './use-session';
import { logout } from '../api/session-api';
import { LanguageSwitch } from '../features/i18n/language-switch';
import { TenantSwitch } from '../features/theme/tenant-switch';
import { RemoteBell } from './remote-bell';

/** The shell's header: areas (signed in), who is signed in, tenant (not on customer pages) and language switches, logout. */
export function Header() {
  useLocationKey();
  const t = useT();
  const { session, user } = useSession();
  const signedIn = isSessionLive(session) && !!user && !user.roles?.includes('CUSTOMER');
  const current = activeArea(location);
  return (
    <header className="ll-header">
      <a className="ll-brand" href="/" onClick={navigateToUrl}>
        Lendline
      </a>
      {signedIn && (
        <nav aria-label={t('header.mainNav')}>
          <ul>
            {AREAS.map((a) => (
              <li key={a.id}>
                <a href={AREA_HOME[a.id]} onClick={navigateToUrl} aria-current={current?.id === a.id ? 'page' : undefined}>
                  {t(`areas.${a.id}.label`, undefined, a.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="ll-header__tools">
        {!isCustomerRoute(location.pathname) && <TenantSwitch />}
        <LanguageSwitch />
        {signedIn && user.roles?.includes('NOTIFICATION') && <RemoteBell />}
        {signedIn && (
          <>
            <span className="ll-user" data-testid="user-display-name">
              {displayNameOf(user)}
            </span>
            <button type="button" className="ll-button--on-primary" onClick={() => void logout()}>
              {t('nav.logout')}
            </button>
          </>
        )}
      </div>
    </header>
  );
}
