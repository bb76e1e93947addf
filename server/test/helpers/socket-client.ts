import { io as connect, type Socket } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Json } from './json';

/** A real socket.io client against an app listening on loopback, for the notification socket's tests. */
export function socketClient(app: FastifyInstance) {
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  /** Opens a socket without reconnection (a test sees every close). */
  const open = (auth: Json | undefined): Socket => {
    const s = connect(url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, forceNew: true });
    sockets.push(s);
    return s;
  };
  /** The next `event` on the socket (fails after `ms`). */
  const next = <T = Json>(s: Socket, event: string, ms = 3000): Promise<T> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
      s.once(event, (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
  const connected = async (auth: Json): Promise<Socket> => {
    const s = open(auth);
    await next(s, 'connect');
    return s;
  };
  /** Emits a client event and waits for its *_RESULT. */
  const ask = async (s: Socket, event: string, payload: unknown = {}): Promise<Json> => {
    const result = next(s, `${event}_RESULT`);
    s.emit(event, payload);
    return result;
  };
  const closeAll = () => {
    for (const s of sockets) s.close();
  };
  return { open, next, connected, ask, closeAll };
}
