import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { linkKey } from '../../domain/portal/links';
import { openContinueLink, requestContinueLinks, sendContinueCode, sendContinueLater } from '../../domain/portal/continue-later';
import { AppId, errorReplies } from '../common/schemas';
import { linkRoute } from './link-route';
import { route } from '../common/route';

export const PORTAL_CONTINUE = {
  send: '/v3/portal/continue-later/send',
  request: '/v3/portal/continue-later/request',
  code: '/v3/portal/continue-later/code',
  open: '/v3/portal/continue-later/open',
} as const;

/** Named as POST /v3/application/verify names its link's id (§7): the second of the link's five parts. */
const VerificationId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,80}$', maxLength: 80, description: "The link's verification id (CNT-…)" });
/** The same answer whatever matched (requestContinueLinks). */
const REQUESTED = 'If an application in progress is recorded with these details, a link to continue it has been sent to its mobile number and e-mail address.';

/**
 * "Save and continue later" (issue 28, domain/portal/continue-later.ts): send the primary their link (appRefId),
 * ask for it again by mobile or e-mail (any caller; the answer never reveals a match), and open it on any device:
 * a code to the recorded mobile, then a fresh appRefId. Sending and opening write the link row, the code and the
 * verification (verNum + 1, an audit row) in one transaction each.
 */
