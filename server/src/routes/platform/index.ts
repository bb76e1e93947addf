import type { FastifyPluginAsync } from 'fastify';
import type { IdentityEnv } from '../../env';
import health from './health';
import setupConfigs from './setup-configs';
import i18n from './i18n';
import configRemotes from './config-remotes';
import products from './products';
import platformAreas from './areas';
import captureAction from './capture-action';
import domainConfig from './config';

/**
 * Platform: health, the remotes document, translations, setup and flow configuration reads (§7 Admin and
 * configuration), products, the areas' summaries and the browser-back capture.
 */
const platformRoutes: FastifyPluginAsync<{ identity: IdentityEnv; releasesDir: string; janusUrl?: string }> = async (app, opts) => {
  await app.register(health);
  await app.register(setupConfigs, { identity: opts.identity });
  await app.register(i18n);
  await app.register(configRemotes, { releasesDir: opts.releasesDir });
  await app.register(products);
  await app.register(platformAreas, { janusUrl: opts.janusUrl });
  await app.register(captureAction);
  await app.register(domainConfig);
};
export default platformRoutes;
