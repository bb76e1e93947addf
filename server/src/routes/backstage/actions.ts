import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { APPLICATION_ACTIONS, APPLICATIONS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { refused } from '../../domain/errors';
import { runAction } from '../../domain/applications/actions';
import { OneOf } from '../../http/bounds';
import { AppId, errorReplies, VerNum } from '../common/schemas';
import { actRule, applicationIdIn, ApplicationView, Stale } from './schemas';

const ActionBody = Type.Object({
  application_id: AppId,
  verNum: VerNum,
  userName: Type.Optional(Type.String({ minLength: 1, maxLength: 80, description: 'assign / reassign: who gets the task (assign defaults to the caller)' })),
  reason: Type.Optional(Type.String({ maxLength: 2000 })),
  completionType: Type.Optional(OneOf(['CANCEL', 'COMPLETE_WITH_VALIDATIONS', 'RAISE_EXCEPTIONS', 'COMPLETE'] as const)),
  exceptions: Type.Optional(Type.Array(Type.Object({ key: Type.String({ minLength: 1, maxLength: 120 }), reason: Type.String({ minLength: 1, maxLength: 2000 }) }), { maxItems: 50 })),
  toStage: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'revert_stage: the stage to go back to (default: the previous one)' })),
  callbackAt: Type.Optional(Type.String({ maxLength: 40, description: 'request_for_callback: when (ISO time; default in one hour)' })),
});

/** What each §4 action does, for its operation's description. */
const WHAT: Record<(typeof APPLICATION_ACTIONS)[number], string> = {
  reject: 'Rejects the application (ACTIVE → REJECTED).',
  cancelReject: 'Undoes a rejection (REJECTED → ACTIVE).',
  cancel: 'Cancels the application (→ CANCELLED).',
  inactivate: 'Puts the application aside (ACTIVE → INACTIVE).',
  activate: 'Brings an inactive application back (INACTIVE → ACTIVE).',
  revert_stage: 'Sends the application back to an earlier lifecycle step (toStage, default the previous one).',
  release: 'Releases the caller\'s current task back to its team.',
  delete: 'Deletes the application (→ DELETED).',
  request_for_callback: 'Records a requested callback (callbackAt) on the application.',
  complete_callback: 'Marks the pending callback done.',
  assign: 'Assigns the current task (to userName, or to the caller).',
  reassign: 'Moves the current task to another user (userName).',
  'complete_step/user': 'Completes the current step (completionType; RAISE_EXCEPTIONS sends exceptions for approval).',
};

/**
 * The §4 actions (POST /v3/application/action/{action}): each runs in one transaction with its rules in
 * domain/applications/actions.ts and answers the application as it now is.
 */
const actionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const action of APPLICATION_ACTIONS) {
    app.post(APPLICATIONS.action(action), {
      config: { application: actRule(applicationIdIn('body', 'application_id')) },
      schema: {
        summary: `§4 action: ${action}`,
        description:
          `${WHAT[action]} Needs APPLICATIONS_ACTIONS and an application the caller may open; the §4 rules of the action ` +
          '(status, the caller holding the current task where it needs one) apply. Errors: 400/1101 when a rule refuses, ' +
          '403 without the permission or when another user holds the task, 404 for an application the caller may not ' +
          'open, 409 when verNum is not the current one (nothing is changed).',
        tags: ['backstage'],
        body: ActionBody,
        response: { 200: Type.Object({ data: ApplicationView, message: Type.String() }), ...errorReplies, 409: Stale },
      },
    }, async (request) => {
      const data = await runAction(app.db, currentUser(request), action, request.body);
      return { data, message: `${action} done` };
    });
  }

  // Anything else under /action/ is an unknown action: §8's 1101 naming it, not a bare 404. It reads no body and
  // refuses every call, whoever asks, so it opens no application.
  app.post('/v3/application/action/*', {
    config: { application: 'none' },
    schema: {
      summary: 'Unknown §4 action',
      description: `Refuses every call with 400/1101 naming the action; the known ones are ${APPLICATION_ACTIONS.join(', ')}.`,
      tags: ['backstage'],
      params: Type.Object({ '*': Type.String({ maxLength: 200 }) }),
      response: { 200: Type.Null({ description: 'Never sent: every call is refused' }), ...errorReplies },
    },
  }, async (request) => {
    currentUser(request);
    throw refused('action', `Unknown action "${request.params['*']}"; known: ${APPLICATION_ACTIONS.join(', ')}`);
  });
};
export default actionRoutes;
