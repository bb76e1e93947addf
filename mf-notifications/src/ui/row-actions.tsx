import { useT } from '@lendline/shared';
import { send } from '../realtime/notification-socket';
import type { NotificationItem } from '../realtime/list-store';

/**
 * What a person can do to one notification, in the bell's dropdown and on the list page alike: mark it viewed or
 * unread, delete it. Each is a socket event; the server's answer updates both views (realtime/list-store.ts).
 */
export function RowActions({ n }: { n: NotificationItem }) {
  const t = useT();
  const id = { notificationId: n.notificationId };
  return (
    <>
      {n.status === '1' ? (
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
    </>
  );
}
