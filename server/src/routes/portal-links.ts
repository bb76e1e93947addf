import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { APPLICATIONS, OTHER } from '@lendline/shared/contract';
import { currentUser } from '../plugins/app/auth';
import { linkKey, openLink, sendApplicantLink, verifyApplicantLink } from '../domain/portal/links';
import { issueAppRef } from '../domain/portal/customer-access';

export const PORTAL_LINKS = { send: '/v3/portal/applicants/send-link' } as const;

/**
 * Applicant links (§5 e-mail link verification): send a co-applicant or guarantor their own link, decrypt a link
 * (POST /api/decryption, used by the shell's email-verification page and the portal's resume) and verify it
 * (POST /v3/application/verify). With the sandbox notifier the send reply includes the link for demos and tests.
 * Sending changes the applicant's e-mail: a customer needs the application's appRefId, staff APPLICATIONS_ACTIONS on
 * an application they may open. Verifying needs no appRefId from a customer (the link's verification id is the
 * proof), and from staff the same as sending; a verified link answers a new appRefId for its application, so the
 * applicant can continue on the device that opened the link. Both write through verNum with an audit row.
 */
const portalLinks: FastifyPluginAsync<{ dataDir: string }> = async (app, opts) => {
  const key = linkKey(opts.dataDir);
  const AppId = Type.String({ minLength: 1, maxLength: 40 });
  const inBody = (r: FastifyRequest) => (r.body as { application_id: string }).application_id;

  app.post(PORTAL_LINKS.send, {
    config: { application: { id: inBody, permission: 'APPLICATIONS_ACTIONS', customer: 'appRef' } },
    schema: {
      body: Type.Object({
        application_id: AppId,
        applicantId: Type.String({ minLength: 1, maxLength: 60 }),
        email: Type.String({ pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', maxLength: 120 }),
        firstName: Type.Optional(Type.String({ maxLength: 60 })),
        verNum: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
      }),
    },
  }, async (request) => {
    const user = currentUser(request);
    const b = request.body as { application_id: string; applicantId: string; email: string; firstName?: string; verNum?: number };
    const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    const sent = await app.db.transaction((tx) =>
      sendApplicantLink(tx, app.notifier, key, { applicationId: b.application_id, applicantId: b.applicantId, email: b.email, firstName: b.firstName, origin, verNum: b.verNum, sentBy: user.userName }),
    );
    return { data: { applicant: sent.applicant, sentTo: b.email, verNum: sent.verNum, ...(app.notifier.name === 'sandbox' ? { sandboxLink: sent.link } : {}) }, message: 'Link sent' };
  });

  app.post(OTHER.decryption, { schema: { body: Type.Object({ decryptMsg: Type.String({ minLength: 1, maxLength: 2000 }) }) } }, async (request) => {
    currentUser(request);
    return { data: openLink((request.body as { decryptMsg: string }).decryptMsg, key) };
  });

  app.post(APPLICATIONS.verify, {
    config: { application: { id: inBody, permission: 'APPLICATIONS_ACTIONS', customer: 'credential' } },
    schema: { body: Type.Object({ application_id: AppId, emailVerificationId: Type.String({ minLength: 1, maxLength: 80 }) }) },
  }, async (request) => {
    const user = currentUser(request);
    const b = request.body as { application_id: string; emailVerificationId: string };
    return app.db.transaction(async (tx) => {
      const data = await verifyApplicantLink(tx, b.application_id, b.emailVerificationId, user.userName);
      return { data, appRefId: await issueAppRef(tx, data.application_id, 'LINK'), message: 'Email verified successfully' };
    });
  });
};
export default portalLinks;
