import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { isOpsCaller } from '../../ops/ops-token';
import { connectedShells } from '../../plugins/app/release-notices';
import { route } from '../common/route';

export const OPS_SHELLS = '/ops/shells';

const Shell = Type.Object({
  user: Type.String({ maxLength: 100 }),
  connectedAt: Type.String({ format: 'date-time' }),
  remotes: Type.Record(Type.String({ maxLength: 30 }), Type.String({ maxLength: 40 }), { description: 'container name → version the shell runs' }),
});

/**
 * Which shells are connected to this process on which remote versions (the release scripts print it after activate
 * and rollback): the notification sockets' handshakes. Operator scripts only, like /ops/backup (loopback + the token
 * of DATA_DIR/ops.token); anyone else gets what an unknown path gets.
 */
const shells: FastifyPluginAsyncTypebox<{ opsToken: string }> = async (app, opts) => {
  app.get(
    OPS_SHELLS,
    route.platform({ public: true }, 'Connected shells and the remote versions they run (npm run activate / rollback)',
      'For the release scripts on the same machine: loopback callers bearing the token of DATA_DIR/ops.token only (anyone else gets 404). Only this process\'s sockets (with REDIS_URL, each process answers for its own).', {
      security: [],
      response: { 200: Type.Object({ shells: Type.Array(Shell) }) },
    }),
    async (request, reply) => {
      if (!isOpsCaller(request, opts.opsToken)) return reply.callNotFound();
      return { shells: app.hasDecorator('io') ? connectedShells(app.io.of('/').sockets.values()) : [] };
    },
  );
};
export default shells;
