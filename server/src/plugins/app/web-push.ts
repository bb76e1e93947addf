import fp from 'fastify-plugin';
import { onNotifications } from '../../domain/notifications/bus';
import type { NotificationRow } from '../../domain/notifications/notifications';
import { loadVapidKeys, pushPayload, sendPush, subscriptionsFor, type PushOutcome, type WebPushSettings } from '../../domain/notifications/web-push';
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

    const deliver = async (rows: NotificationRow[]): Promise<PushOutcome[]> => {
      const outcomes: PushOutcome[] = [];
      for (const row of rows) {
        const subs = await subscriptionsFor(app.db, row);
        if (!subs.length) continue;
        let here: Set<string>;
        try {
          here = await online([...new Set(subs.map((s) => s.username))]);
        } catch (err) {
          app.log.warn({ err }, 'presence check failed: sending Web Push to every subscription');
          here = new Set();
        }
        for (const sub of subs.filter((s) => !here.has(s.username))) {
          const outcome = await sendPush(app.db, sub, pushPayload(row, sub.lang), vapid, opts.settings);
          if (outcome === 'failed') app.log.warn({ user: sub.username }, 'Web Push message not accepted by the push service');
          outcomes.push(outcome);
        }
      }
      return outcomes;
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
