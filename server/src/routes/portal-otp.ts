import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../domain/current-user';
import { sendOtp, verifyOtp } from '../domain/portal/otp';

/** Paths of the portal's one-time codes (the spec names none; these sit with the other /v3 portal calls). */
export const PORTAL_OTP = { send: '/v3/portal/otp/send', verify: '/v3/portal/otp/verify' } as const;

const Body = Type.Object({ fieldKey: Type.String({ minLength: 1, maxLength: 64 }), recipient: Type.String({ minLength: 1, maxLength: 120 }) });

/**
 * One-time codes through the notification adapter. With the sandbox adapter (the embedded default, nothing
 * leaves the machine) the reply also carries sandboxCode, so a demo or a test can complete the step; a real
 * adapter never echoes it.
 */
const portalOtp: FastifyPluginAsync = async (app) => {
  app.post(PORTAL_OTP.send, { schema: { body: Body } }, async (request) => {
    const user = currentUser(request) as { sessionId?: string; userName: string };
    const { fieldKey, recipient } = request.body as { fieldKey: string; recipient: string };
    const sent = await sendOtp(app.db, app.notifier, user.sessionId ?? user.userName, fieldKey, recipient);
    return { data: { sentTo: sent.sentTo, ...(app.notifier.name === 'sandbox' ? { sandboxCode: sent.code } : {}) } };
  });

  app.post(PORTAL_OTP.verify, { schema: { body: Type.Composite([Body, Type.Object({ code: Type.String({ pattern: '^[0-9]{4,8}$' }) })]) } }, async (request) => {
    const user = currentUser(request) as { sessionId?: string; userName: string };
    const { fieldKey, recipient, code } = request.body as { fieldKey: string; recipient: string; code: string };
    return { data: { verified: await verifyOtp(app.db, user.sessionId ?? user.userName, fieldKey, recipient, code) } };
  });
};
export default portalOtp;
