import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/**
 * A route area's plugin when it is only its route files: each registered in this order as its own encapsulated
 * plugin, as the areas' index files did one `await app.register(file)` a line. Areas whose files take options or
 * that start workers (credit, identity, platform, portal, notifications, video) write their index out.
 */
export const areaOf =
  (...files: (FastifyPluginAsync | FastifyPluginAsyncTypebox)[]): FastifyPluginAsync =>
  async (app) => {
    for (const file of files) await app.register(file);
  };
