import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AES_HEADER, AES_HEADER_VALUE } from '../../crypto/aes';
import { currentUser } from '../../plugins/app/auth';
import { refused } from '../../domain/errors';
import { executeMicroflow } from '../../domain/portal/microflows';
import { AppId, errorReplies, FormValues } from '../common/schemas';
import { applicationIdIn } from '../common/application-rules';
import { route } from '../common/route';

const FileAction = (action: 'PREVIEW_FILE' | 'DOWNLOAD_FILE') =>
  Type.Object({ action: Type.Literal(action), buffer: Type.String({ description: 'The file, base64' }), type: Type.String(), name: Type.String() });

/** The actions the portal applies (shared/src/microflow.ts MicroflowAction), one object per kind. */
const MicroflowAction = Type.Union([
  Type.Object({
    action: Type.Literal('LOOKUP'),
    key: Type.String(),
    value: Type.String(),
    found: Type.Boolean(),
    result: Type.Optional(Type.Record(Type.String(), Type.String())),
  }),
  Type.Object({ action: Type.Literal('APPLICATION_UPDATE'), values: Type.Record(Type.String(), Type.Unknown()) }),
  FileAction('PREVIEW_FILE'),
  Type.Object({
    action: Type.Literal('VERIFY_FIELDS'),
    fields: Type.Array(Type.Object({ key: Type.String(), verified: Type.Boolean(), reason: Type.Optional(Type.String()) })),
  }),
  FileAction('DOWNLOAD_FILE'),
]);

const Executed = Type.Object({
  data: Type.Object({
    microFlowId: Type.String(),
    componentid: Type.Optional(Type.String()),
    application_id: Type.String(),
    actions: Type.Array(MicroflowAction),
  }),
  message: Type.String(),
}, { description: 'The actions to apply (sent encrypted as {data})' });

/**
 * POST /v3/microflow/execute/{microFlowId}?componentid&application_id (§7): the body must come AES-encrypted as
 * {data} (the encryption plugin decrypts it; plaintext {values, applicantId?}), and the reply goes back encrypted.
 * A customer needs the application's appRefId; staff APPLICATIONS_ACTIONS on an application they may open (a
 * microflow is a step of filling the application's flow). Unknown microflow: 404; a body that is not valid: 400/1101.
 */
const portalMicroflows: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/v3/microflow/execute/:microFlowId',
    route.portal({ application: { id: applicationIdIn('query', 'application_id'), permission: 'APPLICATIONS_ACTIONS', customer: 'appRef' }, encryptResponse: true, }, 'Run a microflow of the form',
      'Runs a configured microflow on the form\'s values (falling back to what the application stores) and answers the ' +
        'actions the portal applies: EMI → APPLICATION_UPDATE; PIN code lookup → LOOKUP, VERIFY_FIELDS, APPLICATION_UPDATE; ' +
        'indicative terms letter (says it is not a sanction; lang en or hi) → DOWNLOAD_FILE (a PDF, base64). EMI and letter price the terms by the product\'s pricing band (400 when none covers them). Access: the customer account with the application\'s appRefId ' +
        'header; staff with APPLICATIONS_ACTIONS on an application they may open. Errors: 400/1101 (a body not sent ' +
        'encrypted, values out of range), 403, 404 (unknown microflow or application).\n\n' +
        'Encryption (§7, §9): the body must be sent AES-encrypted as {data} with x-lendline-encrypted: aes-cbc, and the ' +
        '200 reply comes back encrypted the same way; the schemas describe the plaintext.', {
      params: Type.Object({ microFlowId: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$', maxLength: 64 }) }),
      querystring: Type.Object({ application_id: AppId, componentid: Type.Optional(Type.String({ maxLength: 80 })), lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('hi')], { description: 'Language of a generated document' })) }),
      body: Type.Object({ values: FormValues, applicantId: Type.Optional(Type.String({ maxLength: 60 })) }, { additionalProperties: false }),
      response: { 200: Executed, ...errorReplies },
    }),
    async (request) => {
      const user = currentUser(request);
      if (request.headers[AES_HEADER] !== AES_HEADER_VALUE) throw refused('data', 'must be sent encrypted');
      const data = await executeMicroflow(app.db, user, {
        microFlowId: request.params.microFlowId,
        applicationId: request.query.application_id,
        componentId: request.query.componentid,
        values: request.body.values,
        lang: request.query.lang,
      });
      return { data, message: 'Microflow executed' };
    },
  );
};
export default portalMicroflows;
