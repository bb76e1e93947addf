import type { FastifyPluginAsync } from 'fastify';
import type { IdentityEnv } from '../../config/env';
import health from './health';
import setupConfigs from './setup-configs';
import i18n from './i18n';
import configRemotes from './config-remotes';
import products from './products';
import areas from './areas';
import captureAction from './capture-action';
import flows from './flows';
import components from './components';
import texts from './texts';
import metrics from './metrics';
import backup from './backup';
import shells from './shells';
import { writeOpsToken } from '../../ops/ops-token';

/**
 * Platform: health, the remotes document, translations, setup and flow configuration reads (§7 Admin and
 * configuration), products, the areas' summaries and the browser-back capture.
 */
const platformRoutes: FastifyPluginAsync<{ identity: IdentityEnv; releasesDir: string; janusUrl?: string; backup: { dataDir: string; databaseUrl?: string; documents: 'disk' | 's3' } }> = async (app, opts) => {
  await app.register(health);
  await app.register(setupConfigs, { identity: opts.identity });
  await app.register(i18n);
  await app.register(configRemotes, { releasesDir: opts.releasesDir });
  await app.register(products);
  await app.register(areas, { janusUrl: opts.janusUrl });
  await app.register(captureAction);
  await app.register(flows);
  await app.register(components);
  await app.register(texts);
  await app.register(metrics); // Prometheus scrape target (issue 32)
  // The operator scripts' credential (ops/ops-token.ts), new at every start: npm run backup, the release scripts.
  const opsToken = writeOpsToken(opts.backup.dataDir);
  await app.register(backup, { ...opts.backup, opsToken }); // npm run backup against the running server (issue 32)
  await app.register(shells, { opsToken }); // connected shells' versions for npm run activate / rollback (issue 32)
};
export default platformRoutes;
