import { EventEmitter } from 'node:events';

/**
 * "This session ended" (logout, end-session, refresh-token reuse, expiry found at refresh), told after the revoke
 * committed, one emitter per database like the notification bus. The socket layer listens and drops the
 * session's sockets; with REDIS_URL that drop reaches the sockets other processes hold (the Redis adapter).
 */
const emitters = new WeakMap<object, EventEmitter>();

function emitterOf(db: object): EventEmitter {
  let e = emitters.get(db);
  if (!e) {
    e = new EventEmitter();
    e.setMaxListeners(0);
    emitters.set(db, e);
  }
  return e;
}

export const sessionEnded = (db: object, sessionId: string, reason: string) => emitterOf(db).emit('ended', sessionId, reason);

export function onSessionEnded(db: object, listener: (sessionId: string, reason: string) => void): () => void {
  emitterOf(db).on('ended', listener);
  return () => emitterOf(db).off('ended', listener);
}
