import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { HttpError } from '../../domain/errors';
import { VIDEO_NOT_SET_UP } from '../../domain/video/gateway';
import { JANUS_PROXY_PATH } from '../../domain/video/calls';
import { route } from '../common/route';

/** Janus requests a browser may send: session and handle housekeeping, messages, trickle. */
const JANUS_VERBS = ['create', 'attach', 'message', 'trickle', 'keepalive', 'detach', 'hangup', 'destroy', 'claim'] as const;
/** Video-room requests a participant makes; list, exists, create, edit, destroy, kick, allowed… are the server's. */
const BROWSER_REQUESTS = new Set(['join', 'joinandconfigure', 'configure', 'publish', 'unpublish', 'start', 'pause', 'switch', 'update', 'subscribe', 'unsubscribe', 'leave']);

const SessionId = Type.String({ pattern: '^[0-9]{1,20}$', description: 'Janus session id' });
const HandleId = Type.String({ pattern: '^[0-9]{1,20}$', description: 'Janus handle id' });
const Body = Type.Object(
  {
    janus: Type.Union(JANUS_VERBS.map((v) => Type.Literal(v))),
    transaction: Type.Optional(Type.String({ maxLength: 64 })),
    token: Type.Optional(Type.String({ maxLength: 400 })),
    apisecret: Type.Optional(Type.String({ maxLength: 200 })),
    plugin: Type.Optional(Type.String({ maxLength: 60 })),
    opaque_id: Type.Optional(Type.String({ maxLength: 120 })),
    session_id: Type.Optional(Type.Number()),
    handle_id: Type.Optional(Type.Number()),
    body: Type.Optional(Type.Object({ request: Type.String({ maxLength: 40 }) }, { additionalProperties: true })),
    jsep: Type.Optional(Type.Object({ type: Type.String({ maxLength: 20 }), sdp: Type.String({ maxLength: 200_000 }) }, { additionalProperties: true })),
    candidate: Type.Optional(Type.Unknown()),
    candidates: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 200 })),
  },
  { additionalProperties: false },
);
const Reply = Type.Unknown({ description: "Janus's own JSON answer, passed through (https://janus.conf.meetecho.com/docs/rest.html)" });
const NotSetUp = Type.Ref('ErrorBody', { description: 'Video is not set up on this server' });
const Unreachable = Type.Ref('ErrorBody', { description: 'The video gateway does not answer' });

/**
 * Janus's answer as the browser gets it. Janus answers its API with JSON (errors included, as `janus: 'error'`), but a
 * long poll or request its token check rejects comes back as a bare 403 with an empty body: passed on as our §8 403
 * (never parsed as JSON, which made it a 500). Any other non-JSON answer means the gateway is not working: 502,
 * without echoing what it sent.
 */
async function janusReply(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (res.status === 401 || res.status === 403) throw refuse('The video gateway refused the request: join the call again');
  try {
    return JSON.parse(text) as unknown; // Janus's own error replies are JSON too: passed through as before
  } catch {
    // not JSON: below
  }
  throw new HttpError(502, { code: 1100, message: 'Internal server error', data: [{ label: 'video', reason: 'The video gateway gave no usable answer' }] });
}

const refuse = (reason: string) => new HttpError(403, { code: 1101, message: 'Validation Failed', data: [{ label: 'janus', reason }] });

/**
 * Browsers reach Janus's HTTP API through this same-origin proxy (the page's CSP allows no other origin; Janus itself
 * listens on loopback only). Public because janus.js cannot send the §7 session headers: Janus's own auth is what
 * guards it — every request needs the signed token of a join ticket, the room its pin and a token from its allowed
 * list. The proxy narrows it further: only the video-room plugin, and none of the room management requests (rooms
 * are created and destroyed by the server).
 */
