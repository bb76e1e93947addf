import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { APPLICATIONS } from '@lendline/shared/contract';
import { currentUser } from '../plugins/app/auth';
import { consumerSave, type ConsumerSaveInput } from '../domain/portal/consumer-save';
import { createPortalApplication, type PortalCreateInput } from '../domain/portal/create-application';

const Key = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$', maxLength: 64 });

const CreateBody = Type.Object({
  product_code: Type.String({ minLength: 1, maxLength: 20 }),
  campaign_id: Type.Optional(Type.String({ maxLength: 80 })),
  source_id: Type.Optional(Type.String({ maxLength: 80 })),
  existing_or_new_customer: Type.Union([Type.Literal('new'), Type.Literal('existing')]),
  singleORjoint: Type.Union([Type.Literal('Single'), Type.Literal('Joint')]),
  coApplicants: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
  guarantors: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
});

const SaveBody = Type.Object({
  application_id: Type.String({ minLength: 1, maxLength: 40 }),
  verNum: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  applicantId: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  section_id: Type.String({ minLength: 1, maxLength: 80 }),
  sub_section_id: Type.String({ minLength: 1, maxLength: 80 }),
  values: Type.Record(Key, Type.Unknown()),
  draft: Type.Optional(Type.Boolean()),
  submit: Type.Optional(Type.Boolean()),
});

/**
 * POST /v3/application/consumer/save_or_update (§7; the portal sends it AES-encrypted, the encryption plugin
 * decrypts it before the schema runs). Without application_id it starts an application; with one it saves a
 * sub-section of one applicant, re-validated with the form engine (1101 'label - reason' when invalid). A customer
 * saving needs the application's appRefId header; a create answers the new application's appRefId, once. Staff
 * (resuming a customer-flow step, §2) need APPLICATIONS_ACTIONS and an application they may open — and, checked by
 * consumerSave, one assigned to them.
 */
const portalApplications: FastifyPluginAsync = async (app) => {
  app.post(APPLICATIONS.consumerSave, {
    config: { application: { id: (r) => (r.body as { application_id?: string }).application_id, permission: 'APPLICATIONS_ACTIONS', customer: 'appRef' } },
    schema: { body: Type.Union([SaveBody, CreateBody]), querystring: Type.Object({ lang: Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[A-Za-z]{2})?$', maxLength: 5 })) }) } }, async (request, reply) => {
    const user = currentUser(request);
    const body = request.body as ConsumerSaveInput | PortalCreateInput;
    if ('application_id' in body) {
      const saved = await consumerSave(app.db, user, body);
      return { data: saved.view, status: saved.status, submitted: saved.submitted, message: saved.submitted ? 'Application submitted successfully' : 'Application Saved successfully' };
    }
    reply.status(201);
    const created = await createPortalApplication(app.db, user, body);
    return { data: created.view, appRefId: created.appRefId, message: 'Application created' };
  });
};
export default portalApplications;
