import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser, staffUser } from '../../plugins/app/auth';
import { callsOfApplication, callsOfUser, endCall, fileStill, openInvite, staffTicket, startCall } from '../../domain/video/calls';
import { linkKey } from '../../domain/portal/links';
import { fileRecordings } from '../../domain/video/recordings';
import { AppId, errorReplies } from '../common/schemas';
import { actRule, applicationIdIn, loadedApplication } from '../common/application-rules';
import { Call, CallId, JoinTicket } from './schemas';
import { route } from '../common/route';

const inParams = applicationIdIn('params', 'application_id');
const NotSetUp = Type.Ref('ErrorBody', { description: 'Video is not set up on this server: the reason says how to set it up' });
const Down = Type.Ref('ErrorBody', { description: 'The video gateway (Janus) did not answer: nothing was changed' });
const ACCESS = 'Staff with APPLICATIONS_ACTIONS who may open the application (else 403 / the neutral 404).';
const OWN = 'Only the staff member who started the call: anyone else gets the same 404 as for a call that does not exist.';

/**
 * Video calls with the applicant (§1, §7 Video): started from an application, one private Janus room each, the
 * applicant invited by a link (domain/video/calls.ts). Rooms are made and destroyed here, never by a browser.
 */
const videoCalls: FastifyPluginAsyncTypebox<{ dataDir: string; publicUrl?: string }> = async (app, opts) => {
  const key = linkKey(opts.dataDir);

  app.get('/v3/video/status', route.video(null, 'Whether video calls are available',
      'Staff only. state: off (not set up; reason says how to set it up), ok, down (configured, not answering). reasonKey and reasonParams say the reason as a key of the video texts (notInstalled, startFailed, autostartOff, down) with the commands and settings it names, for the page to say it in its language.', {
      response: {
        200: Type.Object({
          state: Type.Union([Type.Literal('off'), Type.Literal('ok'), Type.Literal('down')]),
          reason: Type.Union([Type.String(), Type.Null()]),
          reasonKey: Type.Union([Type.Literal('notInstalled'), Type.Literal('startFailed'), Type.Literal('autostartOff'), Type.Literal('down'), Type.Null()]),
          reasonParams: Type.Record(Type.String({ maxLength: 20 }), Type.String()),
          mode: Type.String(),
        }),
        ...errorReplies,
      },
    }), async (request) => {
    staffUser(request);
    const state = await app.videoHealth();
    const reason = state === 'off' ? app.video.whyOff : state === 'down' ? 'The video gateway (Janus) does not answer: calls cannot be started or joined until it is back.' : null;
    const text = state === 'off' ? (app.video.whyOffText ?? null) : state === 'down' ? { key: 'down' as const, params: {} } : null;
    return { state, reason, reasonKey: text?.key ?? null, reasonParams: text?.params ?? {}, mode: app.video.mode };
  });

  app.get('/v3/video/calls', route.video(null, "The caller's video calls",
      'Staff only: the calls the caller started (live and past), newest first, at most 100.', {
      response: { 200: Type.Object({ data: Type.Array(Call) }), ...errorReplies },
    }), async (request) => ({ data: await callsOfUser(app.db, staffUser(request)) }));

  app.get('/v3/video/application/:application_id/calls', route.video({ application: { id: inParams, permission: 'read' } }, "An application's video calls",
      'Staff who may open the application (else the neutral 404); the customer account gets 403. Newest first, at most 100.', {
      params: Type.Object({ application_id: AppId }),
      response: { 200: Type.Object({ data: Type.Array(Call) }), ...errorReplies },
    }), async (request) => ({ data: await callsOfApplication(app.db, request.params.application_id) }));

  app.post('/v3/video/application/:application_id/calls', route.video({ application: actRule(inParams) }, 'Start a video call with the applicant',
      `${ACCESS} Creates a private Janus room (random pin, at most 2 publishers, only this call's two tokens allowed, recorded unless recording is false or VIDEO_RECORDING=off), ` +
        "stores the call with an audit row and a worklog entry, and sends the applicant (the primary unless applicantId names another) an invitation link by e-mail through the notification adapter. " +
        'Answers the call and the staff member’s join ticket. 400 when the application is not ACTIVE or the applicant has no e-mail; 409 when video is not set up.', {
      params: Type.Object({ application_id: AppId }),
      body: Type.Object({ applicantId: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })), recording: Type.Optional(Type.Boolean()) }),
      response: { 200: Type.Object({ data: Type.Object({ call: Call, ticket: JoinTicket, invitation: Type.Object({ to: Type.String(), sentAt: Type.String(), sandboxLink: Type.Optional(Type.String({ description: 'The link itself, only with the sandbox notifier (demos and tests)' })) }) }) }), ...errorReplies, 409: NotSetUp, 502: Down },
    }), async (request) => {
    const origin = opts.publicUrl ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    const { call, ticket, invitation } = await startCall(app.db, app.video, app.notifier, key, currentUser(request), loadedApplication(request), { ...request.body, origin });
    const { link, ...sent } = invitation;
    return { data: { call, ticket, invitation: { ...sent, ...(app.notifier.name === 'sandbox' ? { sandboxLink: link } : {}) } } };
  });

  app.post('/v3/video/application/:application_id/calls/:callId/join', route.video({ application: actRule(inParams) }, 'Join (or rejoin) a live call',
      `${ACCESS} ${OWN} Answers the join ticket; 400 when the call has ended, 409 when video is not set up.`, {
      params: Type.Object({ application_id: AppId, callId: CallId }),
      response: { 200: Type.Object({ data: JoinTicket }), ...errorReplies, 409: NotSetUp },
    }), async (request) => ({ data: await staffTicket(app.db, app.video, currentUser(request), request.params.application_id, request.params.callId) }));

  app.post('/v3/video/application/:application_id/calls/:callId/end', route.video({ application: actRule(inParams) }, 'Hang up: end the call and destroy its room',
      `${ACCESS} ${OWN} Janus destroys the room (the applicant's page sees it end); with recording on, the recordings are converted (janus-pp-rec) and filed as documents of the application shortly after the reply and listed on the call; the call is ENDED with its outcome (COMPLETED if the applicant joined, else NO_SHOW, unless given) and an audit row and worklog entry record who, when and how long. Ending an ended call answers it unchanged.`, {
      params: Type.Object({ application_id: AppId, callId: CallId }),
      body: Type.Optional(Type.Object({ outcome: Type.Optional(Type.Union([Type.Literal('COMPLETED'), Type.Literal('NO_SHOW'), Type.Literal('FAILED')])) })),
      response: { 200: Type.Object({ data: Call }), ...errorReplies, 502: Down },
    }), async (request) => {
    const data = await endCall(app.db, app.video, currentUser(request), request.params.application_id, request.params.callId, request.body?.outcome);
    // Janus closes the recordings when the room is destroyed; converting them takes seconds, so after the reply.
    if (data.recording && app.video.mode === 'own') void fileRecordings(app.db, app.files, app.video.recordingsDir, data.callId, app.log).catch(() => undefined);
    return { data };
  });

  app.post('/v3/video/application/:application_id/calls/:callId/still', route.video({ application: { id: inParams, permission: 'MANAGE_DOCUMENT' } }, 'File a still of the applicant captured during the call',
      `Staff with MANAGE_DOCUMENT who may open the application (else 403 / the neutral 404). ${OWN} The image is a JPEG or PNG data URI (judged by its bytes, at most 10 MB); it is filed as a document of the application (field VIDEO_CALL) with an audit row and a worklog entry. 400 when the call has ended or the image is not one.`, {
      params: Type.Object({ application_id: AppId, callId: CallId }),
      body: Type.Object({ image: Type.String({ minLength: 1, maxLength: 14_000_000 }) }),
      response: { 200: Type.Object({ data: Type.Object({ fileId: Type.String(), name: Type.String(), size: Type.Integer() }) }), ...errorReplies },
    }), async (request) => ({ data: await fileStill(app.db, app.files, currentUser(request), request.params.application_id, request.params.callId, request.body.image) }));

  app.post('/v3/video/invite', route.video(null, "Open the applicant's invitation link",
      "Any session (the portal's customer account on the applicant's phone). The invite is the sealed value of the link's `invite` parameter; it is its own credential. " +
        "Answers the applicant's join ticket. 400/1101 with 'The link has expired' for an expired link, and the neutral invalid-link reason for anything else (tampered, unknown, call ended).", {
      body: Type.Object({ invite: Type.String({ minLength: 1, maxLength: 400 }) }),
      response: { 200: Type.Object({ data: JoinTicket }), ...errorReplies },
    }), async (request) => {
    currentUser(request);
    return { data: await openInvite(app.db, app.video, key, request.body.invite) };
  });
};
export default videoCalls;
