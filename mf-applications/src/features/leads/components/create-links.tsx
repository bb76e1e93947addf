import { NavLink } from 'react-router-dom';
import { useT } from '@lendline/shared';
import { useCurrentUser } from '../../../lib/use-current-user';
import { mayCreate } from '../../../api/leads';

/** Another area (mf-portal) owns /backstage/newapplication: a history push lets single-spa mount it. */
function openOtherArea(e: React.MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
  window.history.pushState(window.history.state, '', e.currentTarget.getAttribute('href'));
}

/**
 * "New lead" (§2 lead creation, this area's own chunk) and "New application" (§2 application creation: the
 * customer flow of mf-portal, started by the officer on the customer's behalf), for roles with APPLICATIONS_ACTIONS.
 */
export function CreateLinks() {
  const t = useT();
  const user = useCurrentUser();
  if (!mayCreate(user?.roles)) return null;
  return (
    <nav className="ll-list-nav" aria-label={t('areas.applications.leads.createNav', undefined, 'Create')}>
      <ul>
        <li><NavLink to="/backstage/newlead" data-testid="new-lead-link">{t('areas.applications.leads.newLead', undefined, 'New lead')}</NavLink></li>
        <li>
          <a href="/backstage/newapplication" onClick={openOtherArea} data-testid="new-application-link">
            {t('areas.applications.leads.newApplication', undefined, 'New application')}
          </a>
        </li>
      </ul>
    </nav>
  );
}
