import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';

const Body = Type.Object(
  {
    action: Type.String({ minLength: 1, maxLength: 64 }),
    from: Type.Optional(Type.String({ maxLength: 2048 })),
    to: Type.Optional(Type.String({ maxLength: 2048 })),
    at: Type.Optional(Type.String({ maxLength: 64 })),
    application_id: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false },
);

/**
 * POST /workFlowExecution/captureAction and POST /v3/captureAction (§2, §7): the shell reports
 * browser back (and other navigation worth auditing) for the signed-in user; rows go to
 * captured_actions for the workflow's audit trail. A row that names an application is part of that application's
 * trail, so it needs the application (staff who may open it, the customer with its appRefId); the shell's browser-back
 * report names none.
 */
const captureAction: FastifyPluginAsync = async (app) => {
  const handler = async (req: import('fastify').FastifyRequest) => {
    const b = req.body as { action: string; from?: string; to?: string; at?: string; application_id?: string };
    await app.db.query(
      `INSERT INTO captured_actions (user_id, session_id, action, from_path, to_path, detail) VALUES ($1, $2, $3, $4, $5, $6)`,
      [req.user?.userId ?? null, req.user?.sessionId ?? null, b.action, b.from ?? null, b.to ?? null, JSON.stringify({ at: b.at ?? null, application_id: b.application_id ?? null })],
    );
    return { status: 'captured' };
  };
  for (const url of ['/workFlowExecution/captureAction', '/v3/captureAction']) app.post(url, { config: { application: { id: (r) => (r.body as { application_id?: string }).application_id, permission: 'read', customer: 'appRef' } }, schema: { body: Body } }, handler);
};
export default captureAction;
