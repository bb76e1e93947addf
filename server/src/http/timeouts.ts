import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES } from '@lendline/shared/contract';

/**
 * How long a client may take to send a request (README "HTTP timeouts"). Without these a client that opens a
 * connection and trickles a body (Content-Length 4000, a few bytes every few seconds: "slow loris") holds a socket
 * and its memory forever, and a few hundred of them exhaust the server without being authenticated.
 */
export interface HttpTimeouts {
  /** HEADERS_TIMEOUT_MS: from the connection (or the previous request) to the end of the request's headers. */
  headersMs: number;
  /** BODY_TIMEOUT_MS: from the end of the headers to the end of the body, for every request but uploads. */
  bodyMs: number;
  /** UPLOAD_TIMEOUT_MS: the same for uploads (multipart, or a body over 1 MiB), which may come from a slow phone. */
  uploadMs: number;
  /** KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection is closed after this long. */
  keepAliveMs: number;
}

/** A body larger than this (declared Content-Length) gets the upload timeout: the portal's base64 uploads are JSON. */
const UPLOAD_BODY_BYTES = 1024 * 1024;

export function loadHttpTimeouts(source: NodeJS.ProcessEnv, problems: string[]): HttpTimeouts {
  const ms = (name: string, fallback: number, min = 100, max = 3_600_000) => {
    const raw = source[name];
    if (raw === undefined || raw === '') return fallback;
    const v = Number(raw);
    if (!Number.isInteger(v) || v < min || v > max) problems.push(`${name} must be an integer of milliseconds ${min}-${max}, got "${raw}"`);
    return v;
  };
  return { headersMs: ms('HEADERS_TIMEOUT_MS', 15_000), bodyMs: ms('BODY_TIMEOUT_MS', 30_000), uploadMs: ms('UPLOAD_TIMEOUT_MS', 300_000), keepAliveMs: ms('KEEP_ALIVE_TIMEOUT_MS', 72_000) };
}

/** The raw answer to a body that did not arrive in time (the socket is closed after it: the rest is not read). */
const timedOut = (() => {
  const body = JSON.stringify({ code: 1101, message: ERROR_MESSAGES[1101], data: [{ label: 'body', reason: 'was not received in time' }] });
  return `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
})();

/**
 * Applies the timeouts to the HTTP server. Node enforces the header deadline (headersTimeout) and, as a backstop,
 * a whole-request deadline (requestTimeout, here headers + the upload timeout); both are checked every
 * connectionsCheckingInterval, so that is kept short. The body deadline depends on the request (an upload gets
 * longer), which Node cannot express: a timer per request started when its headers are complete closes the socket
 * if the body is still incomplete when it fires. A request whose body has arrived is never cut, however long its
 * handler takes.
 */
export function applyHttpTimeouts(app: FastifyInstance, t: HttpTimeouts): void {
  const server = app.server;
  server.headersTimeout = t.headersMs;
  server.requestTimeout = t.headersMs + Math.max(t.bodyMs, t.uploadMs);
  server.keepAliveTimeout = t.keepAliveMs;
  // Read when the server starts listening (node:http setupConnectionsTracking).
  (server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval = Math.min(1000, Math.ceil(t.headersMs / 2), Math.ceil(t.bodyMs / 2));

  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // app.inject's requests have no socket to close (and never set `complete`): only real connections are timed.
    if (raw.complete || !(raw.socket instanceof Socket)) return done();
    const type = String(request.headers['content-type'] ?? '');
    const upload = type.startsWith('multipart/') || Number(request.headers['content-length'] ?? 0) > UPLOAD_BODY_BYTES;
    const limit = upload ? t.uploadMs : t.bodyMs;
    const timer = setTimeout(() => {
      const socket = raw.socket;
      if (raw.complete || !socket || socket.destroyed) return;
      request.log.warn({ url: request.url, ms: limit, upload }, 'request body not received in time: connection closed');
      if (reply.raw.headersSent) socket.destroy();
      else socket.end(timedOut, () => socket.destroy());
    }, limit);
    const clear = () => clearTimeout(timer);
    // Not cleared when the answer is sent: a 401 before the body is read leaves Node reading (discarding) the rest.
    raw.once('end', clear);
    raw.once('close', () => {
      if (raw.complete) clear();
    });
    done();
  });
}
