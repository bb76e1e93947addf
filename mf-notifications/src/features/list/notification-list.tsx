import { useEffect } from 'react';
import { useStore } from 'zustand';
import { api, useT } from '@lendline/shared';
import { acquireSocket, send } from '../../realtime/notification-socket';
import { formatTime } from './format-time';
import { listStore, loadPage, resetList, type NotificationItem } from '../../realtime/list-store';

/** /backstage/notifications: the caller's notifications newest first, with the §4 actions through the socket. */
export function NotificationList() {
  const t = useT();
  const { items, next, loaded, loading, error } = useStore(listStore);
  useEffect(() => {
    const release = acquireSocket();
    void loadPage(api);
    return () => {
      release();
      resetList();
    };
  }, []);
  if (!loaded && loading) return <p aria-busy="true">{t('areas.notifications.list.loading', undefined, 'Loading notifications…')}</p>;
  return (
    <section aria-label={t('areas.notifications.list.title', undefined, 'Notifications')}>
      <p>
        <button type="button" onClick={() => send('UPDATE_COUNT_BY_USER')} disabled={items.length === 0}>
          {t('areas.notifications.list.markAll', undefined, 'Mark all as unread')}
        </button>
      </p>
      {error && <p role="alert">{error}</p>}
      {loaded && items.length === 0 && <p>{t('areas.notifications.list.empty', undefined, 'No notifications.')}</p>}
      <ul className="ll-list" data-testid="notification-list">
        {items.map((n) => (
          <Row key={n.notificationId} n={n} />
        ))}
      </ul>
      {next && (
        <button type="button" onClick={() => void loadPage(api, true)} disabled={loading}>
          {t('areas.notifications.list.more', undefined, 'Load more')}
        </button>
      )}
    </section>
  );
}

function Row({ n }: { n: NotificationItem }) {
  const t = useT();
  const viewed = n.status === '1';
  const id = { notificationId: n.notificationId };
  return (
    <li data-testid="notification-row" data-status={viewed ? 'viewed' : 'unread'} style={{ fontWeight: viewed ? 400 : 700 }}>
      <p>{n.messages.join(' ')}</p>
      <p>
        <span>{n.metadata.type}</span> · <span>{n.username}</span> · <time dateTime={n.createdAT}>{formatTime(n.createdAT)}</time> ·{' '}
        <span data-testid="notification-state">{viewed ? t('areas.notifications.list.viewed', undefined, 'Viewed') : t('areas.notifications.list.unread', undefined, 'Unread')}</span>
      </p>
      <p>
        {viewed ? (
          <button type="button" onClick={() => send('UPDATE_UNREAD', id)}>
            {t('areas.notifications.list.markUnread', undefined, 'Mark unread')}
          </button>
        ) : (
          <button type="button" onClick={() => send('UPDATE_VIEW', id)}>
            {t('areas.notifications.list.markViewed', undefined, 'Mark viewed')}
          </button>
        )}{' '}
        <button type="button" onClick={() => send('DELETE_NOTIFICATION', id)}>
          {t('areas.notifications.list.delete', undefined, 'Delete')}
        </button>
      </p>
    </li>
  );
}
