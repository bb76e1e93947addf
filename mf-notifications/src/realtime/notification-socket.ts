import { ApiError, api, eventBus, runningRemotes, sessionStore, type LendlineEvents } from '@lendline/shared';
import { bellStore, resetBell, showNewNotificationToast } from './bell-store';
import { beep, createAlerter } from './alert';
import { NOTIFICATION_LIST_PATH, addPushed, markAllUnread, removeItem, replaceItem, setListError, type NotificationItem } from './list-store';
import { firstSight, lastSeenId, noteLastId, resetSeen } from './seen';
import type { Socket } from 'socket.io-client';

/** §7 client events; each is answered by `<EVENT>_RESULT` with `{data}` or a §8 body. */
export type ClientEvent = 'UPDATE_COUNT' | 'UPDATE_COUNT_BY_USER' | 'UPDATE_VIEW' | 'UPDATE_UNREAD' | 'DELETE_NOTIFICATION';

type Reply<T> = { data: T } | { code: number; message: string; data?: { label: string; reason: string }[] };
const ok = <T,>(r: unknown): r is { data: T } => !!r && typeof r === 'object' && !('code' in r) && 'data' in r;
const failure = (r: unknown) => {
  const b = r as { message?: string; data?: { reason?: string }[] } | null;
  return b?.data?.[0]?.reason ?? b?.message ?? 'The notification could not be changed.';
};

/** The notification the next NEW is about: NOTIFICATION (the record) comes just before NEW (the alert). */
let latest: NotificationItem | null = null;
const alertNew = createAlerter(() => {
  showNewNotificationToast(latest);
  beep();
});

type Handler = (payload: unknown) => void;

/** Why the server closed the socket when the session goes on (SOCKET_CLOSED; docs/identity.md "Sockets and sessions"). */
export type CloseReason = 'TOKEN_EXPIRED' | 'RATE_LIMITED';

/** Wires the §7 events of one socket to the bell and list stores. Exported for the tests (a fake socket). */
export function wire(
  socket: { on(event: string, h: Handler): unknown; emit(event: string, payload?: unknown): unknown },
  onLogout: () => void,
  onClosed: (reason: CloseReason) => void = () => undefined,
): void {
  const count = () => socket.emit('UPDATE_COUNT', {});
  latest = null;
  socket.on('connect', () => {
    bellStore.setState({ connected: true });
    count();
  });
  socket.on('disconnect', () => bellStore.setState({ connected: false }));
  // A reconnect replays what was written since lastId (and recent ones again): each is kept once.
  socket.on('NOTIFICATION', (n) => {
    const item = n as NotificationItem;
    if (!firstSight(item.notificationId)) return;
    latest = item;
    addPushed(item);
    // Work arrived: other remotes' lists refresh (through the shared bus, no cross-remote import).
    eventBus.emit('notification:new', { notificationId: item.notificationId, type: item.metadata.type, applicationId: item.metadata.applicationId ?? null });
  });
  socket.on('NEW', (p) => {
    // Several at once (a catch-up): the toast words the newest one, if it is the one this NEW is about.
    const id = (p as { notificationId?: unknown } | null)?.notificationId;
    if (latest && id !== undefined && String(id) !== latest.notificationId) latest = null;
    alertNew();
    count();
  });
  socket.on('UPDATE_COUNT_RESULT', (r) => {
    if (!ok<{ unread: number; lastId?: string | null }>(r)) return;
    bellStore.setState({ unread: r.data.unread });
    noteLastId(r.data.lastId);
  });
  socket.on('UPDATE_COUNT_BY_USER_RESULT', (r) => {
    if (!ok<{ unread: number }>(r)) return setListError(failure(r));
    bellStore.setState({ unread: r.data.unread });
    markAllUnread();
  });
  for (const event of ['UPDATE_VIEW_RESULT', 'UPDATE_UNREAD_RESULT'] as const) {
    socket.on(event, (r) => {
      if (!ok<NotificationItem>(r)) return setListError(failure(r as Reply<unknown>));
      setListError(null);
      replaceItem(r.data);
      count();
    });
  }
  socket.on('DELETE_NOTIFICATION_RESULT', (r) => {
    if (!ok<{ notificationId: string }>(r)) return setListError(failure(r));
    setListError(null);
    removeItem(r.data.notificationId);
    count();
  });
  // A remote was activated or rolled back (issue 32): the shell's release notice takes it from the bus.
  socket.on('RELEASE', (p) => eventBus.emit('release:changed', p as LendlineEvents['release:changed']));
  // The session ended elsewhere (logout in another tab, revoked, refresh-token reuse): the shell's expired path.
  socket.on('LOGOUT', () => onLogout());
  // The session goes on but this socket's token does not (or it sent too much): told just before the server closes it.
  socket.on('SOCKET_CLOSED', (p) => {
    const reason = (p as { reason?: unknown } | null)?.reason;
    if (reason === 'TOKEN_EXPIRED' || reason === 'RATE_LIMITED') onClosed(reason);
  });
}

/** After RATE_LIMITED the socket stays closed this long before it tries again. */
export const RATE_LIMITED_PAUSE_MS = 60_000;

let socket: Socket | null = null;
let users = 0;
let generation = 0; // bumped by stop(): a socket.io-client load that finishes after it must not connect
let stopWatching: (() => void) | null = null;
/** The access token the socket last connected with; a server close for TOKEN_EXPIRED is never retried with it. */
let usedToken: string | null = null;
let closedFor: CloseReason | null = null;
let pause: ReturnType<typeof setTimeout> | null = null;

