import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { TASKS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { queryRecipients } from '../../domain/queries/recipient-picker';
import { AppId, errorReplies } from '../common/schemas';
import { actRule, applicationIdIn, loadedApplication } from '../common/application-rules';
import { route } from '../common/route';

const Picked = Type.Object({
  users: Type.Array(Type.Object({ userName: Type.String({ maxLength: 80 }), name: Type.String({ maxLength: 200 }) }), { maxItems: 10 }),
  teams: Type.Array(Type.Object({ teamId: Type.String({ maxLength: 80 }), name: Type.String({ maxLength: 200 }) }), { maxItems: 10 }),
});

/** POST /v3/queries/recipients: the people-and-teams picker of "Raise a query" (issue 26). */
const recipientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(TASKS.queryRecipients, route.queries({ application: actRule(applicationIdIn('body', 'application_id')) }, 'Who may receive a query on this application',
      'Users and teams whose name or id contains `search` (case-insensitive; empty: the first ones), at most 10 of each. Users are only ' +
        'those a query may be raised to (enabled staff with APPLICATIONS_ACTIONS who may open the application; not the caller); only ' +
        'their user name and display name are answered. Needs APPLICATIONS_ACTIONS and an application the caller may open (else 403 / the neutral 404).', {
      body: Type.Object({ application_id: AppId, search: Type.String({ maxLength: 60, description: 'Part of a name or id' }) }),
      response: { 200: Type.Object({ data: Picked }), ...errorReplies },
    }), async (request) => {
    const user = currentUser(request);
    return { data: await queryRecipients(app.db, loadedApplication(request), user.userName, request.body.search) };
  });
};
export default recipientRoutes;
