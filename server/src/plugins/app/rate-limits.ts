import fp from 'fastify-plugin';
import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { ERROR_CODES, ERROR_MESSAGES } from '@lendline/shared/contract';
import type { RateLimitEnv } from '../../config/env';
import { HttpError } from '../../domain/errors';
import { RATE_LIMIT_RULES, type RateLimitKey, type RateLimitName, type RateLimitRule } from './rate-limit-rules';

declare module 'fastify' {
  interface FastifyInstance {
    /** Names of the RATE_LIMIT_RULES that found their route (a renamed route would silently lose its limit). */
    rateLimitedRoutes: Set<RateLimitName>;
  }
}

/** The §8 body of a refused request: the client's modal shows the reason. */
export function tooManyRequests(seconds: number): HttpError {
  return new HttpError(429, {
    code: ERROR_CODES.VALIDATION_FAILED,
    message: ERROR_MESSAGES[ERROR_CODES.VALIDATION_FAILED],
    data: [{ reason: `Too many requests; try again in ${seconds} second${seconds === 1 ? '' : 's'}` }],
  });
}

const keyOf: Record<RateLimitKey, (request: FastifyRequest) => string> = {
  ip: (request) => `ip:${normalizeIP(request.ip)}`,
  // Route-level onRequest hooks run after the auth hook, so request.user is known here.
  caller: (request) => (request.user?.kind === 'STAFF' ? `user:${request.user.userId}` : `ip:${normalizeIP(request.ip)}`),
};

/**
 * Fixed-window counts in this process's memory, one map for every route: keys carry the rule name (groupId), so a
 * GET and the HEAD Fastify adds for it share one count (the plugin's own store keeps one per route). At most
 * MAX_KEYS clients are remembered; past that the least recently counted is forgotten.
 */
class WindowStore implements FastifyRateLimitStore {
  static readonly MAX_KEYS = 50_000;
  private readonly windows = new Map<string, { count: number; start: number }>();

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    const now = Date.now();
    const open = this.windows.get(key);
    const w = open && open.start + timeWindow > now ? open : { count: 0, start: now };
    w.count++;
    this.windows.delete(key); // re-inserted last: Map order is then least recently counted first
    this.windows.set(key, w);
    if (this.windows.size > WindowStore.MAX_KEYS) this.windows.delete(this.windows.keys().next().value as string);
    callback(null, { current: w.count, ttl: w.start + timeWindow - now });
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/**
 * Per-route request limits by URL (RATE_LIMIT_RULES), applied from here so the routes' own files stay as they are:
 * an onRoute hook, added before @fastify/rate-limit's, gives each listed route its config.rateLimit. Counts live in
 * this process's memory (WindowStore; the plugin's Redis store needs ioredis, which Lendline does not ship); several processes
 * each count on their own, the database-backed login lockout holds across them. Refusals: 429, Retry-After, §8 body.
 */
export default fp<RateLimitEnv>(
  async (app, opts) => {
    app.decorate('rateLimitedRoutes', new Set<RateLimitName>());
    if (!opts.enabled) return;
    const rules = Object.entries(RATE_LIMIT_RULES).map(([name, rule]: [string, RateLimitRule]) => ({
      name: name as RateLimitName,
      ...rule,
      ...opts.overrides[name as RateLimitName],
    }));
    app.addHook('onRoute', (route) => {
      const methods = methodsOf(route);
      // GET rules also cover the HEAD route Fastify adds: HEAD runs the same handler.
      const rule = rules.find((r) => r.url === route.url && (methods.includes(r.method) || (r.method === 'GET' && methods.includes('HEAD'))));
      if (!rule) return;
      route.config = {
        ...route.config,
        rateLimit: { max: rule.max, timeWindow: rule.windowSeconds * 1000, keyGenerator: keyOf[rule.key], groupId: `:${rule.name}` },
      } as typeof route.config;
      app.rateLimitedRoutes.add(rule.name);
    });
    await app.register(rateLimit, {
      global: false,
      store: WindowStore,
      // Retry-After on refusals; no X-RateLimit-* on every answer (they tell a guesser exactly how far to go).
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
      errorResponseBuilder: (_request, context) => tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
    app.addHook('onReady', async () => {
      const missing = rules.filter((r) => !app.rateLimitedRoutes.has(r.name)).map((r) => `${r.method} ${r.url}`);
      if (missing.length) app.log.warn({ missing }, 'rate limits with no route: those URLs are not limited');
    });
  },
  { name: 'rate-limits', dependencies: ['errors'] },
);
