import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/) for one request: the trace it belongs to (taken from an
 * incoming `traceparent`, else a new one) and this server's own span in it. The span id is also the request's id:
 * it is on every log line of the request (`reqId`), in the `x-request-id` reply header and in the error modal's
 * reference, so a user's report finds its log lines. Only a well-formed `traceparent` is taken; anything else starts
 * a new trace (a caller cannot put arbitrary text into our logs or headers).
 */
export interface TraceContext {
  traceId: string;
  /** This server's span for the request; the request id. */
  spanId: string;
  sampled: boolean;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/** Random ids from a pooled buffer: one randomBytes call per 4 KiB of ids, not two system calls per request. */
let pool = Buffer.alloc(0);
let at = 0;
function hex(bytes: number): string {
  if (at + bytes > pool.length) {
    pool = randomBytes(4096);
    at = 0;
  }
  const s = pool.toString('hex', at, at + bytes);
  at += bytes;
  return s;
}

/** The caller's trace with a new span of ours, or a new trace when there is no valid header. */
export function traceFromHeader(header: unknown): TraceContext {
  const m = typeof header === 'string' ? TRACEPARENT.exec(header.trim().toLowerCase()) : null;
  if (m && m[1] !== ZERO_TRACE && m[2] !== ZERO_SPAN) return { traceId: m[1], spanId: hex(8), sampled: (parseInt(m[3], 16) & 1) === 1 };
  return newTrace();
}

export const newTrace = (): TraceContext => ({ traceId: hex(16), spanId: hex(8), sampled: true });

export const formatTraceparent = (t: TraceContext, spanId = t.spanId): string => `00-${t.traceId}-${spanId}-${t.sampled ? '01' : '00'}`;

/** The header for a call this span makes to another system: same trace, a child span of ours. */
export const childTraceparent = (t: TraceContext): string => formatTraceparent(t, hex(8));

const store = new AsyncLocalStorage<TraceContext>();

/** The trace of the request (or job) this code runs for, if any. */
export const currentTrace = (): TraceContext | undefined => store.getStore();

/** Runs `fn` (and everything it starts) inside `trace`. */
export const runInTrace = <T>(trace: TraceContext, fn: () => T): T => store.run(trace, fn);
