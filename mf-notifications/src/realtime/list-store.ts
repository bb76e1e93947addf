import { createStore } from 'zustand/vanilla';
import { DEFAULT_PAGE_SIZE, type HttpClient } from '@lendline/shared';
import { noteLastId } from './seen';

/** §3 Notification as GET /v3/notification/list and the NOTIFICATION push give it. */
export interface NotificationItem {
  _id: string;
  notificationId: string;
  createdAT: string;
  status: '0' | '1';
  isCounted: boolean;
  metadata: { type: 'ASSIGNED' | 'FOLLOWED' | 'TEAM'; event?: string | null; applicationId?: string | null };
  username: string;
  messages: string[];
  count: number;
}

export const NOTIFICATION_LIST_PATH = '/v3/notification/list';

interface ListState {
  items: NotificationItem[];
  /** Cursor of the next (older) page; null when the last page is loaded. */
  next: string | null;
  loaded: boolean;
  loading: boolean;
  error: string | null;
}

const initial: ListState = { items: [], next: null, loaded: false, loading: false, error: null };

/** The notification page's list, newest first; socket replies and pushes update it in place. */
export const listStore = createStore<ListState>(() => initial);

/** Loads the first page (reset) or the page older than the current last one (keyset `before`). */
export async function loadPage(api: Pick<HttpClient, 'get'>, more = false): Promise<void> {
  const s = listStore.getState();
  if (s.loading || (more && !s.next)) return;
  listStore.setState({ loading: true, error: null });
  try {
    const page = await api.get<{ data: NotificationItem[]; next: string | null }>(NOTIFICATION_LIST_PATH, {
      query: { limit: DEFAULT_PAGE_SIZE, before: more ? s.next : undefined },
    });
    if (!more) noteLastId(page.data[0]?.notificationId);
    listStore.setState((cur) => ({
      items: more ? mergeOlder(cur.items, page.data) : page.data,
      next: page.next,
      loaded: true,
      loading: false,
    }));
  } catch {
    listStore.setState({ loading: false, error: 'Notifications could not be loaded.' });
  }
}

/** Older rows appended, skipping any already shown (a push may have added one meanwhile). */
function mergeOlder(items: NotificationItem[], older: NotificationItem[]) {
  const seen = new Set(items.map((i) => i.notificationId));
  return [...items, ...older.filter((o) => !seen.has(o.notificationId))];
}

/** A NOTIFICATION push: newest first, once. Before the page has loaded, the load will bring it. */
export function addPushed(n: NotificationItem): void {
  listStore.setState((s) => (!s.loaded || s.items.some((i) => i.notificationId === n.notificationId) ? s : { items: [n, ...s.items] }));
}

/** UPDATE_VIEW_RESULT / UPDATE_UNREAD_RESULT: the notification as the server now has it. */
export function replaceItem(n: NotificationItem): void {
  listStore.setState((s) => ({ items: s.items.map((i) => (i.notificationId === n.notificationId ? n : i)) }));
}

/** DELETE_NOTIFICATION_RESULT. */
export function removeItem(notificationId: string): void {
  listStore.setState((s) => ({ items: s.items.filter((i) => i.notificationId !== notificationId) }));
}

/** UPDATE_COUNT_BY_USER_RESULT: every notification unread and counted (§4). */
export function markAllUnread(): void {
  listStore.setState((s) => ({ items: s.items.map((i) => ({ ...i, status: '0', isCounted: true })) }));
}

export function setListError(message: string | null): void {
  listStore.setState({ error: message });
}

export function resetList(): void {
  listStore.setState(initial, true);
}
