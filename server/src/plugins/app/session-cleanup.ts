import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { LoginLockoutEnv } from '../../config/env';
import { purgeExpiredCustomerSessions } from '../../identity/sessions';
import { forgetStaleDraftKeys } from '../../identity/draft-keys';
import { purgeLoginFailures } from '../../identity/login-lockout';
import { purgeMessageQuotas } from '../../domain/messages/quota';
import { purgeDrafts } from '../../domain/portal/drafts';

declare module 'fastify' {
  interface FastifyInstance {
    /** One clean-up pass now (the timer runs it every SESSION_CLEANUP_INTERVAL_SECONDS). */
    cleanUpIdentity(): Promise<{ sessions: number; loginFailures: number; drafts: number }>;
  }
}

/**
 * Deletes dead customer-portal sessions, spent login-failure counts, run-out message counts and portal drafts untouched
 * for draftPurgeDays (each with an audit row, domain/portal/drafts.ts) on a timer: once at start, then every
 * intervalSeconds. The timer never keeps the process alive (unref) and stops when the server closes; a pass that
 * fails is logged and the next one tries again.
 */
export default fp<{ intervalSeconds: number; loginLockout: LoginLockoutEnv; draftPurgeDays?: number }>(
  async (app: FastifyInstance, opts) => {
    let running: Promise<unknown> | null = null;
    const cleanUp = async () => {
      const sessions = await purgeExpiredCustomerSessions(app.db);
      const loginFailures = await purgeLoginFailures(app.db, opts.loginLockout);
      // Message counts whose window ran out (domain/messages/quota.ts) go with them.
      const messageQuotas = await purgeMessageQuotas(app.db);
      if (sessions || loginFailures || messageQuotas) app.log.info({ sessions, loginFailures, messageQuotas }, 'expired customer sessions, login and message counts deleted');
      // Keys of unsaved edits nobody came back for (identity/draft-keys.ts): their blobs on devices stay unreadable.
      await forgetStaleDraftKeys(app.db);
      const drafts = await purgeDrafts(app.db, opts.draftPurgeDays ?? 30);
      if (drafts) app.log.info({ drafts, days: opts.draftPurgeDays ?? 30 }, 'untouched portal drafts purged');
      return { sessions, loginFailures, drafts };
    };
    app.decorate('cleanUpIdentity', cleanUp);
    const tick = () => {
      if (running) return;
      running = cleanUp()
        .catch((err: unknown) => app.log.warn({ err }, 'session clean-up failed'))
        .finally(() => {
          running = null;
        });
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      tick();
      timer = setInterval(tick, opts.intervalSeconds * 1000);
      timer.unref();
    });
    // Before the database closes: stop the timer and let a pass in progress finish.
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    });
  },
  { name: 'session-cleanup', dependencies: ['db'] },
);
