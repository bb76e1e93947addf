import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AES_HEADER, AES_HEADER_VALUE } from '../crypto/aes';
import { currentUser } from '../plugins/app/auth';
import { refused } from '../domain/errors';
import { executeMicroflow } from '../domain/portal/microflows';

const Key = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$', maxLength: 64 });

/**
 * POST /v3/microflow/execute/{microFlowId}?componentid&application_id (§7): the body must come AES-encrypted as
 * {data} (the encryption plugin decrypts it; plaintext {values, applicantId?}), and the reply goes back encrypted.
 * A customer needs the application's appRefId; staff APPLICATIONS_ACTIONS on an application they may open (a
 * microflow is a step of filling the application's flow). Unknown microflow: 404; a body that is not valid: 400/1101.
 */
const portalMicroflows: FastifyPluginAsync = async (app) => {
  app.post(
    '/v3/microflow/execute/:microFlowId',
    {
      config: {
        application: { id: (r) => (r.query as { application_id: string }).application_id, permission: 'APPLICATIONS_ACTIONS', customer: 'appRef' },
        encryptResponse: true,
      },
      schema: {
        params: Type.Object({ microFlowId: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$', maxLength: 64 }) }),
        querystring: Type.Object({ application_id: Type.String({ minLength: 1, maxLength: 40 }), componentid: Type.Optional(Type.String({ maxLength: 80 })) }),
        body: Type.Object({ values: Type.Record(Key, Type.Unknown()), applicantId: Type.Optional(Type.String({ maxLength: 60 })) }, { additionalProperties: false }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.headers[AES_HEADER] !== AES_HEADER_VALUE) throw refused('data', 'must be sent encrypted');
      const { microFlowId } = request.params as { microFlowId: string };
      const q = request.query as { application_id: string; componentid?: string };
      const body = request.body as { values: Record<string, unknown> };
      const data = await executeMicroflow(app.db, user, { microFlowId, applicationId: q.application_id, componentId: q.componentid, values: body.values });
      return { data, message: 'Microflow executed' };
    },
  );
};
export default portalMicroflows;