const portalContinueLater: FastifyPluginAsyncTypebox<{ dataDir: string }> = async (app, opts) => {
  const key = linkKey(opts.dataDir);
  const originOf = (request: { protocol: string; headers: { host?: string } }) => `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  const sandbox = () => app.notifier.name === 'sandbox';

  app.post(PORTAL_CONTINUE.send, linkRoute('appRef', {
    summary: 'Send the applicant a link to continue later',
    description:
      'Sends the primary applicant, by e-mail and SMS to the addresses the application records, a link to /dynamic-resume ' +
      'that opens the application at the given step on any device for 72 hours (§5), after a one-time code to the ' +
      'recorded mobile. The portal saves the step first. At most 5 links an hour to one number and 10 for one application. ' +
      "Access: the customer account with the application's appRefId header; staff with APPLICATIONS_ACTIONS on an " +
      'application they may open. Errors: 400/1101 (no recorded mobile number, application submitted or not ACTIVE), 403, 404, 429.',
    body: Type.Object({
      application_id: AppId,
      route: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,80}$', maxLength: 80, description: "The step's route name (where the link lands)" })),
      section_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,80}$', maxLength: 80, description: "The step's section" })),
    }),
    reply: Type.Object({
      data: Type.Object({
        sentTo: Type.Array(Type.String(), { description: 'The recipients, masked' }),
        validityHours: Type.Integer(),
        sandboxLink: Type.Optional(Type.String({ description: 'The link itself, only with the sandbox notifier (demos and tests)' })),
      }),
      message: Type.String(),
    }, { description: 'Sent' }),
    refusals: {
      429: Type.Ref('ErrorBody', { description: 'Too many links to this number or for this application' }),
    },
  }), async (request) => {
    currentUser(request);
    const b = request.body;
    const sent = await app.db.transaction((tx) => sendContinueLater(tx, app.notifier, key, { applicationId: b.application_id, origin: originOf(request), route: b.route, sectionId: b.section_id }));
    return { data: { sentTo: sent.sentTo, validityHours: sent.validityHours, ...(sandbox() ? { sandboxLink: sent.link } : {}) }, message: 'Link sent' };
  });

  app.post(PORTAL_CONTINUE.request, route.portal(null, 'Ask for the continue link again',
      'By mobile number or e-mail address: every application in progress whose primary applicant records it gets a new ' +
        'link to its recorded mobile and e-mail. The answer is the same whether or not anything matched, and is given before ' +
        'the messages go out. Any signed-in caller (the portal\'s customer account). At most 5 requests an hour for one ' +
        'number or address (429, for unknown ones too). Errors: 400/1101 (not a mobile number or e-mail address), 429.', {
      body: Type.Object({
        contact: Type.Union([
          Type.String({ pattern: '^\\+?[0-9][0-9 -]{8,15}$', maxLength: 18, description: 'Mobile number' }),
          Type.String({ pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', maxLength: 120, description: 'E-mail address' }),
        ]),
      }),
      response: {
        200: Type.Object({ message: Type.String() }, { description: 'Handled (says nothing about a match)' }),
        ...errorReplies,
        429: Type.Ref('ErrorBody', { description: 'Too many requests for this number or address' }),
      },
    }), async (request) => {
    currentUser(request);
    const messages = await app.db.transaction((tx) => requestContinueLinks(tx, key, request.body.contact, originOf(request)));
    // After the answer: how long delivery takes must not tell the caller that something matched.
    setImmediate(() => {
      void (async () => {
        for (const m of messages) await app.notifier.send(m);
      })().catch((e: unknown) => request.log.error({ err: e }, 'continue-later link could not be sent'));
    });
    return { message: REQUESTED };
  });

  const LinkBody = { application_id: AppId, emailVerificationId: VerificationId };

  app.post(PORTAL_CONTINUE.code, linkRoute('credential', {
    summary: 'Send the code that opens a continue link',
    description:
      'Sends a 6-digit code (5 minutes, 5 tries; at most 5 codes per session length) to the mobile number the application ' +
      'records — never one the caller names. Access: the customer account without an appRefId (the link is the proof); staff ' +
      'with APPLICATIONS_ACTIONS on an application they may open. Errors: 400/1101 (link expired: "This link has expired"; ' +
      'too many codes), 403, 404 (a link that opens nothing: the §2 invalidURL text), 429.',
    body: Type.Object(LinkBody),
    reply: Type.Object({
      data: Type.Object({
        sentTo: Type.String({ description: 'The mobile number, masked' }),
        sandboxCode: Type.Optional(Type.String({ description: 'The code itself, only with the sandbox notifier (demos and tests)' })),
      }),
    }, { description: 'Sent' }),
    refusals: {
      429: Type.Ref('ErrorBody', { description: 'Too many codes' }),
    },
  }), async (request) => {
    const user = currentUser(request);
    const b = request.body;
    const sent = await app.db.transaction((tx) => sendContinueCode(tx, app.notifier, user.sessionId ?? user.userName, b.application_id, b.emailVerificationId));
    return { data: { sentTo: sent.sentTo, ...(sandbox() ? { sandboxCode: sent.code } : {}) } };
  });

  app.post(PORTAL_CONTINUE.open, linkRoute('credential', {
    summary: 'Open a continue link with its code',
    description:
      'Checks the code (every try counts); a match answers a fresh appRefId for this device and the step to land on. A ' +
      'wrong code answers 200 with opened: false and the reason. Access and errors as for the code.',
    body: Type.Object({ ...LinkBody, code: Type.String({ pattern: '^[0-9]{4,8}$', maxLength: 8 }) }),
    reply: Type.Object({
      data: Type.Object({
        opened: Type.Boolean(),
        applicantId: Type.Optional(Type.String()),
        route: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'The step left (its route name)' })),
        sectionId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        reason: Type.Optional(Type.String({ description: 'WRONG_CODE, EXPIRED, TOO_MANY_ATTEMPTS, NO_CODE or ALREADY_USED' })),
        attemptsLeft: Type.Optional(Type.Integer()),
      }),
      appRefId: Type.Optional(Type.String({ description: 'Opens the application on this device: send it as the appRefId header' })),
    }, { description: 'Opened, or why not' }),
  }), async (request) => {
    const user = currentUser(request);
    const b = request.body;
    const r = await openContinueLink(app.db, b.application_id, b.emailVerificationId, b.code, user.userName);
    if (!r.opened) return { data: { opened: false, ...r.check } };
    return { data: { opened: true, applicantId: r.applicantId, route: r.route, sectionId: r.sectionId }, appRefId: r.appRefId };
  });
};
export default portalContinueLater;
