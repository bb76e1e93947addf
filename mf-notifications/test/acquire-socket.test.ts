import { sessionStore, type Session } from '@lendline/shared';
import { acquireSocket, loader } from '../src/realtime/notification-socket';
import { bellStore } from '../src/realtime/bell-store';

/** socket.io-client's `io`, faked: records its options, lets the test push server events, counts close(). */
type Opts = { path: string; transports: string[]; auth: (cb: (a: object) => void) => void };
const made: { opts: Opts; emitted: [string, unknown][]; closed: number; push(e: string, p?: unknown): void }[] = [];
function io(opts: Opts) {
  const handlers = new Map<string, ((p: unknown) => void)[]>();
  const s = {
    opts,
    emitted: [] as [string, unknown][],
    closed: 0,
    push: (e: string, p?: unknown) => handlers.get(e)?.forEach((h) => h(p)),
    on: (e: string, h: (p: unknown) => void) => void handlers.set(e, [...(handlers.get(e) ?? []), h]),
    emit: (e: string, p?: unknown) => void s.emitted.push([e, p]),
    close: () => void s.closed++,
  };
  made.push(s);
  return s;
}
const session = (id: string) => ({ access_token: `tok-${id}`, sessionId: id }) as unknown as Session;
const auth = (o: Opts) => new Promise((r) => o.auth(r));
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  made.length = 0;
  loader.load = () => Promise.resolve({ io } as never);
  sessionStore.getState().setSession(session('s1'));
});

test('one socket for bell and page; auth is read from the session store at each (re)connect; closed when the last user leaves', async () => {
  const releaseBell = acquireSocket();
  const releasePage = acquireSocket();
  await settle();
  expect(made).toHaveLength(1);
  const s = made[0];
  expect(s.opts).toMatchObject({ path: '/socket.io', transports: ['websocket'] });
  expect(await auth(s.opts)).toEqual({ access_token: 'tok-s1', sessionId: 's1' });
  sessionStore.setState({ session: { ...session('s1'), access_token: 'refreshed' } as Session });
  expect(await auth(s.opts)).toEqual({ access_token: 'refreshed', sessionId: 's1' });
  s.push('connect');
  expect(s.emitted).toEqual([['UPDATE_COUNT', {}]]);
  expect(bellStore.getState().connected).toBe(true);
  releaseBell();
  releaseBell(); // twice counts once
  expect(s.closed).toBe(0);
  releasePage();
  expect(s.closed).toBe(1);
});

test('closed when the session is replaced or cleared; no socket if that happens while socket.io-client loads', async () => {
  const release = acquireSocket();
  await settle();
  sessionStore.getState().setSession(session('s2'));
  expect(made[0].closed).toBe(1);
  release();

  const again = acquireSocket();
  sessionStore.getState().clear();
  await settle();
  expect(made).toHaveLength(1); // the load finished after the session ended: nothing connects
  again();
});

test('LOGOUT closes the socket and reports the expired session on the event bus', async () => {
  const { eventBus } = await import('@lendline/shared');
  const seen: unknown[] = [];
  const off = eventBus.on('session:expired', (p: unknown) => void seen.push(p));
  const release = acquireSocket();
  await settle();
  made[0].push('LOGOUT', { reason: 'logout' });
  expect(made[0].closed).toBe(1);
  expect(seen).toEqual([{ reason: 'LOGOUT' }]);
  off?.();
  release();
});
