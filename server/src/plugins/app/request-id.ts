import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { formatTraceparent, runInTrace, traceFromHeader, type TraceContext } from '../../http/trace-context';

const traces = new WeakMap<IncomingMessage, TraceContext>();

/** The request's trace, made once from its `traceparent` header (Fastify's genReqId and the child logger both ask). */
export function traceOfRequest(raw: IncomingMessage): TraceContext {
  let t = traces.get(raw);
  if (!t) traces.set(raw, (t = traceFromHeader(raw.headers.traceparent)));
  return t;
}

/** Fastify options: the request id is the request's span id, and every request log line carries the trace id too. */
export const requestIdOptions: Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader' | 'childLoggerFactory'> = {
  genReqId: (raw) => traceOfRequest(raw).spanId,
  requestIdHeader: false,
  childLoggerFactory: (logger: FastifyBaseLogger, bindings, opts, raw) => logger.child({ ...bindings, traceId: traceOfRequest(raw as IncomingMessage).traceId }, opts),
};

/**
 * Correlation (http/trace-context.ts): every reply carries `x-request-id` (the id on the request's log lines and in
 * the error modal's reference) and `traceresponse` (W3C Trace Context level 2: trace and span of ours), and the
 * request's handlers run inside its trace, so what they call out to (http/outbound-request.ts) and what they push on
 * the socket carry the same trace. The trace is entered again before the handler: body parsing runs on stream
 * callbacks, outside the onRequest hook's context.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      const trace = traceOfRequest(request.raw);
      reply.header('x-request-id', trace.spanId);
      reply.header('traceresponse', formatTraceparent(trace));
      runInTrace(trace, done);
    });
    app.addHook('preHandler', (request, _reply, done) => runInTrace(traceOfRequest(request.raw), done));
  },
  { name: 'request-id' },
);
