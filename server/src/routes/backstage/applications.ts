import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import { APPLICATIONS, TASKS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { buildView } from '../../domain/applications/view';
import { heldParty } from '../../domain/portal/customer-access';
import { partyView } from '../../domain/portal/parties';
import { copyApplication, createApplication, userSave } from '../../domain/applications/save';
import { auditsOf } from '../../domain/applications/audit';
import { taskConfigs } from '../../domain/applications/task-configs';
import { queueMandatoryValidation, runMandatoryValidation } from '../../domain/validations/mandatory';
import { AppId, errorReplies, Json, VerNum, Enum, Stale } from '../common/schemas';
import { actRule, applicationIdIn, loadedApplication, readRule } from '../common/application-rules';
import { ApplicationView, RowId } from '../common/application-schemas';
import { route } from '../common/route';

const FieldKey = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$', maxLength: 64 });
const inBody = applicationIdIn('body', 'application_id');
const inQuery = applicationIdIn('query', 'application_id');
const inParams = applicationIdIn('params', 'id');

const SaveBody = Type.Object({
  application_id: AppId,
  verNum: VerNum,
  customFields: Type.Optional(Type.Record(FieldKey, Type.Unknown(), { description: 'Changed answers by field key (null removes one)' })),
  applicant: Type.Optional(Type.Array(Type.Record(FieldKey, Type.Unknown()), { maxItems: 10 })),
  section_id: Type.Optional(Type.String({ maxLength: 80 })),
  sub_section_id: Type.Optional(Type.String({ maxLength: 80 })),
  progress: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 50 })),
});

const CreateBody = Type.Object({
  product_code: Type.String({ minLength: 1, maxLength: 20 }),
  singleORjoint: Type.Optional(Type.Union([Type.Literal('Single'), Type.Literal('Joint')])),
  applicationType: Type.Optional(Type.Union([Type.Literal('APPLICATION'), Type.Literal('LEAD')])),
  applicant: Type.Optional(Type.Array(Type.Record(FieldKey, Type.Unknown()), { maxItems: 10 })),
  customFields: Type.Optional(Type.Record(FieldKey, Type.Unknown())),
  existing_or_new_customer: Type.Optional(Type.Union([Type.Literal('new'), Type.Literal('existing')])),
});

const View = Type.Object({ data: ApplicationView });
const Saved = Type.Object({ data: ApplicationView, message: Type.String() });
const ById = Type.Object({ id: AppId });

const READ = 'Access: staff who may open the application (its branch, the team holding its task, or an ALL_APPLICATIONS_* permission); the customer account with its appRefId.';
const WRITE = 'Access: staff with APPLICATIONS_ACTIONS who may open the application; not the customer account.';
const NOT_FOUND = '404 for an application that does not exist or that the caller may not open (the same answer).';

const AuditRow = Type.Object({
  id: RowId,
  application_id: Type.String(),
  fieldKey: Type.String({ description: 'customFields.{key}, a document key, or _action for the action itself' }),
  oldValue: Json('The value before (JSON), or null'),
  newValue: Json('The value after (JSON); for _action the action and its input'),
  action: Type.String(),
  userId: Type.String(),
  at: Type.String({ format: 'date-time' }),
});

const ValidationQueued = Type.Object({ application_id: Type.String(), status: Enum(['QUEUED', 'RUNNING', 'DONE']), requested: Type.Integer(), runs: Type.Integer() });
const ValidationRun = Type.Object({
  application_id: Type.String(),
  status: Enum(['DONE']),
  runs: Type.Integer(),
  valid: Type.Boolean(),
  missing: Type.Array(Type.Object({ key: Type.String(), label: Type.String() }), { description: 'Mandatory fields without a value' }),
  checkedAt: Type.String({ format: 'date-time' }),
  verNum: Type.Integer({ description: 'The application version the run checked' }),
});

/**
 * Applications (§7): read, copy, saves, audits, task configs and the mandatory validations queue. Each route
 * declares how it opens the application (config.application, plugins/app/application-access.ts); the rules live in
 * server/src/domain/applications.
 */
const applicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A copy creates an application: a write, as the save that creates one.
  app.get('/v3/application/copy/:id', route.backstage({ application: actRule(inParams) }, 'Copy an application',
      `A new application with the same product, applicants and answers, first step opened, owned by the caller's branch. ${WRITE} Errors: ${NOT_FOUND}`, {
      params: ById,
      response: { 200: View, ...errorReplies },
    }), async (request) => ({ data: await copyApplication(app.db, currentUser(request), loadedApplication(request)) }));

  // A co-applicant's or guarantor's own appRefId reads only their part (issue 28, domain/portal/parties.ts).
  app.get('/v3/application/:id', route.backstage({ application: { ...readRule(inParams), party: 'view' } }, 'Read an application',
      `The §3 Application with its lifecycle, tasks, progress and the §4 flags for the caller. ${READ} Errors: ${NOT_FOUND}`, {
      params: ById,
      response: { 200: View, ...errorReplies },
    }), async (request) => {
    const user = currentUser(request);
    const view = await buildView(app.db, loadedApplication(request), user);
    const party = heldParty(user);
    return { data: party ? (partyView(view, party) as typeof view) : view };
  });

  app.post(APPLICATIONS.userSave, route.backstage({ application: actRule(inBody) }, 'Save the form of an application',
      `The assigned user's save (§4): changed answers, applicants, section and progress, each change audited. ${WRITE} ` +
        `Errors: 400/1101 (not editable at this stage or not assigned to the caller, a value of the wrong type), ${NOT_FOUND} 409 for a stale verNum.`, {
      body: SaveBody,
      response: { 200: Saved, ...errorReplies, 409: Stale },
    }), async (request) => ({ data: await userSave(app.db, currentUser(request), request.body), message: 'Application Saved successfully' }));

  // Save: with an application_id it is the user's save; without, it creates an application (APPLICATIONS_ACTIONS either way).
  app.post(APPLICATIONS.save, route.backstage({ application: actRule(inBody) }, 'Save or create an application',
      `With application_id, the same as the user's save (200). Without, creates an application of product_code in the caller's branch, its first ` +
        `step opened (201). ${WRITE} Errors: 400/1101 (unknown product, wrong value types), ${NOT_FOUND} 409 for a stale verNum.`, {
      body: Type.Union([SaveBody, CreateBody]),
      response: { 200: Saved, 201: Saved, ...errorReplies, 409: Stale },
    }), async (request, reply) => {
    const body = request.body;
    const user = currentUser(request);
    if ('application_id' in body) return { data: await userSave(app.db, user, body), message: 'Application Saved successfully' };
    return reply.status(201).send({ data: await createApplication(app.db, user, body), message: 'Application created' });
  });

  app.get(APPLICATIONS.audits, route.backstage({ application: readRule(inQuery) }, 'Audit trail of an application',
      `Who changed what and when: one row per changed field plus one per action (fieldKey _action), oldest first; fieldKey narrows to one field. ${READ} Errors: ${NOT_FOUND}`, {
      querystring: Type.Object({ application_id: AppId, fieldKey: Type.Optional(Type.String({ maxLength: 120 })) }),
      response: { 200: Type.Object({ data: Type.Array(AuditRow) }), ...errorReplies },
    }), async (request) => ({ data: await auditsOf(app.db, request.query.application_id, request.query.fieldKey) }));

  app.get(TASKS.getConfigs, route.backstage({ application: readRule(inQuery) }, 'Tasks of an application',
      `The application's §3 tasks with their SLA parts, optionally one task (taskId) or one lifecycle step (stepNumber). ${READ} Errors: ${NOT_FOUND}`, {
      querystring: Type.Object({ application_id: AppId, taskId: Type.Optional(Type.String({ maxLength: 60 })), stepNumber: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })) }),
      response: { 200: Type.Object({ data: Type.Array(Json('§3 Task: taskId, name, progress, assignment, stepInfo, actions, operationalLevelAgreement, dueAt, slaBreached')) }), ...errorReplies },
    }), async (request) => {
    const { application_id, taskId, stepNumber } = request.query;
    return { data: await taskConfigs(app.db, application_id, { taskId, stepNumber }) };
  });

  // Validations of an application are run by whoever may open it (staff by branch/team, a customer only with the
  // application's appRefId): they report what is missing and change nothing on the application itself.
  const validation = <T extends TSchema>(summary: string, description: string, data: T) => ({
    config: { application: readRule(inBody) },
    schema: {
      summary,
      description: `${description} ${READ} Errors: ${NOT_FOUND}`,
      tags: ['backstage'],
      body: Type.Object({ application_id: AppId }),
      response: { 200: Type.Object({ data }), ...errorReplies },
    },
  });
  app.post(
    APPLICATIONS.addMandatoryValidations,
    validation('Queue a mandatory-fields check', 'Queues a check of the application\'s mandatory fields (requested counts the asks).', ValidationQueued),
    async (request) => ({ data: await queueMandatoryValidation(app.db, loadedApplication(request).application_id) }),
  );
  app.post(
    APPLICATIONS.updateMandatoryValidations,
    validation('Run the mandatory-fields check', 'Runs the check now (one run at a time per application) and answers which mandatory fields are missing.', ValidationRun),
    async (request) => ({ data: await runMandatoryValidation(app.db, loadedApplication(request).application_id) }),
  );
};
export default applicationRoutes;
