import { useEffect } from 'react';
import { useStore } from 'zustand';
import { api, formatDateTime, i18nStore, labelOf, useT } from '@lendline/shared';
import { acquireSocket, send } from '../../realtime/notification-socket';
import { followLink } from '../../ui/follow-link';
import { RowActions } from '../../ui/row-actions';
import { listStore, loadPage, resetList, setFilter, textOf, type ListFilter, type NotificationItem } from '../../realtime/list-store';
import { markAllRead } from '../../realtime/mark-all-read';

const TYPES = ['ASSIGNED', 'FOLLOWED', 'TEAM'] as const;

/** /backstage/notifications: the caller's notifications newest first, with the §4 actions through the socket. */
export function NotificationList() {
  const t = useT();
  const { items, next, loaded, loading, error, filter } = useStore(listStore);
  useEffect(() => {
    const release = acquireSocket();
    void loadPage(api);
    return () => {
      release();
      resetList();
    };
  }, []);
  return (
    <section aria-label={t('areas.notifications.list.title', undefined, 'Notifications')}>
      <Filters filter={filter} />
      <p>
        {/* The main action (issue 26); §4's "count by user" (all unread again) stays, as a secondary one. */}
        <button type="button" onClick={() => void markAllRead(api)} disabled={!items.some((n) => n.status === '0')} data-testid="mark-all-read">
          {t('notificationWording.markAllRead', undefined, 'Mark all as read')}
        </button>{' '}
        <button type="button" className="ll-button--secondary" onClick={() => send('UPDATE_COUNT_BY_USER')} disabled={items.length === 0}>
          {t('areas.notifications.list.markAll', undefined, 'Mark all as unread')}
        </button>
      </p>
      {error && <p role="alert">{error}</p>}
      {!loaded && loading && <p aria-busy="true">{t('areas.notifications.list.loading', undefined, 'Loading notifications…')}</p>}
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

/** Filters by §9 type and by state; each change reloads the list from the server (keyset pages stay filtered). */
function Filters({ filter }: { filter: ListFilter }) {
  const t = useT();
  const change = (next: ListFilter) => void setFilter(api, next);
  return (
    <p role="group" aria-label={t('areas.notifications.filter.label', undefined, 'Filter notifications')}>
      <label>
        {t('areas.notifications.filter.type', undefined, 'Type')}{' '}
        <select data-testid="notification-filter-type" value={filter.type ?? ''} onChange={(e) => change({ ...filter, type: (e.target.value || undefined) as ListFilter['type'] })}>
          <option value="">{t('areas.notifications.filter.all', undefined, 'All')}</option>
          {TYPES.map((type) => (
            <option key={type} value={type}>
              {labelOf('notificationType', type)}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        {t('areas.notifications.filter.state', undefined, 'State')}{' '}
        <select data-testid="notification-filter-state" value={filter.status ?? ''} onChange={(e) => change({ ...filter, status: (e.target.value || undefined) as ListFilter['status'] })}>
          <option value="">{t('areas.notifications.filter.all', undefined, 'All')}</option>
          <option value="0">{t('areas.notifications.list.unread', undefined, 'Unread')}</option>
          <option value="1">{t('areas.notifications.list.viewed', undefined, 'Viewed')}</option>
        </select>
      </label>
    </p>
  );
}

function Row({ n }: { n: NotificationItem }) {
  const t = useT();
  const lang = useStore(i18nStore, (s) => s.lang);
  const viewed = n.status === '1';
  return (
    <li data-testid="notification-row" data-status={viewed ? 'viewed' : 'unread'} style={{ fontWeight: viewed ? 400 : 700 }}>
      <p>{n.metadata.link ? <a href={n.metadata.link} onClick={followLink}>{textOf(n, lang)}</a> : textOf(n, lang)}</p>
      <p>
        <span data-type={n.metadata.type}>{labelOf('notificationType', n.metadata.type)}</span> · <span>{n.username}</span> · <time dateTime={n.createdAT}>{formatDateTime(n.createdAT)}</time> ·{' '}
        <span data-testid="notification-state">{viewed ? t('areas.notifications.list.viewed', undefined, 'Viewed') : t('areas.notifications.list.unread', undefined, 'Unread')}</span>
      </p>
      <p>
        <RowActions n={n} />
      </p>
    </li>
  );
}
