import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MAX_FILE_SIZE_BYTES, TASKS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { answerRequest, fieldsForRequest } from '../../domain/queries/answer';
import { AppId, errorReplies, FieldKey, FormValues } from '../common/schemas';
import { applicationIdIn } from '../common/application-rules';
import { FieldConfigs, RequestForInfoId } from './schemas';
import { route } from '../common/route';

// Two 10 MB files in base64 with their JSON envelope: what one answer may carry.
const MAX_FILES = 2;
const ANSWER_BODY_LIMIT = Math.ceil((MAX_FILE_SIZE_BYTES * 4) / 3) * MAX_FILES + 128 * 1024;
const LINK =
  'The link\'s secret (requestForInfoId) is the credential: the customer account needs no appRefId. It opens only this request of ' +
  'this application, until it expires, is answered, is sent again or its query is closed; each of those, an unknown secret and ' +
  'another application\'s id all get the same 404 (the §2 invalid-URL text).';

/** The applicant's page (mf-portal /dynamic-resume/request-info): what was asked, and the answer. */
const applicantRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v3/queries/fetchFieldsForReqInfo/:requestForInfoId', route.queries({ application: { id: applicationIdIn('query', 'application_id'), permission: 'APPLICATIONS_ACTIONS', customer: 'credential' } }, 'The fields a request for information asks for',
      'The message, the asked fields and documents (§3 field configuration, each required) and their current values, for the ' +
        `applicant's page to render with the portal's form engine. ${LINK} Staff with APPLICATIONS_ACTIONS who may open the ` +
        'application may read it too.', {
      params: Type.Object({ requestForInfoId: RequestForInfoId }),
      querystring: Type.Object({ application_id: AppId }),
      response: {
        200: Type.Object({
          data: Type.Object({
            application_id: Type.String(),
            applicantFirstName: Type.String(),
            message: Type.String(),
            expiresAt: Type.String({ format: 'date-time' }),
            fields: FieldConfigs,
            documents: FieldConfigs,
            values: Type.Record(Type.String(), Type.Unknown()),
          }),
        }),
        ...errorReplies,
      },
    }), async (request) => ({ data: await fieldsForRequest(app.db, currentUser(request), request.query.application_id, request.params.requestForInfoId) }));

  app.post(TASKS.updateAndResolveQuery, {
    bodyLimit: ANSWER_BODY_LIMIT,
    config: { application: { id: applicationIdIn('body', 'application_id'), permission: 'APPLICATIONS_ACTIONS', customer: 'credential' } },
    schema: {
      summary: "The applicant's answer to a request for information",
      description:
        'Validates the answers with the form engine the portal runs (400/1101 with "label - reason" items; nothing written, the ' +
        'link still works), stores the documents (base64, at most 10 MB each, checked like every upload), writes the values on the ' +
        'application with a field audit in the applicant\'s name, resolves the query, runs the SLA clock again and notifies the ' +
        `officer who asked. ${LINK} Only the applicant (the customer account) answers: staff get 403.`,
      tags: ['queries'],
      body: Type.Object({
        application_id: AppId,
        requestForInfoId: RequestForInfoId,
        values: FormValues,
        files: Type.Optional(Type.Array(Type.Object({
          fieldKey: FieldKey,
          fileName: Type.String({ minLength: 1, maxLength: 200 }),
          type: Type.String({ maxLength: 120, description: 'The MIME type the client declares' }),
          content: Type.String({ maxLength: Math.ceil((MAX_FILE_SIZE_BYTES * 4) / 3) + 4, description: 'The file, base64' }),
        }), { maxItems: MAX_FILES })),
      }),
      response: {
        200: Type.Object({
          data: Type.Object({ application_id: Type.String(), subTaskId: Type.String(), resolved: Type.Boolean(), updated: Type.Array(Type.String()), slaPausedMins: Type.Integer() }),
          message: Type.String(),
        }),
        ...errorReplies,
        413: Type.Ref('ErrorBody', { description: 'Body over the limit' }),
      },
    },
  }, async (request) => {
    const b = request.body;
    const data = await answerRequest(app.db, app.files, currentUser(request), { ...b, files: b.files ?? [] });
    return { data, message: 'Thank you: your answers were sent' };
  });
};
export default applicantRoutes;
