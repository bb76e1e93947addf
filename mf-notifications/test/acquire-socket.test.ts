import { sessionStore, type Session } from '@lendline/shared';
import { acquireSocket, loader } from '../src/realtime/notification-socket';
import { bellStore } from '../src/realtime/bell-store';

/** socket.io-client's `io`, faked: records its options, lets the test push server events, counts close(). */
type Opts = { path: string; transports: string[]; auth: (cb: (a: object) => void) => void };
const made: { opts: Opts; emitted: [string, unknown][]; closed: number; calls: string[]; push(e: string, p?: unknown): void }[] = [];
function io(opts: Opts) {
  const handlers = new Map<string, ((p: unknown) => void)[]>();
  const s = {
    opts,
    emitted: [] as [string, unknown][],
    closed: 0,
    calls: [] as string[],
    connect: () => void s.calls.push('connect'),
    disconnect: () => void s.calls.push('disconnect'),
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

test('a refresh reopens the socket with the new token; a TOKEN_EXPIRED close is never retried with the token it used', async () => {
  const release = acquireSocket();
  await settle();
  const s = made[0];
  expect(await auth(s.opts)).toEqual({ access_token: 'tok-s1', sessionId: 's1' }); // connected with tok-s1
  sessionStore.setState({ session: { ...session('s1'), access_token: 'tok-2' } as Session });
  expect(s.calls).toEqual(['disconnect', 'connect']);
  expect(await auth(s.opts)).toEqual({ access_token: 'tok-2', sessionId: 's1' });

  // The server closes it (the token expired) and the store still has that token: it waits…
  s.calls.length = 0;
  s.push('SOCKET_CLOSED', { reason: 'TOKEN_EXPIRED', message: '…' });
  s.push('disconnect', 'io server disconnect');
  expect(s.calls).toEqual([]);
  sessionStore.setState({ user: null }); // any other store change does not reconnect either
  expect(s.calls).toEqual([]);
  // …until the session has a new token, then reconnects with it.
  sessionStore.setState({ session: { ...session('s1'), access_token: 'tok-3' } as Session });
  expect(s.calls).toEqual(['disconnect', 'connect']);
  expect(await auth(s.opts)).toEqual({ access_token: 'tok-3', sessionId: 's1' });
  expect(s.closed).toBe(0);
  release();
});

test('a TOKEN_EXPIRED close after the token was already refreshed reconnects at once', async () => {
  const release = acquireSocket();
  await settle();
  const s = made[0];
  await auth(s.opts);
  // The refresh happened in another tab and reached this store after the server decided: same outcome.
  s.push('SOCKET_CLOSED', { reason: 'TOKEN_EXPIRED' });
  (sessionStore.getState().session as { access_token: string }).access_token = 'tok-other-tab'; // no store event
  s.push('disconnect', 'io server disconnect');
  expect(s.calls).toEqual(['disconnect', 'connect']);
  release();
});

test('after RATE_LIMITED the socket waits before it tries again', async () => {
  const release = acquireSocket();
  await settle();
  const s = made[0];
  await auth(s.opts);
  jest.useFakeTimers();
  try {
    s.push('SOCKET_CLOSED', { reason: 'RATE_LIMITED' });
    s.push('disconnect', 'io server disconnect');
    sessionStore.setState({ session: { ...session('s1'), access_token: 'tok-9' } as Session });
    expect(s.calls).toEqual([]);
    jest.advanceTimersByTime(59_000);
    expect(s.calls).toEqual([]);
    jest.advanceTimersByTime(1_000);
    expect(s.calls).toEqual(['connect']);
  } finally {
    jest.useRealTimers();
    release();
  }
});

test('refused at the handshake as unauthorized: one silent call decides; its 401 is the expired session, an answer a retry with a new token only', async () => {
  const shared = await import('@lendline/shared');
  const seen: unknown[] = [];
  const off = shared.eventBus.on('session:expired', (p: unknown) => void seen.push(p));
  const get = jest.spyOn(shared.api, 'get');
  try {
    // The session ended while no page of it was open: the call's 401 closes the socket and reports it.
    get.mockRejectedValueOnce(new shared.ApiError(401, { code: 401, message: 'Unauthorized' }));
    let release = acquireSocket();
    await settle();
    await auth(made[0].opts);
    made[0].push('connect_error', Object.assign(new Error('Unauthorized'), { data: { code: 401, message: 'Unauthorized' } }));
    await settle();
    expect(get).toHaveBeenCalledWith('/v3/notification/list', { query: { limit: 1 }, silent: true });
    expect(made[0].closed).toBe(1);
    expect(seen).toEqual([{ reason: 'LOGOUT' }]);
    release();

    // The session lives (a refresh raced the handshake): the same token is not retried; a new one is.
    sessionStore.getState().setSession(session('s3'));
    get.mockResolvedValue({ data: [], next: null });
    release = acquireSocket();
    await settle();
    const s = made[1];
    await auth(s.opts);
    s.push('connect_error', Object.assign(new Error('Unauthorized'), { data: { code: 401, message: 'Unauthorized' } }));
    await settle();
    expect(s.calls).toEqual([]);
    (sessionStore.getState().session as { access_token: string }).access_token = 'tok-new'; // refreshed, no store event
    s.push('connect_error', Object.assign(new Error('Unauthorized'), { data: { code: 401, message: 'Unauthorized' } }));
    await settle();
    expect(s.calls).toEqual(['disconnect', 'connect']);

    // Any other refusal (no NOTIFICATION role, a server fault) says nothing about the session: no call.
    get.mockClear();
    s.push('connect_error', Object.assign(new Error('Forbidden'), { data: { code: 1101, message: 'Validation Failed' } }));
    s.push('connect_error', new Error('websocket error'));
    await settle();
    expect(get).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
    expect(s.closed).toBe(0);
    release();
  } finally {
    get.mockRestore();
    off?.();
  }
});
