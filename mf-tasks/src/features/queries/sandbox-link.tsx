import { useT } from '@lendline/shared';
import { useQueriesStore } from './queries-store';

/**
 * With the sandbox notifier nothing leaves the machine: the server answers the link it "sent", and the demo shows it
 * here the way the portal's applicant links are shown, so the applicant's side can be tried.
 */
export function SandboxLinkNote() {
  const t = useT();
  const link = useQueriesStore((s) => s.sandboxLink);
  if (!link) return null;
  return (
    <p className="ll-notice" role="status">
      {t('queries.sandboxLink', undefined, 'Demo (sandbox notifier): the applicant received this link:')}{' '}
      <a href={link} target="_blank" rel="noreferrer" data-testid="sandbox-link">
        {link}
      </a>
    </p>
  );
}
