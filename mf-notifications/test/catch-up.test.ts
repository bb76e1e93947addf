import { sessionStore, type Session } from '@lendline/shared';
import { acquireSocket, loader } from '../src/realtime/notification-socket';
import { listStore, loadPage, resetList, type NotificationItem } from '../src/realtime/list-store';
import { resetSeen } from '../src/realtime/seen';
import { notification } from './fixtures';

/**
 * Nothing lost, nothing twice (client side): the socket's handshake carries the newest id the page has seen, so the
 * server can replay what was written while it was away; replayed notifications it already has are dropped.
 */
type Opts = { auth: (cb: (a: object) => void) => void };
const made: { opts: Opts; emitted: [string, unknown][]; push(e: string, p?: unknown): void; close(): void }[] = [];
function io(opts: Opts) {
  const handlers = new Map<string, ((p: unknown) => void)[]>();
  const s = {
    opts,
    emitted: [] as [string, unknown][],
    push: (e: string, p?: unknown) => handlers.get(e)?.forEach((h) => h(p)),
    on: (e: string, h: (p: unknown) => void) => void handlers.set(e, [...(handlers.get(e) ?? []), h]),
    emit: (e: string, p?: unknown) => void s.emitted.push([e, p]),
    close: () => undefined,
  };
  made.push(s);
  return s;
}
const auth = (o: Opts) => new Promise<Record<string, unknown>>((r) => o.auth(r as (a: object) => void));
const settle = () => new Promise((r) => setTimeout(r, 0));
const n = (id: string): NotificationItem => notification(id);

beforeEach(() => {
  made.length = 0;
  resetList();
  resetSeen();
  loader.load = () => Promise.resolve({ io } as never);
  sessionStore.getState().setSession({ access_token: 'tok', sessionId: 's1' } as unknown as Session);
});

test('the handshake sends the last id seen: from UPDATE_COUNT, from the list, from pushes; a replay is kept once', async () => {
  const release = acquireSocket();
  await settle();
  const s = made[0];
  // A first connect knows nothing: no replay is asked.
  expect(await auth(s.opts)).toEqual({ access_token: 'tok', sessionId: 's1' });
  s.push('connect');
  s.push('UPDATE_COUNT_RESULT', { data: { count: 0, unread: 3, lastId: '9' } });
  expect((await auth(s.opts)).lastId).toBe('9');

  await loadPage({ get: async () => ({ data: [n('12'), n('11')], next: null }) as never });
  expect((await auth(s.opts)).lastId).toBe('12');

  s.push('NOTIFICATION', n('100'));
  expect((await auth(s.opts)).lastId).toBe('100');
  // The drop; the server replays what came after 100 and, within its lookback, 100 and 12 again.
  s.push('disconnect');
  for (const id of ['12', '100', '101', '102']) s.push('NOTIFICATION', n(id));
  expect(listStore.getState().items.map((i) => i.notificationId)).toEqual(['102', '101', '100', '12', '11']);
  expect((await auth(s.opts)).lastId).toBe('102');
  // Compared as numbers, not as text: '99' is older than '102'.
  s.push('NOTIFICATION', n('99'));
  expect((await auth(s.opts)).lastId).toBe('102');
  release();
  // A new session starts from nothing.
  acquireSocket();
  await settle();
  expect(await auth(made[1].opts)).toEqual({ access_token: 'tok', sessionId: 's1' });
});
