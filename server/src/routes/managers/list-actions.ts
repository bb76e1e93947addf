import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { staffUser } from '../../plugins/app/auth';
import { rebook, sendMailCommon } from '../../domain/managers/list-actions';
import { Code, Text } from '../../domain/bounds';
import { AppId, errorReplies, VerNum, Nullable, Stale } from '../common/schemas';
import { actRule, applicationIdIn } from '../common/application-rules';
import { route } from '../common/route';

const inBody = applicationIdIn('body', 'application_id');
const State = Type.Object({
  application_id: Type.String(), verNum: Type.Integer(), openQueries: Type.Integer(), openApprovals: Type.Integer(),
  subStatus: Nullable(Type.String()),
});

/** §7 Lists: mail from a list with its templates (sendMailCommon) and rebook. */
const listActionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/backstage/sendMailCommon', route.managers({ application: actRule(inBody) }, 'Mail an application\'s applicant with a template',
      'Fills an EMAIL or HTML template (GET /backstage/getMailTemplate/{id}) from the application and params (HTML-escaped; the ' +
        'application\'s own values win over a param of the same name) and sends it through the notification adapter to one of the application\'s ' +
        'parties only (the primary applicant by default; `to` must be an applicant\'s recorded e-mail), in one transaction with verNum, an audit ' +
        'row (_mail: template, recipient, subject) and a worklog entry. At most 30 mails an hour per user and 10 per application. Access: ' +
        'APPLICATIONS_ACTIONS, on an application the caller may open. Errors: 403, 404 (application or template), 409 stale verNum, 400/1101 a ' +
        'template of another type, a recipient who is not a party or no recipient, 429 too many mails.', {
      body: Type.Object({
        application_id: AppId, verNum: VerNum, template_id: Code(80),
        to: Type.Optional(Type.String({ format: 'email', maxLength: 200, description: 'One of the application\'s parties (its applicants\' recorded e-mails; any other → 400). Default: the primary applicant\'s e-mail' })),
        params: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z0-9_.]{1,40}$' }), Text(500), { maxProperties: 30, description: 'Extra {{placeholders}}' })),
      }),
      response: {
        200: Type.Object({ data: Type.Object({ messageId: Type.String(), to: Type.String(), subject: Type.String(), template_id: Type.String() }), application: State }),
        409: Stale, ...errorReplies,
      },
    }), async (request) => sendMailCommon(app.db, app.notifier, staffUser(request), request.body).then((r) => ({ data: r.data, application: r.application })));

  app.post('/backstage/rebook', route.managers({ application: actRule(inBody) }, 'Rebook a cancelled application',
      '§4 Rebook: a CANCELLED application goes back to ACTIVE on the step it was cancelled at, queued for that step\'s team, when ' +
        'the step\'s lifecycle actions offer Rebook; audited, logged and notified in one transaction. Access: APPLICATIONS_ACTIONS, on an ' +
        'application the caller may open. Errors: 403, 404, 409 stale verNum, 400/1101 not CANCELLED or the step does not allow Rebook.', {
      body: Type.Object({ application_id: AppId, verNum: VerNum, reason: Type.Optional(Text(500)) }),
      response: {
        200: Type.Object({ data: Type.Object({ status: Type.String(), taskId: Type.String(), stepName: Type.String() }), application: State }),
        409: Stale, ...errorReplies,
      },
    }), async (request) => rebook(app.db, staffUser(request), request.body));
};
export default listActionRoutes;
