import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { partiesOf } from '../../domain/portal/parties';
import { AppId, errorReplies } from '../common/schemas';
import { applicationIdIn } from '../common/application-rules';
import { route } from '../common/route';

export const PORTAL_PARTIES = { list: '/v3/portal/applicants/parties' } as const;

const Nullable = (s: ReturnType<typeof Type.String>) => Type.Union([s, Type.Null()]);

const Party = Type.Object({
  applicantId: Type.String({ description: 'The internal id: for the next call, never shown to the applicant' }),
  type: Type.String({ description: 'secondary (co-applicant) or guarantor' }),
  number: Type.Integer({ description: 'Its place among those of its type: "Co-applicant 1"' }),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  email: Nullable(Type.String({ description: 'The address their link goes to' })),
  relation: Nullable(Type.String()),
  status: Type.Union(['not_invited', 'invited', 'in_progress', 'signed'].map((s) => Type.Literal(s))),
  linkSentAt: Nullable(Type.String()),
  signedAt: Nullable(Type.String()),
});

/**
 * The parties of a joint application as its primary applicant's review step lists them (issue 28): each co-applicant
 * and guarantor with where they stand. Resending an invitation is POST /v3/portal/applicants/send-link without an
 * e-mail (to the recorded address only, counted like every link).
 */
const portalParties: FastifyPluginAsyncTypebox = async (app) => {
  // No `party`: a co-applicant's or guarantor's own appRefId does not list the others.
  app.get(PORTAL_PARTIES.list, route.portal({ application: { id: applicationIdIn('query', 'application_id'), permission: 'read', customer: 'appRef' } }, "The co-applicants and guarantors of an application, with each one's status",
      'Each party by type and number, the name and e-mail the application records, and status: not_invited (named, no link ' +
        'yet), invited (link sent), in_progress (link opened or a step saved), signed (their part submitted with their ' +
        'signature). Access: the customer with the primary\'s appRefId (not a party\'s own); staff who may open the application. Errors: 403, 404.', {
      querystring: Type.Object({ application_id: AppId }),
      response: { 200: Type.Object({ data: Type.Object({ parties: Type.Array(Party) }) }, { description: 'The parties, co-applicants first' }), ...errorReplies },
    }), async (request) => ({ data: { parties: partiesOf(request.application!.doc) } }));
};
export default portalParties;
