import { useEffect, type RefObject } from 'react';
import { useStore } from 'zustand';
import { api, i18nStore, useT } from '@lendline/shared';
import { Popover } from '@lendline/shared/ui';
import { latestStore, loadPage, textOf, type NotificationItem } from '../../realtime/list-store';
import { followLink } from '../../ui/follow-link';
import { RowActions } from '../../ui/row-actions';

/**
 * The bell's dropdown: the latest notifications (loaded when it opens, then kept current by the socket's pushes and
 * replies), each with mark read / unread and delete through the §7 events, and a link to the full page. It is the UI
 * kit's non-modal Popover (rows with buttons are not a menu): focus moves in, Escape or a click outside closes it and
 * focus goes back to the toggle. Rendered only while open.
 */
export function BellDropdown({ id, triggerRef, onClose, pageHref }: { id: string; triggerRef: RefObject<HTMLElement | null>; onClose: () => void; pageHref: string }) {
  const t = useT();
  const { items, loaded, loading, error } = useStore(latestStore);
  useEffect(() => {
    void loadPage(api, false, latestStore);
  }, []);
  return (
    <Popover id={id} triggerRef={triggerRef} isOpen onClose={onClose} label={t('areas.notifications.dropdown.title', undefined, 'Latest notifications')} testId="notification-dropdown">
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
    </Popover>
  );
}

function Item({ n, onOpen }: { n: NotificationItem; onOpen: () => void }) {
  const lang = useStore(i18nStore, (s) => s.lang);
  const viewed = n.status === '1';
  const text = textOf(n, lang);
  return (
    <li data-testid="dropdown-row" data-status={viewed ? 'viewed' : 'unread'} style={{ ...ITEM, fontWeight: viewed ? 400 : 700 }}>
      <span>{n.metadata.link ? <a href={n.metadata.link} onClick={(e) => (followLink(e), onOpen())}>{text}</a> : text}</span>
      <span style={ACTIONS}>
        <RowActions n={n} />
      </span>
    </li>
  );
}

// Inline: the remote ships no stylesheet (the panel's frame is the kit's).
const LIST = { listStyle: 'none', margin: 0, padding: 0 } as const;
const ITEM = { display: 'flex', flexDirection: 'column', gap: '0.25rem', padding: '0.4rem 0', borderBottom: '1px solid #eee' } as const;
const ACTIONS = { display: 'flex', gap: '0.4rem' } as const;
