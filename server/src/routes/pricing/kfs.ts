import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { applicantLanguage } from '../../domain/consent/applicant-language';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { isStaff } from '../../domain/current-user';
import { acceptKfs, currentKfs, issueKfs, kfsFileId, sendKfsCode } from '../../domain/kfs/store';
import { sendSignedDocuments } from '../../domain/loan-documents/send';
import { documentOf } from '../../domain/documents/rows';
import { openVerified } from '../../domain/documents/read';
import { findApplication } from '../../domain/applications/row';
import { AppId, errorReplies } from '../common/schemas';
import { applicationIdIn, loadedApplication } from '../common/application-rules';
import { Quote } from './schemas';
import { route } from '../common/route';

export const KFS_PATHS = { current: '/v3/kfs', issue: '/v3/kfs/issue', sendCode: '/v3/kfs/send-code', accept: '/v3/kfs/accept', file: '/v3/kfs/file' } as const;

const ProposalNo = Type.String({ pattern: '^[A-Za-z0-9-]{1,80}$', maxLength: 80 });
const Lang = Type.Union([Type.Literal('en'), Type.Literal('hi')]);
const Terms = Type.Omit(Quote, ['disbursementDate']);
const Kfs = Type.Object({
  kfsId: Type.String(),
  proposalNo: Type.String(),
  version: Type.Integer(),
  lang: Lang,
  state: Type.Union(['ISSUED', 'ACCEPTED', 'EXPIRED', 'TERMS_CHANGED', 'SUPERSEDED'].map((s) => Type.Literal(s))),
  issuedAt: Type.String(),
  issuedBy: Type.Optional(Type.String({ description: 'The staff user who issued it (staff callers only)' })),
  validUntil: Type.String({ description: 'YYYY-MM-DD, 3 working days after issue' }),
  fileId: Type.Union([Type.String(), Type.Null()]),
  sha256: Type.Union([Type.String(), Type.Null()]),
  terms: Terms,
  acceptance: Type.Union([Type.Object({ by: Type.String(), at: Type.String(), channel: Type.String(), sentTo: Type.String() }), Type.Null()]),
});

const CUSTOMER_OR_ACTIONS = { permission: 'APPLICATIONS_ACTIONS', customer: 'appRef' } as const;

/**
 * The Key Fact Statement of an application (issue 27): staff issue it, the applicant (the customer with the
 * application's appRefId) reads it and accepts it with a one-time code sent to their recorded contact.
 */
const kfsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(KFS_PATHS.current, route.pricing({ application: { id: applicationIdIn('query', 'application_id'), permission: 'read', customer: 'appRef' } }, "The application's Key Fact Statement",
      'The latest statement and its state: ISSUED (waiting for acceptance), ACCEPTED, EXPIRED (past its 3 working days), ' +
        'TERMS_CHANGED (amount, tenure, rate or fees differ now: a new one is needed); null when none was issued. Staff who ' +
        'may open the application; the customer with its appRefId.', {
      querystring: Type.Object({ application_id: AppId }),
      response: { 200: Type.Object({ data: Type.Union([Kfs, Type.Null()]) }), ...errorReplies },
    }), async (request) => {
    const k = await currentKfs(app.db, loadedApplication(request));
    // The applicant is told the statement, not which member of staff issued it.
    if (k && !isStaff(currentUser(request))) delete (k as { issuedBy?: string }).issuedBy;
    return { data: k as never };
  });

  app.post(KFS_PATHS.issue, route.pricing({ application: { id: applicationIdIn('body', 'application_id'), permission: 'APPLICATIONS_ACTIONS' } }, 'Issue a Key Fact Statement',
      'Prices the application\'s current amount and tenure by its product\'s pricing and issues a statement in the RBI\'s ' +
        'Annex A structure in lang (en, hi; when absent, the applicant\'s language, else en): a unique proposal number, valid 3 working days (weekends skipped), its PDF filed as ' +
        'a KEY_FACT_STATEMENT document; an earlier statement is superseded. Staff with APPLICATIONS_ACTIONS. 400 when the ' +
        'application has no priced terms or is not ACTIVE.', {
      body: Type.Object({ application_id: AppId, lang: Type.Optional(Lang) }, { additionalProperties: false }),
      response: { 200: Type.Object({ data: Kfs, message: Type.String() }), ...errorReplies },
    }), async (request) => {
    const application = loadedApplication(request);
    const k = await issueKfs({ db: app.db, store: app.files, user: currentUser(request), app: application }, request.body.lang ?? (await applicantLanguage(app.db, application.application_id)));
    return { data: k as never, message: `Key Fact Statement ${k.proposalNo} issued` };
  });

  app.post(KFS_PATHS.sendCode, route.pricing({ application: { id: applicationIdIn('body', 'application_id'), ...CUSTOMER_OR_ACTIONS } }, 'Send the code that accepts a Key Fact Statement',
      'Sends a one-time code (the portal\'s OTP rules: 5 minutes, 5 tries, send quotas) to the primary applicant\'s verified ' +
        'mobile number, else the mobile or e-mail they gave. 400 when the statement is accepted, expired or its terms changed; ' +
        '404 when it is not the current one. The customer with its appRefId; staff with APPLICATIONS_ACTIONS.', {
      body: Type.Object({ application_id: AppId, proposalNo: ProposalNo }, { additionalProperties: false }),
      response: { 200: Type.Object({ data: Type.Object({ sentTo: Type.String(), sandboxCode: Type.Optional(Type.String()) }) }), ...errorReplies },
    }), async (request) => {
    const user = currentUser(request);
    const b = request.body;
    const sent = await app.db.transaction(async (tx) => sendKfsCode(tx, app.notifier, user.sessionId ?? user.userName, await findApplication(tx, b.application_id), b.proposalNo));
    return { data: { sentTo: sent.sentTo, ...(app.notifier.name === 'sandbox' ? { sandboxCode: sent.code } : {}) } };
  });

  app.post(KFS_PATHS.accept, route.pricing({ application: { id: applicationIdIn('body', 'application_id'), ...CUSTOMER_OR_ACTIONS } }, 'Accept a Key Fact Statement with the code',
      'Checks the code; a match records the acceptance (applicant, time, channel OTP, where the code went; the PDF\'s SHA-256 ' +
        'stays with it) and an audit row. A wrong code answers accepted: false with the reason. 400 when the statement is ' +
        'accepted already, expired or its terms changed. The customer with its appRefId; staff with APPLICATIONS_ACTIONS.', {
      body: Type.Object({ application_id: AppId, proposalNo: ProposalNo, code: Type.String({ pattern: '^[0-9]{4,8}$', maxLength: 8 }) }, { additionalProperties: false }),
      response: {
        200: Type.Object({ data: Type.Object({ accepted: Type.Boolean(), reason: Type.Optional(Type.String()), attemptsLeft: Type.Optional(Type.Integer()), kfs: Type.Union([Kfs, Type.Null()]) }) }),
        ...errorReplies,
      },
    }), async (request) => {
    const user = currentUser(request);
    const b = request.body;
    const out = await app.db.transaction(async (tx) => acceptKfs(tx, await findApplication(tx, b.application_id, true), b.proposalNo, b.code, user.userName));
    // The accepted statement goes to the borrower's recorded e-mail (exactly once per version; after the commit, so a
    // failed send never undoes the acceptance: the next trigger tries again).
    if (out.accepted) {
      void sendSignedDocuments({ db: app.db, files: app.files, notifier: app.notifier }, b.application_id, 'key fact statement accepted', ['KEY_FACT_STATEMENT'])
        .catch((e: Error) => request.log.error({ applicationId: b.application_id, err: e.message }, 'accepted key fact statement not e-mailed'));
    }
    const check = out.check as { reason?: string; attemptsLeft?: number };
    return { data: { accepted: out.accepted, ...(check.reason ? { reason: check.reason } : {}), ...(check.attemptsLeft !== undefined ? { attemptsLeft: check.attemptsLeft } : {}), kfs: out.kfs as never } };
  });

  app.get(KFS_PATHS.file, route.pricing({ application: { id: applicationIdIn('query', 'application_id'), permission: 'read', customer: 'appRef' } }, 'Download a Key Fact Statement (PDF)',
      'The PDF of one of the application\'s statements, checked against its stored SHA-256. Staff who may open the application; the customer with its appRefId. 404 for another proposal number.', {
      querystring: Type.Object({ application_id: AppId, proposalNo: ProposalNo }),
      response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...errorReplies },
    }), async (request, reply) => {
    const q = request.query;
    const row = await documentOf(app.db, q.application_id, await kfsFileId(app.db, q.application_id, q.proposalNo));
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${row.name.replace(/[^\w.-]/g, '_')}"`).header('cache-control', 'private, no-store').send(await openVerified(app.files, row));
  });
};
export default kfsRoutes;
