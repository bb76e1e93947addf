import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { APPLICATIONS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { approve, forward, reject, sendBack } from '../../domain/approvals/decide';
import { getApprovals, toApiApproval } from '../../domain/approvals/read';
import { AppId, errorReplies, VerNum, Stale } from '../common/schemas';
import { letterIfDeclined } from '../common/decline-letter';
import { actRule, applicationIdIn, loadedApplication, staffReadRule } from '../common/application-rules';
import { Approvals, Changed, Comment, Reason, SubTaskId, UserName } from './schemas';
import { route } from '../common/route';

const inBody = applicationIdIn('body', 'application_id');
const WRITE =
  'Needs APPLICATIONS_ACTIONS and an application the caller may open (403 / the neutral 404). One transaction: verNum is ' +
  'checked (409 when stale, nothing changed) and bumped, and an audit row, a worklog entry and the notifications (the next ' +
  'approver; the maker on a decision) are written, then pushed. subTaskId names an open APPROVAL or EXCEPTION sub-task of ' +
  'that application (404 otherwise, the same as one that does not exist).';
const DECIDE =
  'Only a user holding the level\'s role (approval matrix) who holds the approval — the user it was forwarded to, or anyone ' +
  'with the role while it waits in the level\'s team — may decide (403/1101 otherwise); maker-checker: nobody decides what ' +
  'they submitted for approval or the application they initiated (403/1101, label maker-checker).';
const Target = { application_id: AppId, verNum: VerNum, subTaskId: SubTaskId };
const writeSchema = <B extends ReturnType<typeof Type.Object>>(summary: string, description: string, body: B) => ({
  config: { application: actRule(inBody) },
  schema: { summary, description: `${description} ${WRITE}`, tags: ['approvals'], body, response: { 200: Changed, ...errorReplies, 409: Stale } },
});
const reply = (r: Awaited<ReturnType<typeof approve>>, message: string) => ({
  data: { approval: toApiApproval(r.data.approval), next: r.data.next ? toApiApproval(r.data.next) : null },
  application: r.application,
  message,
});

/** §7 "Applications: approvals": the §4 approval actions and the chain. Rules in domain/approvals/. */
const approvalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(APPLICATIONS.approval('approve'), writeSchema(
    'Approve',
    `Approves one level of the approval chain (or raised exceptions). The next level of the product's approval matrix then ` +
      `waits in its team; after the last level the approval step completes and the next step opens. ${DECIDE}`,
    Type.Object({ ...Target, comment: Comment }),
  ), async (request) => {
    const done = reply(await approve(app.db, currentUser(request), request.body), 'Approved');
    await letterIfDeclined(app, request, request.body.application_id); // approving a decline recommendation rejects
    return done;
  });

  app.post(APPLICATIONS.approval('reject'), writeSchema(
    'Reject',
    `Rejects with a reason: a level of the chain rejects the application (status REJECTED); rejected exceptions go back to ` +
      `their maker. ${DECIDE}`,
    Type.Object({ ...Target, reason: Reason }),
  ), async (request) => {
    const done = reply(await reject(app.db, currentUser(request), request.body), 'Rejected');
    await letterIfDeclined(app, request, request.body.application_id);
    return done;
  });

  app.post(APPLICATIONS.approval('forward'), writeSchema(
    'Forward',
    'Hands an open approval to another user holding the level\'s role who may open the application — not the caller and ' +
      'not its maker (400/1101). Its holder, a member of the team it waits in, or an admin may forward (403/1101 otherwise).',
    Type.Object({ ...Target, userName: UserName, comment: Comment }),
  ), async (request) => reply(await forward(app.db, currentUser(request), request.body), 'Forwarded'));

  app.post(APPLICATIONS.approval('send_back'), writeSchema(
    'Send back',
    `Sends the application back to its maker with a reason: the approval step is cancelled and the step before it opens ` +
      `In Progress with the maker (sent-back exceptions just go back to their maker). ${DECIDE} Any refusal after the ` +
      `access and verNum checks — a decider rule, a maker who can no longer work that step — is §8 1167 (HTTP 500, ` +
      `"Error while sending back") with the reason in data.`,
    Type.Object({ ...Target, reason: Reason }),
  ), async (request) => reply(await sendBack(app.db, currentUser(request), request.body), 'Sent back'));

  app.get(APPLICATIONS.getApprovals, route.approvals({ application: staffReadRule(applicationIdIn('query', 'application_id')) }, 'The approval chain',
      'The application\'s approval chain — level, approver role and team, state, who decided when with what comment, ' +
        'forwards — every round oldest first with the levels still to come, its raised exceptions, and for each open ' +
        'entry what the caller may do. Staff who may open the application; 404 otherwise (the same as one that does not exist).', {
      querystring: Type.Object({ application_id: AppId }),
      response: { 200: Type.Object({ data: Approvals }), ...errorReplies },
    }), async (request) => ({ data: await getApprovals(app.db, loadedApplication(request), currentUser(request)) }));
};
export default approvalRoutes;
