import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { sendOtp, verifyOtp, type OtpTarget } from '../../domain/portal/otp';
import { AppId, errorReplies, FieldKey } from '../common/schemas';
import { ApplicantId } from './schemas';
import { applicationIdIn } from '../common/application-rules';

/** Paths of the portal's one-time codes (the spec names none; these sit with the other /v3 portal calls). */
export const PORTAL_OTP = { send: '/v3/portal/otp/send', verify: '/v3/portal/otp/verify' } as const;

const Body = Type.Object({
  application_id: AppId,
  applicantId: ApplicantId,
  fieldKey: FieldKey,
  recipient: Type.String({ minLength: 1, maxLength: 120, description: 'The mobile number or e-mail address the code goes to' }),
});

const targetOf = (b: Static<typeof Body>): OtpTarget => ({ applicationId: b.application_id, applicantId: b.applicantId, fieldKey: b.fieldKey });

const ACCESS =
  'Access: the customer account with the application\'s appRefId header; staff with APPLICATIONS_ACTIONS on an ' +
  'application they may open.';

/**
 * One-time codes through the notification adapter, bound to the application and applicant they verify: a customer
 * needs that application's appRefId, staff APPLICATIONS_ACTIONS on an application they may open (the sandbox reply
 * carries the code, so a send is as good as a verification), and the verification is recorded on the application.
 * With the sandbox adapter (the embedded default, nothing leaves the machine) the send reply also carries
 * sandboxCode, so a demo or a test can complete the step; a real adapter never echoes it.
 */
const portalOtp: FastifyPluginAsyncTypebox = async (app) => {
  const config = { application: { id: applicationIdIn('body', 'application_id'), permission: 'APPLICATIONS_ACTIONS', customer: 'appRef', party: 'own' } } as const; // a party: their own codes only

  app.post(PORTAL_OTP.send, {
    config,
    schema: {
      summary: 'Send a one-time code',
      description:
        'Sends a 6-digit code (valid 5 minutes, 5 tries) for one OTP field of one applicant to a mobile number (SMS) or ' +
        'e-mail address, through the notification adapter; at most 5 codes per applicant and field within a session\'s ' +
        'length, 10 an hour to one mobile number or address and 30 an hour for one application. ' +
        `${ACCESS} Errors: 400/1101 (not a mobile number or e-mail address, too many codes for the field, application not ` +
        'ACTIVE), 403, 404 (unknown applicant), 429 (too many codes to the recipient or for the application).',
      tags: ['portal'],
      body: Body,
      response: {
        200: Type.Object({
          data: Type.Object({
            sentTo: Type.String({ description: 'The recipient, masked' }),
            sandboxCode: Type.Optional(Type.String({ description: 'The code itself, only with the sandbox notifier (demos and tests)' })),
          }),
        }, { description: 'Sent' }),
        ...errorReplies,
      },
    },
  }, async (request) => {
    const user = currentUser(request);
    const b = request.body;
    const sent = await app.db.transaction((tx) => sendOtp(tx, app.notifier, user.sessionId ?? user.userName, targetOf(b), b.recipient));
    return { data: { sentTo: sent.sentTo, ...(app.notifier.name === 'sandbox' ? { sandboxCode: sent.code } : {}) } };
  });

  app.post(PORTAL_OTP.verify, {
    config,
    schema: {
      summary: 'Verify a one-time code',
      description:
        'Checks the code against the latest one sent for this application, applicant, field and recipient. Every try counts. ' +
        'A match is recorded in the application\'s verifications (verNum + 1 and an audit row), which is what a later save ' +
        'trusts; a miss answers 200 with verified: false and the reason. ' + ACCESS + ' Errors: 400/1101, 403, 404.',
      tags: ['portal'],
      body: Type.Composite([Body, Type.Object({ code: Type.String({ pattern: '^[0-9]{4,8}$', maxLength: 8 }) })]),
      response: {
        200: Type.Object({
          data: Type.Object({
            verified: Type.Boolean(),
            reason: Type.Optional(Type.Union(['WRONG_CODE', 'EXPIRED', 'TOO_MANY_ATTEMPTS', 'NO_CODE', 'ALREADY_USED'].map((r) => Type.Literal(r)))),
            attemptsLeft: Type.Optional(Type.Integer({ description: 'After a wrong code' })),
          }),
        }, { description: 'Verified, or why not' }),
        ...errorReplies,
      },
    },
  }, async (request) => {
    const user = currentUser(request);
    const b = request.body;
    return { data: await app.db.transaction((tx) => verifyOtp(tx, targetOf(b), b.recipient, b.code, user.userName)) };
  });
};
export default portalOtp;
