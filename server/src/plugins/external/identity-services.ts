import fp from 'fastify-plugin';
import { join } from 'node:path';
import { loadOrCreateRsaKeys, type RsaKeys } from '../../crypto/rsa-keys';
import { createNotifier, type Notifier } from '../../adapters/notify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The login password key pair, kept in DATA_DIR/keys. */
    rsa: RsaKeys;
    /** Outgoing e-mail/SMS (sandbox adapter by default). */
    notifier: Notifier;
  }
}

/** Resources identity needs before any route: the RSA key pair and the notification adapter. */
export default fp<{ dataDir: string; notifyAdapter: 'sandbox' }>(
  async (app, opts) => {
    const keyDir = opts.dataDir.startsWith('memory://') ? opts.dataDir : join(opts.dataDir, 'keys');
    app.decorate('rsa', loadOrCreateRsaKeys(keyDir));
    app.decorate('notifier', createNotifier(opts.notifyAdapter, app.log));
  },
  { name: 'identity-services' },
);
