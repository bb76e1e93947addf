import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { APPLICATIONS, OTHER } from '@lendline/shared/contract';
import { currentUser } from '../domain/current-user';
import { linkKey, openLink, sendApplicantLink, verifyApplicantLink } from '../domain/portal/links';
import { issueAppRef } from '../domain/portal/customer-access';

export const PORTAL_LINKS = { send: '/v3/portal/applicants/send-link' } as const;

/**
 * Applicant links (§5 e-mail link verification): send a co-applicant or guarantor their own link, decrypt a link
 * (POST /api/decryption, used by the shell's email-verification page and the portal's resume) and verify it
 * (POST /v3/application/verify). With the sandbox notifier the send reply includes the link for demos and tests.
 * Sending needs the application's appRefId (customer callers); a verified link answers a new appRefId for its
 * application, so the applicant can continue on the device that opened the link.
 */
const portalLinks: FastifyPluginAsync<{ dataDir: string }> = async (app, opts) => {
  const key = linkKey(opts.dataDir);

  app.post(PORTAL_LINKS.send, {
    config: { customerApplication: (r) => (r.body as { application_id: string }).application_id },
    schema: { body: Type.Object({ application_id: Type.String({ minLength: 1, maxLength: 40 }), applicantId: Type.String({ minLength: 1, maxLength: 60 }), email: Type.String({ pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', maxLength: 120 }), firstName: Type.Optional(Type.String({ maxLength: 60 })) }) },
  }, async (request) => {
    currentUser(request);
    const b = request.body as { application_id: string; applicantId: string; email: string; firstName?: string };
    const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    const sent = await sendApplicantLink(app.db, app.notifier, key, { applicationId: b.application_id, applicantId: b.applicantId, email: b.email, firstName: b.firstName, origin });
    return { data: { applicant: sent.applicant, sentTo: b.email, ...(app.notifier.name === 'sandbox' ? { sandboxLink: sent.link } : {}) }, message: 'Link sent' };
  });

  app.post(OTHER.decryption, { schema: { body: Type.Object({ decryptMsg: Type.String({ minLength: 1, maxLength: 2000 }) }) } }, async (request) => {
    currentUser(request);
    return { data: openLink((request.body as { decryptMsg: string }).decryptMsg, key) };
  });

  app.post(APPLICATIONS.verify, { schema: { body: Type.Object({ application_id: Type.String({ minLength: 1, maxLength: 40 }), emailVerificationId: Type.String({ minLength: 1, maxLength: 80 }) }) } }, async (request) => {
    currentUser(request);
    const b = request.body as { application_id: string; emailVerificationId: string };
    const data = await verifyApplicantLink(app.db, b.application_id, b.emailVerificationId);
    return { data, appRefId: await issueAppRef(app.db, data.application_id, 'LINK'), message: 'Email verified successfully' };
  });
};
export default portalLinks;
