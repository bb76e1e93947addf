import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { APPLICATIONS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { consumerSave } from '../../domain/portal/consumer-save';
import { createPortalApplication } from '../../domain/portal/create-application';
import { heldParty } from '../../domain/portal/customer-access';
import { partyView } from '../../domain/portal/parties';
import { AppId, errorReplies, VerNum, FormValues } from '../common/schemas';
import { ApplicantId, ApplicationView } from './schemas';
import { applicationIdIn } from '../common/application-rules';
import { route } from '../common/route';

const CreateBody = Type.Object({
  product_code: Type.String({ minLength: 1, maxLength: 20 }),
  campaign_id: Type.Optional(Type.String({ maxLength: 80 })),
  source_id: Type.Optional(Type.String({ maxLength: 80 })),
  existing_or_new_customer: Type.Union([Type.Literal('new'), Type.Literal('existing')]),
  singleORjoint: Type.Union([Type.Literal('Single'), Type.Literal('Joint')]),
  coApplicants: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
  guarantors: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
}, { title: 'Start an application' });

const SaveBody = Type.Object({
  application_id: AppId,
  verNum: Type.Optional(VerNum),
  applicantId: Type.Optional(ApplicantId),
  section_id: Type.String({ minLength: 1, maxLength: 80 }),
  sub_section_id: Type.String({ minLength: 1, maxLength: 80 }),
  values: FormValues,
  draft: Type.Optional(Type.Boolean({ description: 'Leaving a page half-filled: format errors still refuse, missing answers do not' })),
  submit: Type.Optional(Type.Boolean({ description: 'The applicant finished the last step' })),
}, { title: 'Save a sub-section' });

const Saved = Type.Object({
  data: ApplicationView,
  status: Type.String({ description: "The sub-section's progress: COMPLETE, or PROGRESS for a draft" }),
  submitted: Type.Boolean({ description: 'This save submitted the application' }),
  message: Type.String(),
}, { description: 'Saved: the application as it is now' });

const Created = Type.Object({
  data: ApplicationView,
  appRefId: Type.Optional(Type.String({ description: "The new application's reference: send it as the appRefId header from now on (given once; never to staff, who open it by branch and team)" })),
  message: Type.String(),
}, { description: 'Created: the new application and its appRefId' });

/**
 * POST /v3/application/consumer/save_or_update (§7; the portal sends it AES-encrypted, the encryption plugin
 * decrypts it before the schema runs). Without application_id it starts an application; with one it saves a
 * sub-section of one applicant, re-validated with the form engine (1101 'label - reason' when invalid). A customer
 * saving needs the application's appRefId header; a create answers the new application's appRefId, once. Staff
 * (resuming a customer-flow step, §2) need APPLICATIONS_ACTIONS and an application they may open — and, checked by
 * consumerSave, one assigned to them.
 */
const portalApplications: FastifyPluginAsyncTypebox = async (app) => {
  // A party's own appRefId saves only their own answers, and reads back only their part (issue 28).
  app.post(APPLICATIONS.consumerSave, route.portal({ application: { id: applicationIdIn('body', 'application_id'), permission: 'APPLICATIONS_ACTIONS', customer: 'appRef', party: 'own' } }, 'Start an application, or save a sub-section of one applicant',
      'Without application_id: starts an application of the product (numbered like the backstage\'s, first lifecycle task ' +
        'in the default branch\'s queue) and answers 201 with its appRefId, given once. With application_id: saves the values ' +
        'of one sub-section of one applicant (the primary when applicantId is absent), re-checked with the §5 rules, and ' +
        'recomputes the progress; submit on the last step submits the application.\n\n' +
        'Access: the customer account with the application\'s appRefId header; staff with APPLICATIONS_ACTIONS on an ' +
        'application they may open and that is assigned to them (§2 resume). Errors: 400/1101 (invalid values, unknown ' +
        'sub-section, application not ACTIVE or already submitted), 403, 404, 409 (stale verNum).\n\n' +
        'Encryption: the portal sends the body AES-encrypted as {data} (§7, §9); the schema describes the plaintext.', {
      querystring: Type.Object({ lang: Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[A-Za-z]{2})?$', maxLength: 5 })) }),
      body: Type.Union([SaveBody, CreateBody]),
      response: {
        200: Saved,
        201: Created,
        ...errorReplies,
        409: Type.Ref('ErrorBody', { description: 'verNum is stale: someone else changed the application' }),
      },
    }), async (request, reply) => {
    const user = currentUser(request);
    const body = request.body;
    if ('application_id' in body) {
      const saved = await consumerSave(app.db, user, body);
      const party = heldParty(user);
      return { data: party ? (partyView(saved.view, party) as typeof saved.view) : saved.view, status: saved.status, submitted: saved.submitted, message: saved.submitted ? 'Application submitted successfully' : 'Application Saved successfully' };
    }
    const created = await createPortalApplication(app.db, user, body);
    return reply.status(201).send({ data: created.view, appRefId: created.appRefId, message: 'Application created' });
  });
};
export default portalApplications;
