import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { APPLICATION_ACTIONS, APPLICATIONS, TASKS } from '@lendline/shared/contract';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../plugins/app/auth';
import { refused } from '../domain/errors';
import { runAction, type ActionInput } from '../domain/applications/actions';
import { buildView } from '../domain/applications/view';
import { copyApplication, createApplication, userSave, type CreateInput, type SaveInput } from '../domain/applications/save';
import { auditsOf } from '../domain/applications/audit';
import type { ApplicationRow } from '../domain/applications/row';
import type { ApplicationRule } from '../plugins/app/application-access';
import { tasksOf, toApiTask } from '../domain/lifecycle/tasks';
import { queueMandatoryValidation, runMandatoryValidation } from '../domain/validations/mandatory';

const AppId = Type.String({ minLength: 1, maxLength: 40 });
const VerNum = Type.Integer({ minimum: 0, maximum: 2147483647 });
const FieldKey = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$', maxLength: 64 });

/** Where each route finds the application it names (plugins/app/application-access.ts applies the rule). */
const inBody = (r: FastifyRequest) => (r.body as { application_id?: string }).application_id;
const inQuery = (r: FastifyRequest) => (r.query as { application_id: string }).application_id;
const inParams = (r: FastifyRequest) => (r.params as { id: string }).id;
/** Reads: staff who may open it, the customer with its appRefId. */
const read = (id: ApplicationRule['id']): ApplicationRule => ({ id, permission: 'read', customer: 'appRef' });
/** Backstage writes: staff with APPLICATIONS_ACTIONS who may open it; never the customer account. */
const act = (id: ApplicationRule['id']): ApplicationRule => ({ id, permission: 'APPLICATIONS_ACTIONS' });
/** The application the access check loaded for this request. */
const loaded = (r: FastifyRequest) => r.application as ApplicationRow;

const ActionBody = Type.Object({
  application_id: AppId,
  verNum: VerNum,
  userName: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  reason: Type.Optional(Type.String({ maxLength: 2000 })),
  completionType: Type.Optional(Type.Union(['CANCEL', 'COMPLETE_WITH_VALIDATIONS', 'RAISE_EXCEPTIONS', 'COMPLETE'].map((t) => Type.Literal(t)))),
  exceptions: Type.Optional(Type.Array(Type.Object({ key: Type.String({ minLength: 1, maxLength: 120 }), reason: Type.String({ minLength: 1, maxLength: 2000 }) }), { maxItems: 50 })),
  toStage: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  callbackAt: Type.Optional(Type.String({ maxLength: 40 })),
});

const SaveBody = Type.Object({
  application_id: AppId,
  verNum: VerNum,
  customFields: Type.Optional(Type.Record(FieldKey, Type.Unknown())),
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

/**
 * Applications (§7): read, copy, the §4 actions, saves, audits, task configs and the mandatory
 * validations queue. Handlers are thin: the rules live in server/src/domain.
 */
const applicationRoutes: FastifyPluginAsync = async (app) => {
  for (const action of APPLICATION_ACTIONS) {
    app.post(APPLICATIONS.action(action), { config: { application: act(inBody) }, schema: { body: ActionBody } }, async (request) => {
      const data = await runAction(app.db, currentUser(request), action, request.body as ActionInput);
      return { data, message: `${action} done` };
    });
  }
  // Anything else under /action/ is an unknown action: §8's 1101 naming it, not a bare 404. It reads no body and
  // refuses every call, whoever asks, so it opens no application.
  app.post('/v3/application/action/*', { config: { application: 'none' } }, async (request) => {
    const action = (request.params as { '*': string })['*'];
    currentUser(request);
    throw refused('action', `Unknown action "${action}"; known: ${APPLICATION_ACTIONS.join(', ')}`);
  });

  // A copy creates an application: a write, as the save that creates one.
  app.get('/v3/application/copy/:id', { config: { application: act(inParams) }, schema: { params: Type.Object({ id: AppId }) } }, async (request) => {
    return { data: await copyApplication(app.db, currentUser(request), loaded(request)) };
  });

  app.get('/v3/application/:id', { config: { application: read(inParams) }, schema: { params: Type.Object({ id: AppId }) } }, async (request) => {
    return { data: await buildView(app.db, loaded(request), currentUser(request)) };
  });

  app.post(APPLICATIONS.userSave, { config: { application: act(inBody) }, schema: { body: SaveBody } }, async (request) => {
    return { data: await userSave(app.db, currentUser(request), request.body as SaveInput), message: 'Application Saved successfully' };
  });

  // Save: with an application_id it is the user's save; without, it creates an application (APPLICATIONS_ACTIONS either way).
  app.post(APPLICATIONS.save, { config: { application: act(inBody) }, schema: { body: Type.Union([SaveBody, CreateBody]) } }, async (request, reply) => {
    const body = request.body as SaveInput | CreateInput;
    const user = currentUser(request);
    if ('application_id' in body) return { data: await userSave(app.db, user, body), message: 'Application Saved successfully' };
    reply.status(201);
    return { data: await createApplication(app.db, user, body), message: 'Application created' };
  });

  app.get(
    APPLICATIONS.audits,
    { config: { application: read(inQuery) }, schema: { querystring: Type.Object({ application_id: AppId, fieldKey: Type.Optional(Type.String({ maxLength: 120 })) }) } },
    async (request) => {
      const { application_id, fieldKey } = request.query as { application_id: string; fieldKey?: string };
      return { data: await auditsOf(app.db, application_id, fieldKey) };
    },
  );

  app.get(
    TASKS.getConfigs,
    {
      config: { application: read(inQuery) },
      schema: { querystring: Type.Object({ application_id: AppId, taskId: Type.Optional(Type.String({ maxLength: 60 })), stepNumber: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })) }) },
    },
    async (request) => {
      const { application_id, taskId, stepNumber } = request.query as { application_id: string; taskId?: string; stepNumber?: number };
      const tasks = (await tasksOf(app.db, application_id))
        .filter((t) => (taskId ? t.task_id === taskId : true) && (stepNumber != null ? t.step_number === stepNumber : true))
        .map((t) => toApiTask(t));
      return { data: tasks };
    },
  );

  // Validations of an application are run by whoever may open it (staff by branch/team, a customer only with the
  // application's appRefId): they report what is missing and change nothing on the application itself.
  const ValidationRoute = { config: { application: read(inBody) }, schema: { body: Type.Object({ application_id: AppId }) } };
  app.post(APPLICATIONS.addMandatoryValidations, ValidationRoute, async (request) => {
    return { data: await queueMandatoryValidation(app.db, loaded(request).application_id) };
  });
  app.post(APPLICATIONS.updateMandatoryValidations, ValidationRoute, async (request) => {
    return { data: await runMandatoryValidation(app.db, loaded(request).application_id) };
  });
};
export default applicationRoutes;
