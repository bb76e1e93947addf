import { Link, useSearchParams } from 'react-router-dom';
import type { GrievanceOfficer } from '@lendline/shared';
import { useServerData, useT } from '@lendline/shared';
import { CONSENT_API } from './consent-api';
import { storedTenant } from '../../lib/stored-tenant';

/**
 * The footer of every portal page: the tenant's grievance officer (RBI digital lending directions: shown on the site
 * and app), and, on a page of an application, the way to its status and consents. Nothing when none is configured.
 */
export function GrievanceFooter() {
  const t = useT();
  const [query] = useSearchParams();
  const id = query.get('application_id');
  const tenant = storedTenant();
  const { data } = useServerData<{ data: GrievanceOfficer | null }>(`${CONSENT_API.grievanceOfficer}${tenant ? `?tenant=${tenant}` : ''}`);
  const o = data?.data;
  return (
    <footer className="ll-muted" data-testid="grievance-footer" aria-label={t('consent.footer.label', undefined, 'Grievance redressal')}>
      {id && (
        <p>
          <Link to={`/dynamic-resume/status?application_id=${encodeURIComponent(id)}`}>{t('consent.footer.status', undefined, 'Your application status and consents')}</Link>
        </p>
      )}
      {o && (
        <p>
          {t('consent.footer.officer', undefined, 'Grievance officer')}: {o.name}, <a href={`tel:${o.phone.replace(/\s/g, '')}`}>{o.phone}</a>, <a href={`mailto:${o.email}`}>{o.email}</a>
        </p>
      )}
    </footer>
  );
}
