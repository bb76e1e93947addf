import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { api, i18nStore, useT } from '@lendline/shared';
import { send } from '../../realtime/notification-socket';
import { latestStore, loadPage, textOf, type NotificationItem } from '../../realtime/list-store';
import { followLink } from '../../ui/follow-link';

/**
 * The bell's dropdown: the latest notifications (loaded when it opens, then kept current by the socket's pushes and
 * replies), each with mark read / unread and delete through the §7 events, and a link to the full page.
 */
export function BellDropdown({ onClose, pageHref }: { onClose: () => void; pageHref: string }) {
  const t = useT();
  const { items, loaded, loading, error } = useStore(latestStore);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void loadPage(api, false, latestStore);
  }, []);
  useEffect(() => {
    const away = (e: MouseEvent) => {
      if (ref.current && !ref.current.parentElement?.contains(e.target as Node)) onClose();
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [onClose]);
  return (
    <div ref={ref} role="dialog" aria-label={t('areas.notifications.dropdown.title', undefined, 'Latest notifications')} data-testid="notification-dropdown" style={PANEL}>
      {error && <p role="alert">{error}</p>}
      {!loaded && loading && <p aria-busy="true">{t('areas.notifications.list.loading', undefined, 'Loading notifications…')}</p>}
      {loaded && items.length === 0 && <p>{t('areas.notifications.list.empty', undefined, 'No notifications.')}</p>}
      <ul style={LIST}>
        {items.map((n) => (
          <Item key={n.notificationId} n={n} onOpen={onClose} />
        ))}
      </ul>
      <a href={pageHref} onClick={(e) => (followLink(e), onClose())}>
        {t('areas.notifications.dropdown.all', undefined, 'See all notifications')}
      </a>
    </div>
  );
}

function Item({ n, onOpen }: { n: NotificationItem; onOpen: () => void }) {
  const t = useT();
  const lang = useStore(i18nStore, (s) => s.lang);
  const viewed = n.status === '1';
  const id = { notificationId: n.notificationId };
  const text = textOf(n, lang);
  return (
    <li data-testid="dropdown-row" data-status={viewed ? 'viewed' : 'unread'} style={{ ...ITEM, fontWeight: viewed ? 400 : 700 }}>
      <span>{n.metadata.link ? <a href={n.metadata.link} onClick={(e) => (followLink(e), onOpen())}>{text}</a> : text}</span>
      <span style={ACTIONS}>
        {viewed ? (
          <button type="button" onClick={() => send('UPDATE_UNREAD', id)}>
            {t('areas.notifications.list.markUnread', undefined, 'Mark unread')}
          </button>
        ) : (
          <button type="button" onClick={() => send('UPDATE_VIEW', id)}>
            {t('areas.notifications.list.markViewed', undefined, 'Mark viewed')}
          </button>
        )}
        <button type="button" onClick={() => send('DELETE_NOTIFICATION', id)}>
          {t('areas.notifications.list.delete', undefined, 'Delete')}
        </button>
      </span>
    </li>
  );
}

// Inline: the remote ships no stylesheet.
const PANEL = { position: 'absolute', top: '100%', right: 0, zIndex: 900, width: '22rem', maxHeight: '26rem', overflowY: 'auto', padding: '0.5rem', background: '#fff', color: '#1c1b1f', border: '1px solid #c8c8c8', borderRadius: '0.4rem', boxShadow: '0 4px 12px rgba(0,0,0,0.15)', fontSize: '0.85rem', textAlign: 'left' } as const;
const LIST = { listStyle: 'none', margin: 0, padding: 0 } as const;
const ITEM = { display: 'flex', flexDirection: 'column', gap: '0.25rem', padding: '0.4rem 0', borderBottom: '1px solid #eee' } as const;
const ACTIONS = { display: 'flex', gap: '0.4rem' } as const;
