import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { LEADS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { hasRole, isStaff } from '../../domain/current-user';
import { permissionMissing, staffOnly } from '../../domain/errors';
import { createLead, LEAD_CONTACT_CHANNELS } from '../../domain/leads/create-lead';
import { convertLead } from '../../domain/leads/convert-lead';
import { AppId, errorReplies, Enum } from '../common/schemas';
import { actRule, applicationIdIn, loadedApplication } from '../common/application-rules';
import { ApplicationView } from '../common/application-schemas';
import { route } from '../common/route';

// Bounds of what a person types; the §5 formats (name, mobile, e-mail, PAN) are the product flow's own rules,
// applied by the domain with the form engine, so a lead is checked exactly as the portal checks the applicant.
const Text = (max: number, description?: string) => Type.String({ maxLength: max, ...(description ? { description } : {}) });

const CreateBody = Type.Object({
  product_code: Type.String({ minLength: 1, maxLength: 20 }),
  firstName: Text(40),
  lastName: Text(40),
  mobile: Text(15),
  email: Text(120),
  panNumber: Type.Optional(Text(10, 'Optional at the lead stage')),
  preferredContact: Type.Optional(Enum(LEAD_CONTACT_CHANNELS, 'How the prospect wants to be reached (PHONE by default)')),
  contactNotes: Type.Optional(Text(500, 'When and how to call back')),
  source_id: Type.String({ minLength: 1, maxLength: 80, description: 'Where the lead came from (walk-in, referral, campaign…)' }),
  campaign_id: Type.Optional(Type.String({ maxLength: 80 })),
}, { title: 'Create a lead' });

const Saved = Type.Object({ data: ApplicationView, message: Type.String() });

/**
 * Leads (§1 Team leads / My leads, §2 lead creation): staff create a lead and convert it to an application. The
 * rules live in server/src/domain/leads.
 */
const leadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A create names no application (nothing to open yet): only the §6 permission applies, the same refusal the
  // access rule gives, decided from the caller's roles alone.
  app.post(LEADS.create, route.leads(null, 'Create a lead',
      'A prospect (name, mobile, e-mail, optional PAN), the product, how to contact them and where the lead came from. ' +
        'Stored as an application of type LEAD in the caller\'s branch, its first step opened and assigned to the caller when ' +
        'they belong to that step\'s team; audited. Listed in Team leads and My leads, never in the application lists. ' +
        'Access: staff with APPLICATIONS_ACTIONS. Errors: 400/1101 (a missing or malformed answer, by label; unknown product), 403.', {
      body: CreateBody,
      response: { 201: Saved, ...errorReplies },
    }), async (request, reply) => {
    const user = currentUser(request);
    if (!isStaff(user)) throw staffOnly();
    if (!hasRole(user, 'APPLICATIONS_ACTIONS')) throw permissionMissing('APPLICATIONS_ACTIONS');
    return reply.status(201).send({ data: await createLead(app.db, user, request.body), message: 'Lead created' });
  });

  app.post(LEADS.convert, route.leads({ application: actRule(applicationIdIn('body', 'application_id')) }, 'Convert a lead to an application',
      'The lead\'s holder converts it: a new application of the same product with the lead\'s applicants and answers enters the ' +
        'normal lifecycle (initiated by the caller), and the lead is closed as converted (COMPLETED), both linked and audited. ' +
        'Answers the new application. Access: staff with APPLICATIONS_ACTIONS who may open the lead. Errors: 400/1101 (not a lead, ' +
        'already converted, not ACTIVE), 403 (the lead is not assigned to the caller), 404 for a lead that does not exist or that ' +
        'the caller may not open (the same answer).', {
      body: Type.Object({ application_id: AppId }),
      response: { 201: Saved, ...errorReplies },
    }), async (request, reply) => {
    const lead = loadedApplication(request);
    return reply.status(201).send({ data: await convertLead(app.db, currentUser(request), lead.application_id), message: `Lead ${lead.application_id} converted` });
  });
};
export default leadRoutes;
