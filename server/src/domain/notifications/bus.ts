import { EventEmitter } from 'node:events';
import type { NotificationRow } from './notifications';

/**
 * In-process hand-over from the code that writes notification records to the socket layer, one emitter per
 * database (tests build several apps in one process, each on its own database). Publish only after the
 * writing transaction committed: a notification is stored before it is pushed. Each process hears only its own
 * writes here; with REDIS_URL the socket layer's emits reach other processes' sockets (plugins/app/realtime-redis.ts).
 */
const buses = new WeakMap<object, EventEmitter>();

export function notificationBus(db: object): EventEmitter {
  let bus = buses.get(db);
  if (!bus) {
    bus = new EventEmitter();
    bus.setMaxListeners(0);
    buses.set(db, bus);
  }
  return bus;
}

export function publishNotifications(db: object, rows: NotificationRow[]): void {
  if (rows.length) notificationBus(db).emit('created', rows);
}

export const onNotifications = (db: object, listener: (rows: NotificationRow[]) => void) => {
  notificationBus(db).on('created', listener);
  return () => notificationBus(db).off('created', listener);
};
