import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { findDuplicates, MAX_MATCHES } from '../../domain/applications/dedupe';
import { AppId, errorReplies, Enum, Nullable } from '../common/schemas';
import { applicationIdIn, loadedApplication } from '../common/application-rules';
import { route } from '../common/route';

const ApplicantTypes = ['primary', 'secondary', 'guarantor'] as const;

const Match = Type.Object({
  applicantId: Type.String({ description: 'Which applicant of this application matched' }),
  applicantType: Enum(ApplicantTypes),
  matchedOn: Type.Array(Enum(['PAN', 'MOBILE', 'EMAIL']), { maxItems: 3 }),
  kind: Enum(['CUSTOMER', 'APPLICATION'], 'CUSTOMER: an applicant of a completed application; APPLICATION: of an open one'),
  matchedApplicantType: Enum(ApplicantTypes, 'The role the matched person has on the matched record'),
  applicationId: Nullable(Type.String({ description: 'The matched application, only when the caller may open it' })),
  applicantName: Nullable(Type.String({ description: 'The matched applicant, only when the caller may open the record' })),
  status: Nullable(Type.String({ description: 'The matched application\'s status, only when the caller may open it' })),
  description: Type.String(),
});

/**
 * Dedupe at intake (§4 dedupe details): the records whose PAN, mobile or e-mail match this application's applicants.
 * Staff only: the customer account is refused (its answers never carry another person's data).
 */
const dedupeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v3/application/dedupe/:id', route.backstage({ application: { id: applicationIdIn('params', 'id'), permission: 'read' } }, 'Dedupe matches of an application',
      `Existing customers (applicants of COMPLETED applications) and open applications (ACTIVE, INACTIVE; drafts ` +
        `excluded) sharing a PAN, mobile or e-mail with an applicant of this one, newest first, at most ${MAX_MATCHES} ` +
        'records. A matched record is named (id, applicant, status) only when the caller may open it; otherwise it is ' +
        'described by what matched alone.\n\nAccess: staff who may open the application; never the customer account. ' +
        'Errors: 404 for an application that does not exist or that the caller may not open (the same answer), 403.', {
      params: Type.Object({ id: AppId }),
      response: {
        200: Type.Object({ data: Type.Object({ application_id: Type.String(), matches: Type.Array(Match, { maxItems: MAX_MATCHES * 30 }) }) }),
        ...errorReplies,
      },
    }), async (request) => {
    const application = loadedApplication(request);
    const matches = await findDuplicates(app.db, application, currentUser(request));
    return { data: { application_id: application.application_id, matches } };
  });
};
export default dedupeRoutes;
