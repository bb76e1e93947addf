import fp from 'fastify-plugin';
import { onNotifications } from '../../domain/notifications/bus';
import type { NotificationRow } from '../../domain/notifications/notifications';
import { loadVapidKeys, pushPayload, sendPush, subscriptionsOfRows, type PushOutcome, type WebPushSettings } from '../../domain/notifications/web-push';
import { userRoom } from './realtime';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push deliveries this process started and has not finished (tests and shutdown wait for them). */
    webPushIdle(): Promise<PushOutcome[]>;
  }
}

/**
 * Web Push delivery: each notification this process wrote (after its commit, like the socket push) goes to the Web
 * Push subscriptions of those recipients who have no open socket. Presence is asked of socket.io itself: with the
 * Redis adapter `fetchSockets` asks every process, so a user connected to another process gets no push. Sending is
 * in the background: a slow push service never delays the action that notified.
 */
export default fp<{ dataDir: string; settings: WebPushSettings }>(
  async (app, opts) => {
    const vapid = loadVapidKeys(opts.dataDir);
    const pending = new Set<Promise<PushOutcome[]>>();

    const online = async (users: string[]): Promise<Set<string>> => {
      const sockets = await app.io.in(users.map(userRoom)).fetchSockets();
      return new Set(sockets.map((s) => (s.data as { user?: { userName: string } }).user?.userName).filter((u): u is string => !!u));
    };

    // One subscriptions query and one presence check per publish, whatever the number of rows; messages go out in
    // parallel (each its own push-service request).
    const deliver = async (rows: NotificationRow[]): Promise<PushOutcome[]> => {
      const byRow = await subscriptionsOfRows(app.db, rows);
      if (!byRow.size) return [];
      let here: Set<string>;
      try {
        here = await online([...new Set([...byRow.values()].flat().map((s) => s.username))]);
      } catch (err) {
        app.log.warn({ err }, 'presence check failed: sending Web Push to every subscription');
        here = new Set();
      }
      const sends = rows.flatMap((row) =>
        (byRow.get(row.id) ?? [])
          .filter((s) => !here.has(s.username))
          .map(async (sub) => {
            const outcome = await sendPush(app.db, sub, pushPayload(row, sub.lang), vapid, opts.settings);
            if (outcome === 'failed') app.log.warn({ user: sub.username }, 'Web Push message not accepted by the push service');
            return outcome;
          }),
      );
      return Promise.all(sends);
    };

    const stop = onNotifications(app.db, (rows) => {
      const p: Promise<PushOutcome[]> = deliver(rows)
        .catch((err) => {
          app.log.error({ err }, 'Web Push delivery failed');
          return [] as PushOutcome[];
        })
        .finally(() => pending.delete(p));
      pending.add(p);
    });
    app.decorate('webPushIdle', async () => (await Promise.all([...pending])).flat());
    app.addHook('preClose', async () => {
      stop();
      await Promise.allSettled([...pending]);
    });
  },
  { name: 'web-push', dependencies: ['db', 'realtime'] },
);
