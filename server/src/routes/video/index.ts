import type { FastifyPluginAsync } from 'fastify';
import calls from './calls';
import janusProxy from './janus-proxy';

/** Video calls with the applicant (§1, §7 Video): the calls, the applicant's invitation, the Janus proxy for browsers. */
const videoRoutes: FastifyPluginAsync<{ dataDir: string; publicUrl?: string }> = async (app, opts) => {
  await app.register(calls, opts);
  await app.register(janusProxy);
};
export default videoRoutes;
