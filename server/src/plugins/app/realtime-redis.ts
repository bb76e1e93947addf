import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { RealtimeHealth } from '../../domain/platform/health';

/** How long a starting server waits for Redis before it refuses to start (a wrong REDIS_URL should not hang it). */
export const REDIS_CONNECT_TIMEOUT_MS = 5000;

export interface RedisLink {
  health(): RealtimeHealth;
  close(): Promise<void>;
}

type Client = ReturnType<typeof import('redis').createClient>;

async function connectWithin(clients: Client[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  // connect() keeps retrying until it succeeds; a rejection after the timeout must not go unhandled.
  const connecting = clients.map((c) => c.connect());
  for (const p of connecting) p.catch(() => undefined);
  try {
    await Promise.race([Promise.all(connecting), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Installs the socket.io Redis adapter on `io`, so a push or a LOGOUT made by this process reaches the sockets every
 * process holds. The server does not start without Redis answering (a wrong REDIS_URL is a configuration error),
 * but Redis going away later must not take it down: the clients reconnect by themselves, the outage is logged once,
 * /health reports 'redis:down', and pushes still reach this process's own sockets. Publishing does not queue while
 * Redis is away (that would grow without bound and deliver stale LOGOUTs later); what another process's sockets miss
 * meanwhile is stored and reached through the notification list.
 */
export async function installRedisAdapter(io: Server, url: string, log: FastifyBaseLogger, connectTimeoutMs = REDIS_CONNECT_TIMEOUT_MS): Promise<RedisLink> {
  // Loaded here, only with REDIS_URL: the Redis client is ~0.2 s of CPU at every start of a server (and of every server
  // test file) that has no Redis.
  const { createClient } = require('redis') as typeof import('redis');
  const { createAdapter } = require('@socket.io/redis-adapter') as typeof import('@socket.io/redis-adapter');
  const pub: Client = createClient({ url, disableOfflineQueue: true });
  // The subscriber keeps the client's own offline handling: it re-subscribes by itself when Redis is back.
  const sub: Client = createClient({ url });
  let down = false;
  const onError = (err: Error) => {
    if (down) return;
    down = true;
    log.error({ err: { message: err.message } }, 'Redis is unreachable: notifications reach only the sockets of this process until it is back');
  };
  const onReady = () => {
    if (!down) return;
    down = false;
    log.info('Redis is back: notifications reach the sockets of every process again');
  };
  for (const c of [pub, sub]) c.on('error', onError).on('ready', onReady);

  try {
    await connectWithin([pub, sub], connectTimeoutMs);
  } catch (err) {
    await Promise.allSettled([pub, sub].map((c) => (c.isOpen ? c.disconnect() : undefined)));
    throw new Error(`REDIS_URL: ${(err as Error).message}`);
  }

  // The adapter publishes without awaiting; while Redis is away a publish fails at once, which must not become an
  // unhandled rejection (that would end the process).
  const publish = pub.publish.bind(pub);
  (pub as unknown as { publish: (...args: unknown[]) => Promise<number> }).publish = (...args: unknown[]) =>
    (publish as (...a: unknown[]) => Promise<number>)(...args).catch(() => 0);

  io.adapter(createAdapter(pub, sub));
  return {
    health: () => (pub.isReady && sub.isReady ? 'redis:ok' : 'redis:down'),
    async close() {
      // Dropping the connections ends the subscriptions; the adapter's own close() would queue unsubscribes on a
      // client that may be offline.
      await Promise.allSettled([pub, sub].map((c) => (c.isOpen ? c.disconnect() : undefined)));
    },
  };
}
