import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkDestination, guardedLookup, isTrusted, OutboundRefused } from '../domain/outbound-guard';
import { childTraceparent, currentTrace, newTrace } from './trace-context';

export interface OutboundReply {
  status: number;
  text: string;
}

export interface OutboundOptions {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** The whole exchange: connect, send, and the reply to its last byte. */
  timeoutMs: number;
  /** A reply above this many bytes is cut off and refused (TooLarge). */
  maxBytes: number;
}

export class ReplyTooLarge extends Error {
  constructor() {
    super('reply too large');
    this.name = 'ReplyTooLarge';
  }
}

/**
 * One HTTP(S) request to a configured address, through the outbound guard: the URL is checked (checkDestination),
 * and the socket connects only to addresses the guarded lookup checked. Redirects are NOT followed: a 3xx comes back
 * as the reply, and the caller treats it as a refusal. Rejects with OutboundRefused (guard), ReplyTooLarge, an
 * Error named TimeoutError (timeoutMs), or the network error.
 */
export function outboundRequest(url: string, o: OutboundOptions): Promise<OutboundReply> {
  let u: URL;
  try {
    u = checkDestination(url);
  } catch (e) {
    return Promise.reject(e);
  }
  const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
  // W3C trace context: the external system's logs join ours (the request's trace, or a new one for a background job).
  const traceparent = childTraceparent(currentTrace() ?? newTrace());
  return new Promise<OutboundReply>((resolve, reject) => {
    const req = send(u, {
      method: o.method,
      headers: { ...o.headers, traceparent, ...(o.body !== undefined ? { 'content-length': String(Buffer.byteLength(o.body)) } : {}) },
      lookup: guardedLookup(isTrusted(u)),
      // A fresh connection each time: a pooled socket would skip the lookup, and so the check.
      agent: false,
    });
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), o.timeoutMs);
    timer.unref();
    const fail = (e: Error) => {
      clearTimeout(timer);
      reject(e);
    };
    req.on('error', fail);
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > o.maxBytes) return req.destroy(new ReplyTooLarge());
        chunks.push(c);
      });
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.end(o.body);
  });
}

export { OutboundRefused };
