import { useT } from '@lendline/shared';
import { Dialog } from '@lendline/shared/ui';
import { dismissUrgent, hasUnsavedEdits, reloadNow, useRelease } from './release-store';

/** The area a remote serves, as staff know it. */
function useAreaName() {
  const t = useT();
  return (name: string) => t(`releaseNotice.area.${name}`, undefined, name);
}

/**
 * "A new version of Tasks is available — Reload": a banner that blocks nothing (role status, under the header), and
 * for an urgent rollback a dialog that asks at once. Loaded only once a release arrives.
 */
export function ReleaseNotice() {
  const t = useT();
  const area = useAreaName();
  const notices = useRelease((s) => s.notices);
  const urgent = useRelease((s) => s.urgent);
  return (
    <>
      {notices.length > 0 && (
        <div role="status" className="ll-banner ll-release-banner" data-testid="release-banner">
          {t('releaseNotice.available', { area: notices.map((n) => area(n.name)).join(', ') })}{' '}
          <button type="button" onClick={reloadNow} data-testid="release-reload">
            {t('releaseNotice.reload')}
          </button>
        </div>
      )}
      {urgent && (
        <Dialog
          title={t('releaseNotice.urgentTitle')}
          role="alertdialog"
          testId="release-urgent"
          actions={
            <>
              <button type="button" onClick={reloadNow} data-testid="release-urgent-reload">
                {t('releaseNotice.reloadNow')}
              </button>
              <button type="button" onClick={dismissUrgent}>
                {t('releaseNotice.later')}
              </button>
            </>
          }
        >
          <p>{t('releaseNotice.urgentBody', { area: area(urgent.name) })}</p>
          {hasUnsavedEdits() && <p>{t('releaseNotice.unsaved')}</p>}
        </Dialog>
      )}
    </>
  );
}
