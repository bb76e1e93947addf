import { listStore, loadPage, resetList, NOTIFICATION_LIST_PATH, type NotificationItem } from '../src/realtime/list-store';
import { about, notification } from './fixtures';

const n = (id: number): NotificationItem => notification(id, { isCounted: true, metadata: about('TEAM'), username: 'cpa1' });

/** GET /v3/notification/list over 25 notifications (ids 1..25), newest first, keyset on `before`. */
function fakeApi() {
  const calls: { path: string; query: Record<string, unknown> }[] = [];
  return {
    calls,
    get: async <T,>(path: string, opts?: { query?: Record<string, unknown> }): Promise<T> => {
      calls.push({ path, query: { ...opts?.query } });
      const limit = Number(opts?.query?.limit);
      const before = opts?.query?.before ? Number(opts.query.before) : Infinity;
      const ids = Array.from({ length: 25 }, (_, i) => 25 - i).filter((id) => id < before);
      const data = ids.slice(0, limit).map(n);
      return { data, next: ids.length > limit ? data[data.length - 1].notificationId : null } as T;
    },
  };
}

beforeEach(() => resetList());

test('pages newest first with "Load more" on the keyset cursor until there is no next page', async () => {
  const api = fakeApi();
  await loadPage(api);
  expect(api.calls[0]).toEqual({ path: NOTIFICATION_LIST_PATH, query: { limit: 10, before: undefined } });
  expect(listStore.getState().items.map((i) => i.notificationId)).toEqual(['25', '24', '23', '22', '21', '20', '19', '18', '17', '16']);
  expect(listStore.getState().next).toBe('16');
  await loadPage(api, true);
  expect(api.calls[1].query.before).toBe('16');
  await loadPage(api, true);
  const { items, next } = listStore.getState();
  expect(items).toHaveLength(25);
  expect(items[items.length - 1].notificationId).toBe('1');
  expect(next).toBeNull();
  await loadPage(api, true); // nothing older: no call
  expect(api.calls).toHaveLength(3);
});

test('a failing load says so and keeps what was shown', async () => {
  await loadPage(fakeApi());
  await loadPage({ get: () => Promise.reject(new Error('503')) }, true);
  expect(listStore.getState()).toMatchObject({ loading: false, error: 'Notifications could not be loaded.' });
  expect(listStore.getState().items).toHaveLength(10);
});
