import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useT } from '@lendline/shared';
import { acquireSocket } from '../../realtime/notification-socket';
import { bellStore, dismissToast } from '../../realtime/bell-store';

export const NOTIFICATIONS_PAGE = '/backstage/notifications';

/**
 * The header's bell (exposed as ./Bell; the shell renders it for staff with the NOTIFICATION role): the unread
 * count, a link to the notification page, and the §8 toast of a new notification at top center. The toast lives
 * in the bell's own live region: the shell's toast region does not listen to the event bus.
 */
export function Bell() {
  const t = useT();
  const unread = useStore(bellStore, (s) => s.unread);
  const toast = useStore(bellStore, (s) => s.toast);
  useEffect(() => acquireSocket(), []);
  const label = t('areas.notifications.bell.label', { count: unread ?? 0 }, 'Notifications, {count} unread');
  return (
    <>
      <a className="ll-bell" href={NOTIFICATIONS_PAGE} onClick={follow} aria-label={label} data-testid="notification-bell" data-unread={unread ?? undefined} style={BELL}>
        <span aria-hidden="true">🔔</span>
        {unread !== null && unread > 0 && (
          <span data-testid="notification-count" style={BADGE}>
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </a>
      <div role="status" aria-live="polite" data-testid="notification-toast-region" style={REGION}>
        {toast && (
          <div className="ll-toast ll-toast--info" style={TOAST}>
            <span>{t('areas.notifications.toast.new', undefined, toast)}</span>
            <button type="button" className="ll-toast__close" aria-label={t('common.dismiss', undefined, 'Dismiss')} onClick={dismissToast}>
              ×
            </button>
          </div>
        )}
      </div>
    </>
  );
}
export default Bell;

/**
 * In-page navigation without importing single-spa (8 KB gzip in this expose): the shell's single-spa patches
 * history.pushState and reroutes on it, as navigateToUrl does. Modified clicks open a tab as links do.
 */
function follow(e: React.MouseEvent<HTMLAnchorElement>) {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  history.pushState(null, '', e.currentTarget.href);
}

// Inline: the remote ships no stylesheet, and the shell's CSS does not know the bell.
const BELL = { position: 'relative', display: 'inline-flex', alignItems: 'center', padding: '0 0.5rem', color: 'inherit', textDecoration: 'none', fontSize: '1.2rem' } as const;
const BADGE = { position: 'absolute', top: '-0.35rem', right: '-0.2rem', minWidth: '1.1rem', padding: '0 0.25rem', borderRadius: '0.6rem', background: '#b3261e', color: '#fff', fontSize: '0.7rem', lineHeight: '1.1rem', textAlign: 'center', fontWeight: 700 } as const;
const REGION = { position: 'fixed', top: '0.75rem', left: '50%', transform: 'translateX(-50%)', zIndex: 1000, pointerEvents: 'none' } as const;
const TOAST = { pointerEvents: 'auto', display: 'flex', gap: '0.75rem', alignItems: 'center' } as const;
