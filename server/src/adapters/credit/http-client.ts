import { setTimeout as sleep } from 'node:timers/promises';
import { outboundRequest, OutboundRefused, ReplyTooLarge } from '../../http/outbound-request';
import { AdapterError, type SystemConfig } from './types';
import { namedSecret } from '../../config/call-time';

/** Replies above this are refused as malformed: no external answer needs a megabyte. */
export const MAX_REPLY_BYTES = 1024 * 1024;

/**
 * Circuit breaker per external service: after `threshold` failures in a row it opens, and calls fail at once
 * (CIRCUIT_OPEN) instead of each waiting out its timeout against a service that is down; after `resetMs` one trial call
 * is let through (half-open) and its result closes or re-opens it.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private trial = false;
  constructor(
    private readonly threshold: number,
    private readonly resetMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): 'closed' | 'open' | 'half-open' {
    if (this.openedAt === null) return 'closed';
    return this.now() - this.openedAt >= this.resetMs ? 'half-open' : 'open';
  }

  before(service: string) {
    const s = this.state;
    if (s === 'open' || (s === 'half-open' && this.trial)) throw new AdapterError('CIRCUIT_OPEN', `${service} is failing; calls are paused for up to ${Math.round(this.resetMs / 1000)} s`, true);
    if (s === 'half-open') this.trial = true;
  }
  success() {
    this.failures = 0;
    this.openedAt = null;
    this.trial = false;
  }
  failure() {
    this.failures++;
    this.trial = false;
    if (this.openedAt !== null || this.failures >= this.threshold) this.openedAt = this.now();
  }
}

export interface HttpReply<T> {
  value: T;
  status: number;
}

/**
 * JSON over HTTP to one configured service, with what a call to a real service needs: a timeout per attempt, retries
 * with exponential backoff and jitter for what may succeed the next time (timeouts, refused connections, 5xx, 429),
 * none for refusals (other 4xx), and the circuit breaker. `parse` checks the reply's shape and keeps only the fields
 * the product uses; a reply that is not JSON or not that shape is MALFORMED. The credential is read from the
 * environment variable the config names, at call time, and sent as a bearer token; it never appears in an error
 * message.
 *
 * Every request goes through the outbound guard (http/outbound-guard.ts): the baseUrl and each address its name
 * resolves to must be public, on the scheme's standard port, unless OUTBOUND_ALLOW_HOSTS trusts it; a refused
 * address is NOT_CONFIGURED (not retried). Redirects are not followed: a 3xx is a refusal. What the service wrote in
 * a refusal (its 4xx body) is never put in the error message, which reaches the officer's screen, the worklog and
 * the audit: it is kept in `detail`, for the server log only.
 */
export function httpClient(service: string, config: SystemConfig, breaker: CircuitBreaker) {
  const base = (config.baseUrl ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(base)) throw new AdapterError('NOT_CONFIGURED', `${service}: no baseUrl configured for the http adapter`, false);

  async function attempt<T>(method: 'GET' | 'POST', path: string, body: unknown, headers: Record<string, string>, parse: (json: unknown) => T | null): Promise<HttpReply<T> | null> {
    const secret = config.credentialEnv ? namedSecret(config.credentialEnv) : undefined;
    let res: { status: number; text: string };
    try {
      res = await outboundRequest(base + path, {
        method,
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: config.timeoutMs,
        maxBytes: MAX_REPLY_BYTES,
      });
    } catch (e) {
      if (e instanceof OutboundRefused) throw new AdapterError('NOT_CONFIGURED', `${service}: the configured address is not allowed: ${e.reason}`, false);
      if (e instanceof ReplyTooLarge) throw new AdapterError('MALFORMED', `${service} sent a reply above ${MAX_REPLY_BYTES} bytes`, true);
      throw (e as Error).name === 'TimeoutError'
        ? new AdapterError('TIMEOUT', `${service} did not answer within ${config.timeoutMs} ms`, true)
        : new AdapterError('UNAVAILABLE', `${service} could not be reached`, true);
    }
    const raw = res.text;
    if (res.status === 404 && method === 'GET') return null;
    if (res.status >= 500 || res.status === 429) throw new AdapterError('UNAVAILABLE', `${service} answered HTTP ${res.status}`, true, detailOf(raw));
    if (res.status >= 300 && res.status < 400) throw new AdapterError('REJECTED', `${service} answered with a redirect (HTTP ${res.status}), which is not followed: set its baseUrl to the final address`, false);
    // The status class only: the code and the service's text go to the server log (detail), not to the caller.
    if (res.status >= 400) throw new AdapterError('REJECTED', `${service} refused the request (HTTP 4xx)`, false, `HTTP ${res.status}${detailOf(raw) ? `: ${detailOf(raw)}` : ''}`);
    if (res.status < 200) throw new AdapterError('MALFORMED', `${service} answered HTTP ${res.status}`, true);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new AdapterError('MALFORMED', `${service} sent a reply that is not JSON`, true);
    }
    const value = parse(json);
    if (value === null) throw new AdapterError('MALFORMED', `${service} sent a reply without the expected fields`, true);
    return { value, status: res.status };
  }

  return {
    /** One logical call: attempts until an answer, a refusal, or the retries are spent. GET 404 → null. */
    async call<T>(method: 'GET' | 'POST', path: string, body: unknown, parse: (json: unknown) => T | null, headers: Record<string, string> = {}): Promise<HttpReply<T> | null> {
      for (let n = 0; ; n++) {
        breaker.before(service);
        try {
          const reply = await attempt(method, path, body, headers, parse);
          breaker.success();
          return reply;
        } catch (e) {
          const err = e as AdapterError;
          // A refusal means the service is up: it does not count against the breaker. An address the guard refused was
          // never reached: neither.
          if (err.kind === 'REJECTED' || err.kind === 'NOT_CONFIGURED') breaker.success();
          else breaker.failure();
          // A malformed reply is not retried at once: the same service gives the same answer a moment later.
          if (!err.retryable || err.kind === 'MALFORMED' || n >= config.retries) throw err;
          await sleep(config.backoffMs * 2 ** n * (0.75 + Math.random() * 0.5));
        }
      }
    },
  };
}

/** The service's own message in an error reply, bounded: for the server log only (AdapterError.detail). */
function detailOf(raw: string): string | undefined {
  try {
    const m = (JSON.parse(raw) as { message?: unknown }).message;
    return typeof m === 'string' && m ? m.slice(0, 200) : undefined;
  } catch {
    return raw ? `${raw.length} bytes, not JSON` : undefined;
  }
}
