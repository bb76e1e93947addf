import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../plugins/app/auth';
import { sendOtp, verifyOtp, type OtpTarget } from '../domain/portal/otp';

/** Paths of the portal's one-time codes (the spec names none; these sit with the other /v3 portal calls). */
export const PORTAL_OTP = { send: '/v3/portal/otp/send', verify: '/v3/portal/otp/verify' } as const;

const Body = Type.Object({
  application_id: Type.String({ minLength: 1, maxLength: 40 }),
  applicantId: Type.String({ minLength: 1, maxLength: 60 }),
  fieldKey: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$', maxLength: 64 }),
  recipient: Type.String({ minLength: 1, maxLength: 120 }),
});
type SendBody = { application_id: string; applicantId: string; fieldKey: string; recipient: string };

const targetOf = (b: SendBody): OtpTarget => ({ applicationId: b.application_id, applicantId: b.applicantId, fieldKey: b.fieldKey });

/**
 * One-time codes through the notification adapter, bound to the application and applicant they verify: a customer
 * needs that application's appRefId, staff APPLICATIONS_ACTIONS on an application they may open (the sandbox reply
 * carries the code, so a send is as good as a verification), and the verification is recorded on the application.
 * With the sandbox adapter (the embedded default, nothing leaves the machine) the send reply also carries
 * sandboxCode, so a demo or a test can complete the step; a real adapter never echoes it.
 */
const portalOtp: FastifyPluginAsync = async (app) => {
  const config = { application: { id: (r: { body: unknown }) => (r.body as SendBody).application_id, permission: 'APPLICATIONS_ACTIONS', customer: 'appRef' } } as const;

  app.post(PORTAL_OTP.send, { config, schema: { body: Body } }, async (request) => {
    const user = currentUser(request) as { sessionId?: string; userName: string };
    const b = request.body as SendBody;
    const sent = await sendOtp(app.db, app.notifier, user.sessionId ?? user.userName, targetOf(b), b.recipient);
    return { data: { sentTo: sent.sentTo, ...(app.notifier.name === 'sandbox' ? { sandboxCode: sent.code } : {}) } };
  });

  app.post(
    PORTAL_OTP.verify,
    { config, schema: { body: Type.Composite([Body, Type.Object({ code: Type.String({ pattern: '^[0-9]{4,8}$', maxLength: 8 }) })]) } },
    async (request) => {
      const user = currentUser(request);
      const b = request.body as SendBody & { code: string };
      return { data: await app.db.transaction((tx) => verifyOtp(tx, targetOf(b), b.recipient, b.code, user.userName)) };
    },
  );
};
export default portalOtp;
