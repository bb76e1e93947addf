import { addPushed, latestStore, LATEST_COUNT, listStore, loadPage, NOTIFICATION_LIST_PATH, removeItem, replaceItem, resetList, setFilter, textOf, type NotificationItem } from '../src/realtime/list-store';
import { about, notification } from './fixtures';

/** The bell's dropdown (latest five) and the page's filters, both kept current by the socket's pushes and replies. */
const n = (id: number, type: NotificationItem['metadata']['type'] = 'ASSIGNED', status: '0' | '1' = '0'): NotificationItem =>
  notification(id, { status, metadata: about(type), texts: { en: [`m${id}`], hi: [`हि${id}`] } });

function fakeApi(rows: NotificationItem[]) {
  const calls: Record<string, unknown>[] = [];
  return {
    calls,
    get: async <T,>(path: string, opts?: { query?: Record<string, unknown> }): Promise<T> => {
      expect(path).toBe(NOTIFICATION_LIST_PATH);
      const q = { ...opts?.query };
      calls.push(q);
      const data = rows.filter((r) => (!q.type || r.metadata.type === q.type) && (!q.status || r.status === q.status)).slice(0, Number(q.limit));
      return { data, next: null } as T;
    },
  };
}

beforeEach(() => {
  resetList();
  resetList(latestStore);
});

test('the dropdown loads the latest five; pushes go on top and keep it at five; replies and deletes update it', async () => {
  const api = fakeApi([8, 7, 6, 5, 4, 3, 2, 1].map((i) => n(i)));
  await loadPage(api, false, latestStore);
  expect(api.calls[0]).toEqual({ limit: LATEST_COUNT, before: undefined });
  expect(latestStore.getState().items.map((i) => i.notificationId)).toEqual(['8', '7', '6', '5', '4']);
  addPushed(n(9, 'TEAM'));
  expect(latestStore.getState().items.map((i) => i.notificationId)).toEqual(['9', '8', '7', '6', '5']);
  replaceItem(n(8, 'ASSIGNED', '1'));
  expect(latestStore.getState().items[1].status).toBe('1');
  removeItem('7');
  expect(latestStore.getState().items.map((i) => i.notificationId)).toEqual(['9', '8', '6', '5']);
});

test('the page filters by type and state on the server; a push that does not match the filter is not added', async () => {
  const api = fakeApi([n(5, 'TEAM'), n(4, 'ASSIGNED', '1'), n(3, 'ASSIGNED'), n(2, 'FOLLOWED'), n(1, 'ASSIGNED')]);
  await setFilter(api, { type: 'ASSIGNED', status: '0' });
  expect(api.calls.at(-1)).toEqual({ limit: 10, before: undefined, type: 'ASSIGNED', status: '0' });
  expect(listStore.getState().items.map((i) => i.notificationId)).toEqual(['3', '1']);
  addPushed(n(6, 'TEAM'));
  addPushed(n(7, 'ASSIGNED'));
  expect(listStore.getState().items.map((i) => i.notificationId)).toEqual(['7', '3', '1']);
  await setFilter(api, {});
  expect(listStore.getState().items).toHaveLength(5);
});

test('a notification reads in the reader\'s language, English when the server has no wording for it', () => {
  expect(textOf(n(1), 'hi')).toBe('हि1');
  expect(textOf(n(1), 'en')).toBe('m1');
  // A language the server did not word it in falls back to the messages.
  expect(textOf({ ...n(2), texts: { en: ['m2'] } }, 'hi')).toBe('m2');
});