function stop() {
  generation++;
  usedToken = null;
  closedFor = null;
  if (pause) clearTimeout(pause);
  pause = null;
  socket?.close();
  socket = null;
  stopWatching?.();
  stopWatching = null;
  resetBell();
  resetSeen();
}

/**
 * Resolves once the page has loaded and fetched nothing for `quietMs`. socket.io-client (~13 KB gzip) is a lazy
 * chunk loaded only then, so it is not part of the first render of any backstage page (the bell is in the
 * header). The bundle budget (e2e/tests/budget.spec.ts) counts the scripts a remote fetches until Playwright's
 * 'networkidle' (no request for 500 ms); waiting for 1 s without a new resource entry after window 'load' puts
 * this import after that point. The socket connects about a second after the page settles.
 */
function afterPageSettles(quietMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    const onLoad = () => {
      let timer = setTimeout(done, quietMs);
      const observer = typeof PerformanceObserver === 'function' ? new PerformanceObserver(() => {
        clearTimeout(timer);
        timer = setTimeout(done, quietMs);
      }) : null;
      observer?.observe({ type: 'resource' });
      function done() {
        observer?.disconnect();
        resolve();
      }
    };
    if (document.readyState === 'complete') onLoad();
    else addEventListener('load', onLoad, { once: true });
  });
}

/** Test seam: how the socket.io-client module is loaded (a separate lazy chunk in the build). */
export const loader = { load: () => afterPageSettles().then(() => import('socket.io-client')) };

/** (Re)connects with the session's current token, unless that is the token the server just refused, or it asked to wait. */
function reconnectIfFresh() {
  const token = sessionStore.getState().session?.access_token;
  if (!socket || pause || !token || token === usedToken) return;
  closedFor = null;
  socket.disconnect();
  socket.connect();
}

/**
 * One socket per page, shared by the bell and the notification page (ref-counted). It authenticates with the
 * shared session at every (re)connect (socket.io-client calls `auth` before each try) and closes when the
 * session is cleared or changes to another one. A refresh reopens it with the new token (the server closes a
 * socket whose token a refresh replaced once the refresh's grace is over, saying TOKEN_EXPIRED); a server close
 * for TOKEN_EXPIRED waits for a token it has not used, so a dead token is never retried in a loop; after
 * RATE_LIMITED it waits RATE_LIMITED_PAUSE_MS.
 */
export function acquireSocket(): () => void {
  users++;
  if (!stopWatching) {
    const start = sessionStore.getState().session;
    if (start) {
      const mine = generation;
      stopWatching = sessionStore.subscribe((s) => {
        if (!s.session || s.session.sessionId !== start.sessionId) stop();
        else if (usedToken !== null && s.session.access_token !== usedToken) reconnectIfFresh();
      });
      loader.load().then(
        ({ io }) => {
          if (mine !== generation) return; // released, logged out or replaced while loading
          socket = io({
            path: '/socket.io',
            // WebSocket only, as the server expects it; a test that holds the websocket off holds the socket off.
            transports: ['websocket'],
            reconnectionDelay: 1000,
            reconnectionDelayMax: 10000,
            auth: (cb) => {
              const s = sessionStore.getState().session;
              const lastId = lastSeenId();
              usedToken = s?.access_token ?? null;
              // remotes: the versions this page runs (when the shell set them), for the release scripts' list of connected shells (issue 32).
              const remotes = runningRemotes();
              cb(s ? { access_token: s.access_token, sessionId: s.sessionId, ...(Object.keys(remotes).length ? { remotes } : {}), ...(lastId ? { lastId } : {}) } : {});
            },
          });
          // Refused at the handshake as unauthorized: the stored session may have ended while no page of it was open
          // (signed out on another device, revoked by an administrator), and a page that makes no call of its own (the
          // signed-in home) would go on showing a signed-in screen. One ordinary call settles it, silently: a 401
          // takes the shell's expired path (the toast, the login page); an answer means the session lives (a refresh
          // raced the handshake), and the socket tries again only with a token it has not used; any other failure
          // says nothing about the session and is left alone (the bell stays without a count).
          socket.on('connect_error', (err) => {
            if ((err as { data?: { code?: unknown } } | null)?.data?.code !== 401 || mine !== generation) return;
            api.get(NOTIFICATION_LIST_PATH, { query: { limit: 1 }, silent: true }).then(
              () => reconnectIfFresh(),
              (e: unknown) => {
                if (mine !== generation || !(e instanceof ApiError) || e.status !== 401) return;
                stop();
                eventBus.emit('session:expired', { reason: 'LOGOUT' });
              },
            );
          });
          // socket.io-client does not reconnect after a server-side close: the reason it was told decides.
          socket.on('disconnect', (why) => {
            if (why !== 'io server disconnect') return;
            if (closedFor === 'TOKEN_EXPIRED') reconnectIfFresh();
          });
          wire(
            socket,
            () => {
              stop();
              eventBus.emit('session:expired', { reason: 'LOGOUT' });
            },
            (reason) => {
              closedFor = reason;
              if (reason === 'RATE_LIMITED' && !pause) {
                pause = setTimeout(() => {
                  pause = null;
                  closedFor = null;
                  socket?.connect();
                }, RATE_LIMITED_PAUSE_MS);
              }
            },
          );
        },
        () => undefined, // the chunk failed to load: the bell stays without a count, the page still works
      );
    }
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--users === 0) stop();
  };
}

/** A §7 client event (dropped while the socket is down: the list is reloaded on the next visit). */
export function send(event: ClientEvent, payload: object = {}): void {
  socket?.emit(event, payload);
}
