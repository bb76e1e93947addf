import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { declineView } from '../../domain/decline/letter';
import { grievanceOfficer } from '../../domain/config/grievance';
import { AppId, errorReplies } from '../common/schemas';
import { applicationIdIn } from '../common/application-rules';
import { route } from '../common/route';

export const DECLINE_VIEW = '/v3/portal/decline';

const Officer = Type.Union([Type.Object({ name: Type.String(), phone: Type.String(), email: Type.String() }), Type.Null()]);

/** The portal's status page: why the application was declined (Fair Practices Code) and where to complain. */
const portalDecline: FastifyPluginAsyncTypebox = async (app) => {
  app.get(DECLINE_VIEW, route.portal({ application: { id: applicationIdIn('query', 'application_id'), permission: 'read', customer: 'appRef' } }, 'The decline reasons and the grievance route of an application',
      'For a REJECTED application: the main reasons as the applicant reads them (never internal codes) in their language (?lang=, else the language they read the consent notices in), the decline letter\'s fileId and the grievance officer. declined false otherwise. The customer with the appRefId; staff who may open it.', {
      querystring: Type.Object({ application_id: AppId, lang: Type.Optional(Type.String({ pattern: '^[a-z]{2}$' })) }),
      response: {
        200: Type.Object({ data: Type.Object({ declined: Type.Boolean(), reasons: Type.Array(Type.String()), lang: Type.String(), letterFileId: Type.Union([Type.String(), Type.Null()]), grievanceOfficer: Officer }) }),
        ...errorReplies,
      },
    }), async (request) => ({ data: { ...(await declineView(app.db, request.application!, request.query.lang)), grievanceOfficer: await grievanceOfficer(app.db) } }));
};
export default portalDecline;
