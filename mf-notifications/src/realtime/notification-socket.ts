import { eventBus, sessionStore } from '@lendline/shared';
import { bellStore, resetBell, showNewNotificationToast } from './bell-store';
import { beep, createAlerter } from './alert';
import { addPushed, markAllUnread, removeItem, replaceItem, setListError, type NotificationItem } from './list-store';
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

const alertNew = createAlerter(() => {
  showNewNotificationToast();
  beep();
});

type Handler = (payload: unknown) => void;

/** Wires the §7 events of one socket to the bell and list stores. Exported for the tests (a fake socket). */
export function wire(socket: { on(event: string, h: Handler): unknown; emit(event: string, payload?: unknown): unknown }, onLogout: () => void): void {
  const count = () => socket.emit('UPDATE_COUNT', {});
  socket.on('connect', () => {
    bellStore.setState({ connected: true });
    count();
  });
  socket.on('disconnect', () => bellStore.setState({ connected: false }));
  // A reconnect replays what was written since lastId (and recent ones again): each is kept once.
  socket.on('NOTIFICATION', (n) => {
    const item = n as NotificationItem;
    if (!firstSight(item.notificationId)) return;
    addPushed(item);
    // Work arrived: other remotes' lists refresh (through the shared bus, no cross-remote import).
    eventBus.emit('notification:new', { notificationId: item.notificationId, type: item.metadata.type, applicationId: item.metadata.applicationId ?? null });
  });
  socket.on('NEW', () => {
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
  // The session ended elsewhere (logout in another tab, revoked, refresh-token reuse): the shell's expired path.
  socket.on('LOGOUT', () => onLogout());
}

let socket: Socket | null = null;
let users = 0;
let generation = 0; // bumped by stop(): a socket.io-client load that finishes after it must not connect
let stopWatching: (() => void) | null = null;

function stop() {
  generation++;
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

/**
 * One socket per page, shared by the bell and the notification page (ref-counted). It authenticates with the
 * shared session at every (re)connect (socket.io-client calls `auth` before each try) and closes when the
 * session is cleared or changes to another one.
 */
export function acquireSocket(): () => void {
  users++;
  if (!stopWatching) {
    const start = sessionStore.getState().session;
    if (start) {
      const mine = generation;
      stopWatching = sessionStore.subscribe((s) => {
        if (!s.session || s.session.sessionId !== start.sessionId) stop();
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
              cb(s ? { access_token: s.access_token, sessionId: s.sessionId, ...(lastId ? { lastId } : {}) } : {});
            },
          });
          wire(socket, () => {
            stop();
            eventBus.emit('session:expired', { reason: 'LOGOUT' });
          });
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
