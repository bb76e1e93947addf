import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { APPLICATION_ACTIONS, APPLICATIONS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { refused } from '../../domain/errors';
import { runAction, TASK_ACTIONS } from '../../domain/applications/actions';
import { letterIfDeclined } from '../common/decline-letter';
import { declineOptions } from '../../domain/approvals/recommendation';
import { OneOf } from '../../domain/bounds';
import { AppId, errorReplies, VerNum, Stale } from '../common/schemas';
import { actRule, applicationIdIn, loadedApplication } from '../common/application-rules';
import { ApplicationView } from '../common/application-schemas';
import { route } from '../common/route';

const DeclineOptions = Type.Object({
  reasons: Type.Array(Type.Object({ code: Type.String(), label: Type.String() }), { maxItems: 200 }),
  direct: Type.Boolean({ description: "The caller's Reject is final at once (a role the product lets decline alone)" }),
  reversalWindowHours: Type.Number({ description: 'How long a rejection or a hold may still be undone' }),
  pending: Type.Union([Type.Object({ subTaskId: Type.String(), by: Type.String(), reason: Type.String() }), Type.Null()], { description: 'A decline waiting for confirmation' }),
});

const ActionBody = Type.Object({
  application_id: AppId,
  verNum: VerNum,
  userName: Type.Optional(Type.String({ minLength: 1, maxLength: 80, description: 'assign / reassign: who gets the task (assign defaults to the caller)' })),
  reason: Type.Optional(Type.String({ maxLength: 2000, description: 'Why (required for reject — its comment —, cancelReject, cancel, inactivate, activate, delete)' })),
  reasonCode: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Z0-9_]+$', description: "reject: one of the product's configured decline reasons (GET /v3/application/action/declineOptions)" })),
  completionType: Type.Optional(OneOf(['CANCEL', 'COMPLETE_WITH_VALIDATIONS', 'RAISE_EXCEPTIONS', 'COMPLETE'] as const)),
  exceptions: Type.Optional(Type.Array(Type.Object({ key: Type.String({ minLength: 1, maxLength: 120 }), reason: Type.String({ minLength: 1, maxLength: 2000 }) }), { maxItems: 50 })),
  toStage: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'revert_stage: the stage to go back to (default: the previous one)' })),
  callbackAt: Type.Optional(Type.String({ maxLength: 40, description: 'request_for_callback: when (ISO time; default in one hour)' })),
});

/** What each §4 action does, for its operation's description. */
const WHAT: Record<(typeof APPLICATION_ACTIONS)[number], string> = {
  reject: "Declines the application with one of the product's reasons (reasonCode) and a comment (reason): a recommendation " +
    'waiting for a second person with approval rights (sub-status APPROVAL), or final at once (ACTIVE → REJECTED) for a role ' +
    'the product lets decline alone.',
  cancelReject: 'Withdraws a rejection within the reversal window (REJECTED → ACTIVE, on the task and holder it had).',
  cancel: 'Cancels the application (→ CANCELLED).',
  inactivate: 'Puts the application aside (ACTIVE → INACTIVE).',
  activate: 'Brings an application on hold back within the reversal window (INACTIVE → ACTIVE, on the task and holder it had).',
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
    app.post(APPLICATIONS.action(action), route.backstage({ application: actRule(applicationIdIn('body', 'application_id')) }, `§4 action: ${action}`,
        `${WHAT[action]} Needs APPLICATIONS_ACTIONS and an application the caller may open; the §4 rules of the action ` +
          '(status, the caller holding the current task where it needs one) apply. Errors: 400/1101 when a rule refuses, ' +
          '403 without the permission or when another user holds the task, 404 for an application the caller may not ' +
          'open, 409 when verNum is not the current one (nothing is changed).', {
        body: ActionBody,
        response: { 200: Type.Object({ data: ApplicationView, message: Type.String() }), ...errorReplies, 409: Stale },
      }), async (request) => {
      const data = await runAction(app.db, currentUser(request), action, request.body);
      if (action === 'reject') await letterIfDeclined(app, request, request.body.application_id);
      return { data, message: `${action} done` };
    });
  }

  // §4 other task actions that are not application actions (Drop, Reappraise): same body, rules and answers, offered
  // only where the task's lifecycle step lists them. Registered before the catch-all below, which they take over.
  for (const [action, type] of Object.entries(TASK_ACTIONS)) {
    app.post(`/v3/application/action/${action}`, route.backstage({ application: actRule(applicationIdIn('body', 'application_id')) }, `§4 other task action: ${type}`,
        (action === 'drop'
            ? 'The applicant dropped out: the application is CANCELLED, recorded as a drop-out (Rebook may reopen it). '
            : "Sends the application back to the appraisal step the task's Reappraise action names, for a fresh appraisal; the current step's approvals are withdrawn. ") +
          "Needs the task's holder, a reason, and the task's lifecycle step listing the action; APPLICATIONS_ACTIONS and an application the caller may open. " +
          'Errors: 400/1101, 403, 404, 409 as the other actions.', {
        body: ActionBody,
        response: { 200: Type.Object({ data: ApplicationView, message: Type.String() }), ...errorReplies, 409: Stale },
      }), async (request) => ({ data: await runAction(app.db, currentUser(request), action, request.body), message: `${action} done` }));
  }

  // The Reject dialog's choices. GET, so the POST catch-all below does not shadow it.
  app.get('/v3/application/action/declineOptions', route.backstage({ application: actRule(applicationIdIn('query', 'application_id')) }, 'Decline reasons and rules for an application',
      "The product's configured decline reasons, whether the caller's Reject is final at once, the reversal window and any decline waiting for confirmation. Needs APPLICATIONS_ACTIONS and an application the caller may open.", {
      querystring: Type.Object({ application_id: AppId }),
      response: { 200: Type.Object({ data: DeclineOptions }), ...errorReplies },
    }), async (request) => ({ data: await declineOptions(app.db, loadedApplication(request), currentUser(request).roles) }));

  // Anything else under /action/ is an unknown action: §8's 1101 naming it, not a bare 404. It reads no body and
  // refuses every call, whoever asks, so it opens no application.
  app.post('/v3/application/action/*', route.backstage({ application: 'none' }, 'Unknown §4 action',
      `Refuses every call with 400/1101 naming the action; the known ones are ${APPLICATION_ACTIONS.join(', ')}.`, {
      params: Type.Object({ '*': Type.String({ maxLength: 200 }) }),
      response: { 200: Type.Null({ description: 'Never sent: every call is refused' }), ...errorReplies },
    }), async (request) => {
    currentUser(request);
    throw refused('action', `Unknown action "${request.params['*']}"; known: ${APPLICATION_ACTIONS.join(', ')}`);
  });
};
export default actionRoutes;
