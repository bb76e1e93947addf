import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { APPLICATIONS, OTHER } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { linkKey, openLink, sendApplicantLink, verifyLinkForDevice } from '../../domain/portal/links';
import { AppId, errorReplies, VerNum } from '../common/schemas';
import { RELATIONS } from '../../domain/portal/parties';
import { ApplicantEntry, ApplicantId } from './schemas';
import { linkRoute } from './link-route';
import { route } from '../common/route';

export const PORTAL_LINKS = { send: '/v3/portal/applicants/send-link' } as const;

const LinkSent = Type.Object({
  data: Type.Object({
    applicant: ApplicantEntry,
    sentTo: Type.String(),
    verNum: Type.Integer({ description: "The application's new version" }),
    sandboxLink: Type.Optional(Type.String({ description: 'The link itself, only with the sandbox notifier (demos and tests)' })),
  }),
  message: Type.String(),
}, { description: 'Sent: the applicant as it is now' });

const LinkVerified = Type.Object({
  data: Type.Object({
    application_id: Type.String(),
    applicantId: Type.String({ description: 'The applicant who continues' }),
    applicantType: Type.String({ description: 'primary, secondary or guarantor' }),
    verified: Type.Boolean(),
  }),
  appRefId: Type.String({ description: 'Opens the application on this device: send it as the appRefId header' }),
  message: Type.String(),
}, { description: 'Verified: who continues, and the appRefId for this device' });

/**
 * Applicant links (§5 e-mail link verification): send a co-applicant or guarantor their own link, decrypt a link
 * (POST /api/decryption, used by the shell's email-verification page and the portal's resume) and verify it
 * (POST /v3/application/verify). With the sandbox notifier the send reply includes the link for demos and tests.
 * Sending changes the applicant's e-mail: a customer needs the application's appRefId, staff APPLICATIONS_ACTIONS on
 * an application they may open. Verifying needs no appRefId from a customer (the link's verification id is the
 * proof), and from staff the same as sending; a verified link answers a new appRefId for its application, so the
 * applicant can continue on the device that opened the link. Both write through verNum with an audit row.
 */
const portalLinks: FastifyPluginAsyncTypebox<{ dataDir: string }> = async (app, opts) => {
  const key = linkKey(opts.dataDir);

  app.post(PORTAL_LINKS.send, linkRoute('appRef', {
    summary: 'Send an applicant their own link',
    description:
      'E-mails a co-applicant, guarantor (or the primary on another device) a link to /dynamic-resume that opens their ' +
      'part of the application for 72 hours (§5), only to the e-mail address the application records for that applicant ' +
      '(a co-applicant\'s or guarantor\'s is named by `email`, and may be corrected until they verify a link). Records the applicant\'s e-mail (and first ' +
      'name, and a co-applicant\'s or guarantor\'s last name, mobile and relation, which prefill their flow until they answer ' +
      'themselves): verNum + 1 and an audit row. Sending again without `email` resends to the recorded address. At most 5 links an hour to one address and 10 for one application. Access: the ' +
      'customer account with the application\'s appRefId header; staff with APPLICATIONS_ACTIONS on an application they ' +
      'may open. Errors: 400/1101 (application not ACTIVE, an address other than the recorded one, no address), 403, 404 ' +
      '(unknown applicant), 409 (stale verNum), 429 (too many links).',
    body: Type.Object({
      application_id: AppId,
      applicantId: ApplicantId,
      email: Type.Optional(Type.String({
        pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', maxLength: 120,
        description: 'The applicant\'s recorded e-mail address (any other is refused); names a co-applicant or guarantor who has not verified one yet',
      })),
      // What the primary tells about a co-applicant or guarantor: prefills their flow until they answer themselves (issue 28).
      // The name patterns are the seeded personal-information step's, so a prefilled answer is one that step accepts.
      firstName: Type.Optional(Type.String({ maxLength: 40, pattern: "^[A-Za-z\\u0900-\\u097F .'-]{1,40}$" })),
      lastName: Type.Optional(Type.String({ maxLength: 40, pattern: "^[A-Za-z\\u0900-\\u097F .'-]{1,40}$" })),
      mobile: Type.Optional(Type.String({ pattern: '^[6-9][0-9]{9}$', maxLength: 10, description: "The party's mobile number (their own OTP goes there)" })),
      relation: Type.Optional(Type.Union(RELATIONS.map((r) => Type.Literal(r)), { description: 'Who the party is to the primary applicant' })),
      verNum: Type.Optional(VerNum),
    }),
    reply: LinkSent,
    refusals: {
      409: Type.Ref('ErrorBody', { description: 'verNum is stale: someone else changed the application' }),
      429: Type.Ref('ErrorBody', { description: 'Too many links to this address or for this application' }),
    },
  }), async (request) => {
    const user = currentUser(request);
    const b = request.body;
    const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    const sent = await app.db.transaction((tx) =>
      sendApplicantLink(tx, app.notifier, key, {
        applicationId: b.application_id, applicantId: b.applicantId, email: b.email, firstName: b.firstName, lastName: b.lastName, mobile: b.mobile, relation: b.relation,
        origin, verNum: b.verNum, sentBy: user.userName,
      }),
    );
    return { data: { applicant: sent.applicant, sentTo: sent.sentTo, verNum: sent.verNum, ...(app.notifier.name === 'sandbox' ? { sandboxLink: sent.link } : {}) }, message: 'Link sent' };
  });

  app.post(OTHER.decryption, route.portal(null, 'Decrypt an applicant link',
      'Opens the appDetails of a link this server issued: "applicationId|verificationId|expiryEnabled|createdAtMs|validityHours" ' +
        '(§5). Any signed-in caller; no permission (the verification id alone opens nothing: POST /v3/application/verify checks ' +
        'it). Errors: 400/1101 when it is not a link this server issued.', {
      body: Type.Object({ decryptMsg: Type.String({ minLength: 1, maxLength: 2000 }) }),
      response: { 200: Type.Object({ data: Type.String({ description: 'The link\'s five parts joined by |' }) }, { description: 'The link in plain text' }), ...errorReplies },
    }), async (request) => {
    currentUser(request);
    return { data: openLink(request.body.decryptMsg, key) };
  });

  app.post(APPLICATIONS.verify, linkRoute('credential', {
    summary: 'Verify an applicant link',
    description:
      'Marks the link\'s e-mail verified (recorded in the application\'s verifications the first time: verNum + 1 and an ' +
      'audit row), tells which applicant continues and answers a new appRefId for the application. Access: the customer ' +
      'account without an appRefId (the verification id is the proof); staff with APPLICATIONS_ACTIONS on an application ' +
      'they may open. Errors: 400/1101 (the link has expired), 403, 404 (unknown link).',
    body: Type.Object({ application_id: AppId, emailVerificationId: Type.String({ minLength: 1, maxLength: 80 }) }),
    reply: LinkVerified,
  }), async (request) => {
    const user = currentUser(request);
    const { verified, appRefId } = await verifyLinkForDevice(app.db, request.body.application_id, request.body.emailVerificationId, user.userName);
    return { data: verified, appRefId, message: 'Email verified successfully' };
  });
};
export default portalLinks;
