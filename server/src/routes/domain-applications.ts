import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { APPLICATION_ACTIONS, APPLICATIONS, TASKS } from '@lendline/shared/contract';
import { currentUser } from '../domain/current-user';
import { refused } from '../domain/errors';
import { runAction, type ActionInput } from '../domain/applications/actions';
import { applicationView } from '../domain/applications/view';
import { copyApplication, createApplication, userSave, type CreateInput, type SaveInput } from '../domain/applications/save';
import { auditsOf } from '../domain/applications/audit';
import { findApplication } from '../domain/applications/row';
import { assertVisible } from '../domain/applications/access';
import { tasksOf, toApiTask } from '../domain/lifecycle/tasks';
import { queueMandatoryValidation, runMandatoryValidation } from '../domain/validations/mandatory';

const AppId = Type.String({ minLength: 1, maxLength: 40 });
const VerNum = Type.Integer({ minimum: 0 });

const ActionBody = Type.Object({
  application_id: AppId,
  verNum: VerNum,
  userName: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  reason: Type.Optional(Type.String({ maxLength: 2000 })),
  completionType: Type.Optional(Type.Union(['CANCEL', 'COMPLETE_WITH_VALIDATIONS', 'RAISE_EXCEPTIONS', 'COMPLETE'].map((t) => Type.Literal(t)))),
  exceptions: Type.Optional(Type.Array(Type.Object({ key: Type.String({ minLength: 1 }), reason: Type.String({ minLength: 1 }) }), { maxItems: 50 })),
  toStage: Type.Optional(Type.Integer({ minimum: 0 })),
  callbackAt: Type.Optional(Type.String({ maxLength: 40 })),
});

const SaveBody = Type.Object({
  application_id: AppId,
  verNum: VerNum,
  customFields: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' }), Type.Unknown())),
  applicant: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 10 })),
  section_id: Type.Optional(Type.String({ maxLength: 80 })),
  sub_section_id: Type.Optional(Type.String({ maxLength: 80 })),
  progress: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 50 })),
});

const CreateBody = Type.Object({
  product_code: Type.String({ minLength: 1, maxLength: 20 }),
  singleORjoint: Type.Optional(Type.Union([Type.Literal('Single'), Type.Literal('Joint')])),
  applicationType: Type.Optional(Type.Union([Type.Literal('APPLICATION'), Type.Literal('LEAD')])),
  applicant: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 10 })),
  customFields: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' }), Type.Unknown())),
  existing_or_new_customer: Type.Optional(Type.Union([Type.Literal('new'), Type.Literal('existing')])),
});

/**
 * Applications (§7): read, copy, the §4 actions, saves, audits, task configs and the mandatory
 * validations queue. Handlers are thin: the rules live in server/src/domain.
 */
const applicationRoutes: FastifyPluginAsync = async (app) => {
  for (const action of APPLICATION_ACTIONS) {
    app.post(APPLICATIONS.action(action), { schema: { body: ActionBody } }, async (request) => {
      const data = await runAction(app.db, currentUser(request), action, request.body as ActionInput);
      return { data, message: `${action} done` };
    });
  }
  // Anything else under /action/ is an unknown action: §8's 1101 naming it, not a bare 404.
  app.post('/v3/application/action/*', async (request) => {
    const action = (request.params as { '*': string })['*'];
    currentUser(request);
    throw refused('action', `Unknown action "${action}"; known: ${APPLICATION_ACTIONS.join(', ')}`);
  });

  app.get('/v3/application/copy/:id', { schema: { params: Type.Object({ id: AppId }) } }, async (request) => {
    const { id } = request.params as { id: string };
    return { data: await copyApplication(app.db, currentUser(request), id) };
  });

  app.get('/v3/application/:id', { schema: { params: Type.Object({ id: AppId }) } }, async (request) => {
    const { id } = request.params as { id: string };
    return { data: await applicationView(app.db, id, currentUser(request)) };
  });

  app.post(APPLICATIONS.userSave, { schema: { body: SaveBody } }, async (request) => {
    return { data: await userSave(app.db, currentUser(request), request.body as SaveInput), message: 'Application Saved successfully' };
  });

  // Save: with an application_id it is the user's save; without, it creates an application.
  app.post(APPLICATIONS.save, { schema: { body: Type.Union([SaveBody, CreateBody]) } }, async (request, reply) => {
    const body = request.body as SaveInput | CreateInput;
    const user = currentUser(request);
    if ('application_id' in body) return { data: await userSave(app.db, user, body), message: 'Application Saved successfully' };
    reply.status(201);
    return { data: await createApplication(app.db, user, body), message: 'Application created' };
  });

  app.get(APPLICATIONS.audits, { schema: { querystring: Type.Object({ application_id: AppId, fieldKey: Type.Optional(Type.String({ maxLength: 120 })) }) } }, async (request) => {
    const { application_id, fieldKey } = request.query as { application_id: string; fieldKey?: string };
    assertVisible(await findApplication(app.db, application_id), currentUser(request));
    return { data: await auditsOf(app.db, application_id, fieldKey) };
  });

  app.get(
    TASKS.getConfigs,
    { schema: { querystring: Type.Object({ application_id: AppId, taskId: Type.Optional(Type.String({ maxLength: 60 })), stepNumber: Type.Optional(Type.Integer({ minimum: 0 })) }) } },
    async (request) => {
      const { application_id, taskId, stepNumber } = request.query as { application_id: string; taskId?: string; stepNumber?: number };
      assertVisible(await findApplication(app.db, application_id), currentUser(request));
      const tasks = (await tasksOf(app.db, application_id))
        .filter((t) => (taskId ? t.task_id === taskId : true) && (stepNumber != null ? t.step_number === stepNumber : true))
        .map((t) => toApiTask(t));
      return { data: tasks };
    },
  );

  const ValidationBody = { schema: { body: Type.Object({ application_id: AppId }) } };
  // Validations of an application are run by whoever may open it (staff by branch/team, a customer
  // only with the application's appRefId), never by any signed-in caller.
  app.post(APPLICATIONS.addMandatoryValidations, ValidationBody, async (request) => {
    const { application_id } = request.body as { application_id: string };
    assertVisible(await findApplication(app.db, application_id), currentUser(request));
    return { data: await queueMandatoryValidation(app.db, application_id) };
  });
  app.post(APPLICATIONS.updateMandatoryValidations, ValidationBody, async (request) => {
    const { application_id } = request.body as { application_id: string };
    assertVisible(await findApplication(app.db, application_id), currentUser(request));
    return { data: await runMandatoryValidation(app.db, application_id) };
  });
};
export default applicationRoutes;
