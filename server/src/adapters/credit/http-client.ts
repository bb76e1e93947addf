import { setTimeout as sleep } from 'node:timers/promises';
import { AdapterError, type SystemConfig } from './types';

/** Replies above this are refused as malformed: no external answer needs a megabyte, and the raw copy is kept. */
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
  raw: string;
  status: number;
}

/**
 * JSON over HTTP to one configured service, with what a call to a real service needs: a timeout per attempt, retries
 * with exponential backoff and jitter for what may succeed the next time (timeouts, refused connections, 5xx, 429),
 * none for refusals (other 4xx), and the circuit breaker. `parse` checks the reply's shape; a reply that is not JSON or
 * not that shape is MALFORMED. The credential is read from the environment variable the config names, at call time,
 * and sent as a bearer token; it never appears in an error message.
 */
export function httpClient(service: string, config: SystemConfig, breaker: CircuitBreaker) {
  const base = (config.baseUrl ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(base)) throw new AdapterError('NOT_CONFIGURED', `${service}: no baseUrl configured for the http adapter`, false);

  async function attempt<T>(method: 'GET' | 'POST', path: string, body: unknown, headers: Record<string, string>, parse: (json: unknown) => T | null): Promise<HttpReply<T> | null> {
    const secret = config.credentialEnv ? process.env[config.credentialEnv] : undefined;
    let res: Response;
    try {
      res = await fetch(base + path, {
        method,
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (e) {
      const timedOut = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError';
      throw timedOut
        ? new AdapterError('TIMEOUT', `${service} did not answer within ${config.timeoutMs} ms`, true)
        : new AdapterError('UNAVAILABLE', `${service} could not be reached`, true);
    }
    let raw: string;
    try {
      raw = await res.text();
    } catch {
      throw new AdapterError('TIMEOUT', `${service} did not finish its reply within ${config.timeoutMs} ms`, true);
    }
    if (res.status === 404 && method === 'GET') return null;
    if (res.status >= 500 || res.status === 429) throw new AdapterError('UNAVAILABLE', `${service} answered HTTP ${res.status}`, true);
    if (res.status >= 400) throw new AdapterError('REJECTED', `${service} refused the request (HTTP ${res.status})${messageOf(raw)}`, false);
    if (Buffer.byteLength(raw) > MAX_REPLY_BYTES) throw new AdapterError('MALFORMED', `${service} sent a reply above ${MAX_REPLY_BYTES} bytes`, true);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new AdapterError('MALFORMED', `${service} sent a reply that is not JSON`, true);
    }
    const value = parse(json);
    if (value === null) throw new AdapterError('MALFORMED', `${service} sent a reply without the expected fields`, true);
    return { value, raw, status: res.status };
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
          // A refusal means the service is up: it does not count against the breaker.
          if (err.kind === 'REJECTED') breaker.success();
          else breaker.failure();
          // A malformed reply is not retried at once: the same service gives the same answer a moment later.
          if (!err.retryable || err.kind === 'MALFORMED' || n >= config.retries) throw err;
          await sleep(config.backoffMs * 2 ** n * (0.75 + Math.random() * 0.5));
        }
      }
    },
  };
}

/** The refusing service's own message, bounded, for the officer to read. */
function messageOf(raw: string): string {
  try {
    const m = (JSON.parse(raw) as { message?: unknown }).message;
    return typeof m === 'string' && m ? `: ${m.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}
