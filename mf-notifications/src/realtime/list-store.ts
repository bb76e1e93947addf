import { createStore, type StoreApi } from 'zustand/vanilla';
import { DEFAULT_PAGE_SIZE, formatInstantsIn, type HttpClient, type NotificationType, type NotificationView } from '@lendline/shared';
import { noteLastId } from './seen';

export type { NotificationType };
/** §3 Notification as GET /v3/notification/list and the NOTIFICATION push give it (the wire's NotificationView). */
export type NotificationItem = NotificationView;

/** The text in the reader's language, with any instant the server wrote into it ("until 2026-11-27T06:29:00.000Z") in §9's format. */
export const textOf = (n: NotificationItem, lang: string) => formatInstantsIn((n.texts?.[lang] ?? n.messages).join(' '));

export const NOTIFICATION_LIST_PATH = '/v3/notification/list';
/** How many the bell's dropdown shows. */
export const LATEST_COUNT = 5;

/** The page's filters (§9 types; '0' unread, '1' viewed), sent to the list route. */
export interface ListFilter {
  type?: NotificationType;
  status?: '0' | '1';
}

interface ListState {
  items: NotificationItem[];
  /** Cursor of the next (older) page; null when the last page is loaded. */
  next: string | null;
  loaded: boolean;
  loading: boolean;
  error: string | null;
  filter: ListFilter;
}

const initial: ListState = { items: [], next: null, loaded: false, loading: false, error: null, filter: {} };
type ListStore = StoreApi<ListState>;

/** The notification page's list, newest first; socket replies and pushes update it in place. */
export const listStore = createStore<ListState>(() => initial);
/** The bell's dropdown: the latest few, unfiltered; kept up to date by the same pushes and replies. */
export const latestStore = createStore<ListState>(() => initial);
const STORES: ListStore[] = [listStore, latestStore];
const limitOf = (store: ListStore) => (store === latestStore ? LATEST_COUNT : DEFAULT_PAGE_SIZE);

/** Loads the first page (reset) or the page older than the current last one (keyset `before`). */
export async function loadPage(api: Pick<HttpClient, 'get'>, more = false, store: ListStore = listStore): Promise<void> {
  const s = store.getState();
  if (s.loading || (more && !s.next)) return;
  store.setState({ loading: true, error: null });
  const filter = s.filter;
  try {
    const page = await api.get<{ data: NotificationItem[]; next: string | null }>(NOTIFICATION_LIST_PATH, {
      query: { limit: limitOf(store), before: more ? s.next : undefined, ...filter },
    });
    if (store.getState().filter !== filter) return; // the filter changed meanwhile: that load wins
    if (!more && !filter.type && !filter.status) noteLastId(page.data[0]?.notificationId);
    store.setState((cur) => ({
      items: more ? mergeOlder(cur.items, page.data) : page.data,
      next: page.next,
      loaded: true,
      loading: false,
    }));
  } catch {
    store.setState({ loading: false, error: 'Notifications could not be loaded.' });
  }
}

/** The page's filters changed: the list reloads from the newest. */
export function setFilter(api: Pick<HttpClient, 'get'>, filter: ListFilter): Promise<void> {
  listStore.setState({ filter, items: [], next: null, loaded: false, loading: false });
  return loadPage(api);
}

/** Older rows appended, skipping any already shown (a push may have added one meanwhile). */
function mergeOlder(items: NotificationItem[], older: NotificationItem[]) {
  const seen = new Set(items.map((i) => i.notificationId));
  return [...items, ...older.filter((o) => !seen.has(o.notificationId))];
}

const matches = (n: NotificationItem, f: ListFilter) => (!f.type || n.metadata.type === f.type) && (!f.status || n.status === f.status);

/** A NOTIFICATION push: newest first, once, in each loaded list it belongs to. Before a list loads, the load brings it. */
export function addPushed(n: NotificationItem): void {
  for (const store of STORES) {
    store.setState((s) => {
      if (!s.loaded || !matches(n, s.filter) || s.items.some((i) => i.notificationId === n.notificationId)) return s;
      const items = [n, ...s.items];
      return { items: store === latestStore ? items.slice(0, LATEST_COUNT) : items };
    });
  }
}

/** UPDATE_VIEW_RESULT / UPDATE_UNREAD_RESULT: the notification as the server now has it. */
export function replaceItem(n: NotificationItem): void {
  for (const store of STORES) store.setState((s) => ({ items: s.items.map((i) => (i.notificationId === n.notificationId ? n : i)) }));
}

/** DELETE_NOTIFICATION_RESULT. */
export function removeItem(notificationId: string): void {
  for (const store of STORES) store.setState((s) => ({ items: s.items.filter((i) => i.notificationId !== notificationId) }));
}

/** UPDATE_COUNT_BY_USER_RESULT: every notification unread and counted (§4). */
export function markAllUnread(): void {
  for (const store of STORES) store.setState((s) => ({ items: s.items.map((i) => ({ ...i, status: '0', isCounted: true })) }));
}

/** POST /v3/notification/markAllRead answered: every notification viewed and counted. */
export function markAllViewed(): void {
  for (const store of STORES) store.setState((s) => ({ items: s.items.map((i) => ({ ...i, status: '1', isCounted: true })) }));
}

export function setListError(message: string | null): void {
  for (const store of STORES) store.setState({ error: message });
}

export function resetList(store: ListStore = listStore): void {
  store.setState(initial, true);
}
