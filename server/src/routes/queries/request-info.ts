import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { APPLICATIONS, TASKS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { raiseQuery } from '../../domain/queries/lifecycle';
import { requestInfo, resendRequest } from '../../domain/queries/request-info';
import { requestableFields } from '../../domain/queries/requestable-fields';
import { RFI_LINK_VALIDITY_HOURS } from '../../domain/queries/link';
import { AppId, errorReplies, VerNum, Stale, SubTaskId, TeamId, UserName, Words } from '../common/schemas';
import { actRule, applicationIdIn, loadedApplication, staffReadRule } from '../common/application-rules';
import { ApplicationState, Changed } from '../common/application-schemas';
import { DocumentIds, FieldKeys, SubTask, RequestableField, SandboxLink } from './schemas';
import { route } from '../common/route';

const inBody = applicationIdIn('body', 'application_id');
const origin = (request: FastifyRequest) => `${request.protocol}://${request.headers.host ?? 'localhost'}`;
const Sent = Type.Object({
  data: Type.Object({ query: SubTask, sentTo: Type.String(), channel: Type.Union([Type.Literal('EMAIL'), Type.Literal('SMS')]), sandboxLink: SandboxLink }),
  application: ApplicationState,
  message: Type.String(),
});
const WRITE =
  'Needs APPLICATIONS_ACTIONS and an application the caller may open (else 403 / the neutral 404). One transaction with ' +
  'verNum (409 when stale, nothing changed), an audit row and a worklog entry; the link is sent after the commit through ' +
  'the notification adapter (its sandbox keeps it readable: sandboxLink).';

/**
 * Requests for information (§7 Applications: requestInfo, requestUserInfo; Tasks and queries: getFields,
 * sendRequestForInfoNotifications). The applicant's side is in applicant.ts; the rules in domain/queries/.
 */
const requestInfoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sandbox = app.notifier.name === 'sandbox';

  app.post(APPLICATIONS.requestInfo, route.queries({ application: actRule(inBody) }, 'Ask the applicant for information',
      'Asks the applicant for fields and documents of the application (POST /v3/queries/getFields lists what may be asked) ' +
        'with a message. Raises a query held by the caller (sub-status QUERIES; completing the step gives QUERIES_PENDING until ' +
        `it is answered), pauses the task's SLA clock while the application waits on the applicant, and sends the applicant a ` +
        `link to /dynamic-resume/request-info that opens only those fields, once, for ${RFI_LINK_VALIDITY_HOURS} hours (to the ` +
        `application's e-mail, else its mobile). 400/1101: nothing picked, a field that may not be asked, no contact, not ACTIVE. ${WRITE}`, {
      body: Type.Object({
        application_id: AppId,
        verNum: VerNum,
        fields: Type.Optional(FieldKeys),
        documents: Type.Optional(FieldKeys),
        message: Words(2000, 'What the applicant reads'),
      }),
      response: { 200: Sent, ...errorReplies, 409: Stale },
    }), async (request) => {
    const b = request.body;
    const r = await requestInfo(app.db, app.notifier, currentUser(request), { ...b, fields: b.fields ?? [], documents: b.documents ?? [] }, origin(request));
    return { data: { ...r.data, ...(sandbox ? { sandboxLink: r.link } : {}) }, application: r.application, message: 'Information requested from the applicant' };
  });

  app.post(APPLICATIONS.requestUserInfo, route.queries({ application: actRule(inBody) }, 'Ask a colleague for information',
      'Asks a staff user (assignedTo) or a team (assignedTeam) for information about fields and documents of the application: ' +
        'a query whose subject is the first line of the message (the §4 raise). The holder must be staff with APPLICATIONS_ACTIONS ' +
        `who may open the application. ${WRITE.replace(/; the link.*$/, '.')}`, {
      body: Type.Object({
        application_id: AppId,
        verNum: VerNum,
        assignedTo: Type.Optional(UserName),
        assignedTeam: Type.Optional(TeamId),
        fields: Type.Optional(FieldKeys),
        documents: Type.Optional(DocumentIds),
        message: Words(2000, 'What is asked'),
      }),
      response: { 200: Changed(SubTask), ...errorReplies, 409: Stale },
    }), async (request) => {
    const { message, ...b } = request.body;
    const subject = message.trim().split('\n')[0].slice(0, 200);
    const r = await raiseQuery(app.db, currentUser(request), { ...b, subject, description: message });
    return { ...r, message: 'Query raised' };
  });

  app.post(TASKS.queryFields, route.queries({ application: staffReadRule(inBody) }, 'What may be asked of the applicant',
      "The application's fields and documents a request for information may ask for (answer fields and file uploads of its " +
        'customer flow; not codes, passwords, signatures, buttons or fields internal to the bank), with their current values. ' +
        'Staff who may open the application; 404 otherwise.', {
      body: Type.Object({ application_id: AppId }),
      response: {
        200: Type.Object({ data: Type.Object({ fields: Type.Array(RequestableField), documents: Type.Array(RequestableField), values: Type.Record(Type.String(), Type.Unknown()) }) }),
        ...errorReplies,
      },
    }), async (request) => {
    currentUser(request);
    const row = loadedApplication(request);
    const offer = await requestableFields(app.db, row);
    const strip = ({ config: _c, ...f }: (typeof offer.fields)[number]) => f;
    const values = Object.fromEntries([...offer.fields, ...offer.documents].filter((f) => row.custom_fields[f.key] !== undefined).map((f) => [f.key, row.custom_fields[f.key]]));
    return { data: { fields: offer.fields.map(strip), documents: offer.documents.map(strip), values } };
  });

  app.post(TASKS.sendRequestForInfoNotifications, route.queries({ application: actRule(inBody) }, 'Send a request for information again',
      `Sends an open request's link again, with a new secret (the earlier link no longer opens it) and ${RFI_LINK_VALIDITY_HOURS} ` +
        'hours more. Its raiser or an admin may (403). 404 for a query that is not a request of this application; 400/1101 when it ' +
        `is closed. ${WRITE}`, {
      body: Type.Object({ application_id: AppId, verNum: VerNum, subTaskId: SubTaskId }),
      response: {
        200: Type.Object({
          data: Type.Object({ query: SubTask, sentTo: Type.String(), channel: Type.Union([Type.Literal('EMAIL'), Type.Literal('SMS')]), sends: Type.Integer(), sandboxLink: SandboxLink }),
          application: ApplicationState,
          message: Type.String(),
        }),
        ...errorReplies,
        409: Stale,
      },
    }), async (request) => {
    const r = await resendRequest(app.db, app.notifier, currentUser(request), request.body, origin(request));
    return { data: { ...r.data, ...(sandbox ? { sandboxLink: r.link } : {}) }, application: r.application, message: 'Link sent again' };
  });
};
export default requestInfoRoutes;
