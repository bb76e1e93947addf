import type { api as Api } from '@lendline/shared';
import { markAllViewed, setListError } from './list-store';
import { send } from './notification-socket';

export const MARK_ALL_READ_PATH = '/v3/notification/markAllRead';

/**
 * "Mark all as read", the notification page's main action (issue 26): the server marks every notification of the
 * user viewed (theirs, and their share of their teams'); the list follows and the bell is counted again.
 */
export async function markAllRead(api: typeof Api): Promise<void> {
  try {
    await api.post<{ data: { updated: number; unread: number } }>(MARK_ALL_READ_PATH, {});
    setListError(null);
    markAllViewed();
    send('UPDATE_COUNT');
  } catch (e) {
    setListError((e as Error).message || 'The notifications could not be changed.');
  }
}
