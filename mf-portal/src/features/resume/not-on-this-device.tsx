import { Link } from 'react-router-dom';
import { useT } from '@lendline/shared';
import { appRefOf } from '../../lib/app-ref-store';

/**
 * Under a step that could not be loaded: when this browser holds no reference for the application (it was started
 * elsewhere), the way in is the applicant's own link; /dynamic-resume sends it again (issue 28).
 */
export function NotOnThisDevice({ applicationId }: { applicationId: string }) {
  const t = useT();
  if (appRefOf(applicationId)) return null;
  return (
    <p>
      {t('continueLater.otherDevice', undefined, 'Started on another device? Open the link we sent to your e-mail or mobile, or ask for a new one.')}{' '}
      <Link to="/dynamic-resume">{t('continueLater.askLink', undefined, 'Get my link')}</Link>
    </p>
  );
}