const janusProxy: FastifyPluginAsyncTypebox = async (app) => {
  const forward = async (path: string, init: { method: 'GET' | 'POST'; body?: unknown; query?: string }, timeoutMs: number) => {
    const client = app.video.client;
    if (!client) throw new HttpError(409, { code: 1101, message: 'Validation Failed', data: [{ label: 'video', reason: app.video.whyOff ?? VIDEO_NOT_SET_UP }] });
    let res: Response;
    try {
      res = await fetch(client.url.replace(/\/$/, '') + path + (init.query ? `?${init.query}` : ''), {
        method: init.method,
        headers: init.body ? { 'content-type': 'application/json' } : {},
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new HttpError(502, { code: 1100, message: 'Internal server error', data: [{ label: 'video', reason: 'The video gateway does not answer' }] });
    }
    return janusReply(res);
  };

  const check = (body: { janus: string; plugin?: string; body?: { request: string } }) => {
    if (body.janus === 'attach' && body.plugin !== 'janus.plugin.videoroom') throw refuse('Only the video-room plugin is available');
    if (body.janus === 'message' && body.body && !BROWSER_REQUESTS.has(body.body.request)) throw refuse('Rooms are created and managed by the server');
  };

  const schema = (summary: string) => ({
    tags: ['video'],
    summary,
    description: 'Public (Janus checks its own signed token). Janus HTTP API pass-through for janus.js; attach only to janus.plugin.videoroom; 403 for room management requests, 409 when video is not set up, 502 when Janus does not answer.',
    security: [],
    body: Body,
    response: { 200: Reply, 400: errorRef(), 403: errorRef(), 409: NotSetUp, 502: Unreachable },
  });
  const SessionParams = Type.Object({ sessionId: SessionId });
  const HandleParams = Type.Object({ sessionId: SessionId, handleId: HandleId });

  app.post(JANUS_PROXY_PATH, { config: { public: true }, schema: schema('Janus: create a session') }, async (request) => {
    check(request.body);
    return forward('', { method: 'POST', body: request.body }, 10_000);
  });
  app.post(`${JANUS_PROXY_PATH}/:sessionId`, { config: { public: true }, schema: { ...schema('Janus: a session request (attach, keepalive, destroy)'), params: SessionParams } }, async (request) => {
    check(request.body);
    return forward(`/${request.params.sessionId}`, { method: 'POST', body: request.body }, 10_000);
  });
  app.post(
    `${JANUS_PROXY_PATH}/:sessionId/:handleId`,
    { config: { public: true }, schema: { ...schema('Janus: a handle request (message, trickle, detach, hangup)'), params: HandleParams } },
    async (request) => {
      check(request.body);
      return forward(`/${request.params.sessionId}/${request.params.handleId}`, { method: 'POST', body: request.body }, 10_000);
    },
  );
  app.get(
    `${JANUS_PROXY_PATH}/:sessionId`,
    route.video({ public: true }, 'Janus: long poll for a session’s events',
      'Public (the signed token is in the query). Janus answers within 30 s with events or a keepalive; 403 when Janus refuses the poll (no or a wrong token), 502 when it does not answer usefully.', {
      security: [],
      params: Type.Object({ sessionId: SessionId }),
      querystring: Type.Object({
          rid: Type.Optional(Type.String({ maxLength: 20 })),
          maxev: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
          token: Type.Optional(Type.String({ maxLength: 400 })),
          apisecret: Type.Optional(Type.String({ maxLength: 200 })),
          _: Type.Optional(Type.String({ maxLength: 20 })),
        }),
      response: { 200: Reply, 400: errorRef(), 403: errorRef(), 409: NotSetUp, 502: Unreachable },
    }),
    async (request) => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(request.query)) if (v !== undefined) q.set(k, String(v));
      return forward(`/${request.params.sessionId}`, { method: 'GET', query: q.toString() }, 45_000);
    },
  );
};

function errorRef() {
  return Type.Ref('ErrorBody');
}
export default janusProxy;
