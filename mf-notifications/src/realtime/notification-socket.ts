import { eventBus, sessionStore } from '@lendline/shared';
import { bellStore, resetBell, showNewNotificationToast } from './bell-store';
import { beep, createAlerter } from './alert';
import { addPushed, markAllUnread, removeItem, replaceItem, setListError, type NotificationItem } from './list-store';
import { connectSocket, socketUrl, type MiniSocket } from './socket-client';

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

/** Wires the §7 events of one socket to the bell and list stores. Exported for the tests (a fake socket). */
export function wire(socket: Pick<MiniSocket, 'on' | 'emit'>, onLogout: () => void): void {
  const count = () => socket.emit('UPDATE_COUNT', {});
  socket.on('connect', () => {
    bellStore.setState({ connected: true });
    count();
  });
  socket.on('disconnect', () => bellStore.setState({ connected: false }));
  socket.on('NOTIFICATION', (n) => addPushed(n as NotificationItem));
  socket.on('NEW', () => {
    alertNew();
    count();
  });
  socket.on('UPDATE_COUNT_RESULT', (r) => {
    if (ok<{ unread: number }>(r)) bellStore.setState({ unread: r.data.unread });
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

let socket: MiniSocket | null = null;
let users = 0;
let stopWatching: (() => void) | null = null;

function stop() {
  socket?.close();
  socket = null;
  stopWatching?.();
  stopWatching = null;
  resetBell();
}

/**
 * One socket per page, shared by the bell and the notification page (ref-counted). It authenticates with the
 * shared session at every (re)connect and closes when the session is cleared or changes to another one.
 */
export function acquireSocket(): () => void {
  users++;
  if (!socket) {
    const start = sessionStore.getState().session;
    if (start) {
      socket = connectSocket({
        url: socketUrl(location),
        auth: () => {
          const s = sessionStore.getState().session;
          return s ? { access_token: s.access_token, sessionId: s.sessionId } : null;
        },
      });
      wire(socket, () => {
        stop();
        eventBus.emit('session:expired', { reason: 'LOGOUT' });
      });
      stopWatching = sessionStore.subscribe((s) => {
        if (!s.session || s.session.sessionId !== start.sessionId) stop();
      });
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
