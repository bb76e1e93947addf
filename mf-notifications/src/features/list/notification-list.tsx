import { useEffect, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { api, formatDateTime, i18nStore, labelOf, useT } from '@lendline/shared';
import { EmptyState, Select, Skeleton, Toolbar } from '@lendline/shared/ui';
import { BellIcon } from '@lendline/shared/ui/icons';
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
    <section className="ll-density-compact" aria-label={t('areas.notifications.list.title', undefined, 'Notifications')}>
      <Filters filter={filter}>
        {/* The main action (issue 26); §4's "count by user" (all unread again) stays, as a secondary one. */}
        <button type="button" onClick={() => void markAllRead(api)} disabled={!items.some((n) => n.status === '0')} data-testid="mark-all-read">
          {t('notificationWording.markAllRead', undefined, 'Mark all as read')}
        </button>
        <button type="button" className="ll-button--secondary" onClick={() => send('UPDATE_COUNT_BY_USER')} disabled={items.length === 0}>
          {t('areas.notifications.list.markAll', undefined, 'Mark all as unread')}
        </button>
      </Filters>
      {error && <p role="alert">{error}</p>}
      {!loaded && loading && <Skeleton label={t('areas.notifications.list.loading', undefined, 'Loading notifications…')} rows={4} />}
      {loaded && items.length === 0 && <EmptyState icon={<BellIcon />} title={t('areas.notifications.list.empty', undefined, 'No notifications.')} testId="notification-empty" />}
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

/** The kit Select's key for "any" (its keys cannot be empty). */
const ANY = '*';

/**
 * Filters by §9 type and by state; each change reloads the list from the server (keyset pages stay filtered). A kit
 * Toolbar: the filters, then the list's actions at its end.
 */
function Filters({ filter, children }: { filter: ListFilter; children: ReactNode }) {
  const t = useT();
  const change = (next: ListFilter) => void setFilter(api, next);
  const all = t('areas.notifications.filter.all', undefined, 'All');
  return (
    <Toolbar label={t('areas.notifications.filter.label', undefined, 'Filter notifications')} end={children}>
      <Select
        label={t('areas.notifications.filter.type', undefined, 'Type')}
        value={filter.type ?? ANY}
        onChange={(id) => change({ ...filter, type: id === ANY ? undefined : (id as ListFilter['type']) })}
        options={[{ id: ANY, label: all }, ...TYPES.map((type) => ({ id: type, label: labelOf('notificationType', type) }))]}
        testId="notification-filter-type"
      />
      <Select
        label={t('areas.notifications.filter.state', undefined, 'State')}
        value={filter.status ?? ANY}
        onChange={(id) => change({ ...filter, status: id === ANY ? undefined : (id as ListFilter['status']) })}
        options={[
          { id: ANY, label: all },
          { id: '0', label: t('areas.notifications.list.unread', undefined, 'Unread') },
          { id: '1', label: t('areas.notifications.list.viewed', undefined, 'Viewed') },
        ]}
        testId="notification-filter-state"
      />
    </Toolbar>
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
