import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { notFound } from '../../domain/errors';
import { readRemotesDocument } from '../../domain/platform/remotes-document';
import { errorReplies } from '../common/schemas';
import { route } from '../common/route';

/** Where the browser registers the Web Push service worker: a stable URL at the root, so its scope is the whole site. */
export const SERVICE_WORKER_PATH = '/notification-sw.js';
/** The file mf-notifications' build writes beside its remoteEntry.js (mf-notifications/webpack/service-worker-plugin.cjs). */
export const SERVICE_WORKER_FILE = 'notification-sw.js';
const OWNER = { name: 'mf_notifications', folder: 'mf-notifications' };
const VERSION = /^[0-9A-Za-z.+-]{1,64}$/;

/**
 * The notifications service worker. It ships with the remote that owns notifications (a release of mf-notifications
 * carries its own copy), but a service worker must keep one URL for its whole life: registered under
 * /releases/<remote>/<version>/ it would be a new worker with a narrow scope at every release. So the server serves,
 * at /notification-sw.js, the file of the mf-notifications version active now (releases/remotes.json, read per
 * request like GET /config/remotes): activating or rolling back a release changes the bytes, and the browser, which
 * checks a worker's script without its HTTP cache (no-cache), installs the new one.
 */
const serviceWorkerRoute: FastifyPluginAsyncTypebox<{ releasesDir: string }> = async (app, opts) => {
  app.get(SERVICE_WORKER_PATH, route.notifications({ public: true }, 'The Web Push service worker',
      'JavaScript: the service worker of the active mf-notifications release, which shows Web Push messages and opens their link. ' +
        'Public (a browser fetches it without a session). 404 while no mf-notifications release is active or it has no worker.', {
      response: { 200: Type.String({ description: 'The worker script' }), ...errorReplies },
    }), async (_request, reply) => {
    const active = (await readRemotesDocument(opts.releasesDir))?.remotes.find((r) => r.name === OWNER.name);
    const missing = () => notFound('serviceWorker', 'No notifications release with a service worker is active');
    if (!active || !VERSION.test(active.version)) throw missing();
    let script: string;
    try {
      script = await readFile(join(opts.releasesDir, OWNER.folder, active.version, SERVICE_WORKER_FILE), 'utf8');
    } catch {
      throw missing();
    }
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script);
  });
};
export default serviceWorkerRoute;
