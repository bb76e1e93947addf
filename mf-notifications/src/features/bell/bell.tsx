import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '@lendline/shared';
import { acquireSocket } from '../../realtime/notification-socket';
import { bellStore } from '../../realtime/bell-store';
import { followLink } from '../../ui/follow-link';
import { BellIcon, ChevronDownIcon } from '@lendline/shared/ui/icons';

// The dropdown sits on the UI kit's Popover, and the kit brings react-aria (~100 KB gzip): the bell is in every
// staff page's header, so the kit loads when the dropdown is wanted (hover or focus on its toggle), not with the bell.
const loadDropdown = () => import('./bell-dropdown');
const BellDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.BellDropdown })));
const prefetch = () => void loadDropdown();

export const NOTIFICATIONS_PAGE = '/backstage/notifications';
const DROPDOWN_ID = 'll-bell-dropdown';

/**
 * The header's bell (exposed as ./Bell; the shell renders it for staff with the NOTIFICATION role): the unread
 * count, a link to the notification page and the latest notifications. The §8 toast of a new notification is raised
 * on the event bus (realtime/bell-store.ts) and shown by the shell's toast region.
 */
export function Bell() {
  const t = useT();
  const unread = useStore(bellStore, (s) => s.unread);
  useEffect(() => acquireSocket(), []);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useRef<HTMLButtonElement>(null);
  const label = t('areas.notifications.bell.label', { count: unread ?? 0 }, 'Notifications, {count} unread');
  return (
    <span style={WRAP}>
      <a className="ll-bell" href={NOTIFICATIONS_PAGE} onClick={followLink} aria-label={label} data-testid="notification-bell" data-unread={unread ?? undefined} style={BELL}>
        <BellIcon size={20} />
        {unread !== null && unread > 0 && (
          <span data-testid="notification-count" style={BADGE}>
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </a>
      <button
        ref={toggle}
        type="button"
        data-testid="notification-menu-toggle"
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? DROPDOWN_ID : undefined}
        aria-label={t('areas.notifications.dropdown.toggle', undefined, 'Show latest notifications')}
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        style={TOGGLE}
      >
        <ChevronDownIcon />
      </button>
      {open && (
        <Suspense fallback={null}>
          <BellDropdown id={DROPDOWN_ID} triggerRef={toggle} onClose={close} pageHref={NOTIFICATIONS_PAGE} />
        </Suspense>
      )}
    </span>
  );
}
export default Bell;

// Inline: the remote ships no stylesheet, and the shell's CSS does not know the bell.
const WRAP = { position: 'relative', display: 'inline-flex', alignItems: 'center' } as const;
const TOGGLE = { background: 'none', border: 'none', color: 'inherit', cursor: 'pointer', padding: '0 0.25rem', fontSize: '0.8rem' } as const;
const BELL = { position: 'relative', display: 'inline-flex', alignItems: 'center', padding: '0 0.5rem', color: 'inherit', textDecoration: 'none', fontSize: '1.2rem' } as const;
const BADGE = { position: 'absolute', top: '-0.35rem', right: '-0.2rem', minWidth: '1.1rem', padding: '0 0.25rem', borderRadius: '0.6rem', background: '#b3261e', color: '#fff', fontSize: '0.7rem', lineHeight: '1.1rem', textAlign: 'center', fontWeight: 700 } as const;
