import fp from 'fastify-plugin';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { observeQueries } from '../../db/instrumented';
import { lockedOutNames, moneyCallQueue } from '../../domain/platform/ops-gauges';
import { stpFigures, type StpFigures } from '../../domain/stp/figures';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus exposition and who may read it (routes/platform/metrics.ts serves it). */
    metrics: { exposition(): Promise<string>; contentType: string; allowed(request: FastifyRequest): boolean; tokenRequired: boolean };
  }
}

/** Latency buckets (seconds) for HTTP requests and queries: 1 ms … 10 s, what a list page or a query may take. */
const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read /metrics. With METRICS_TOKEN: whoever sends `Authorization: Bearer <token>` (compared in constant
 * time). Without: loopback callers only — the socket's own peer, and only when no proxy header says the request came
 * from further away (a reverse proxy on the same host must not expose the metrics to the internet).
 */
function allowed(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const m = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    return !!m && timingSafeEqual(digest(m[1]), digest(token));
  }
  const h = request.headers;
  return LOOPBACK.test(request.raw.socket.remoteAddress ?? '') && !h['x-forwarded-for'] && !h.forwarded && !h['x-real-ip'];
}

/**
 * Prometheus exposition (prom-client) for an operator's dashboards and alerts (README "Metrics"). Conventional names:
 * prom-client's process and Node.js defaults (event-loop lag, memory, CPU, handles), `http_request_duration_seconds`
 * (histogram) and `http_requests_total` per method, route PATTERN (never the raw URL: ids would explode the series)
 * and status (including 404s and refusals); `db_query_duration_seconds` and the PostgreSQL pool; the notification socket (open sockets, events in
 * and out); the money-call queue; uploads in flight; rate-limit refusals and locked-out names. Gauges that need the
 * database are read at scrape time. One registry per app (tests build several).
 */
export default fp<{ token?: string }>(
  async (app, opts) => {
    const register = new Registry();
    collectDefaultMetrics({ register });
    const labelNames = ['method', 'route', 'status_code'] as const;
    const duration = new Histogram({ name: 'http_request_duration_seconds', help: 'HTTP request duration in seconds, per route pattern and status', labelNames, buckets: BUCKETS, registers: [register] });
    const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, per route pattern and status', labelNames, registers: [register] });
    const refusals = new Counter({ name: 'rate_limit_refusals_total', help: 'Requests refused with 429 (per-route limits and the login throttle), per route pattern', labelNames: ['route'], registers: [register] });
    const uploads = new Gauge({ name: 'uploads_in_flight', help: 'Multipart uploads being received right now', registers: [register] });
    const query = new Histogram({ name: 'db_query_duration_seconds', help: 'Database query duration in seconds', labelNames: ['db', 'outcome'], buckets: BUCKETS, registers: [register] });
    const socketEvents = new Counter({ name: 'socket_events_total', help: 'Notification socket events, received (in) and sent (out); rate() gives events per second', labelNames: ['direction'], registers: [register] });

    const kind = app.db.kind;
    observeQueries(app.db, (seconds, ok) => query.observe({ db: kind, outcome: ok ? 'ok' : 'error' }, seconds));
    if (app.db.poolStats) {
      const pool = app.db.poolStats.bind(app.db);
      new Gauge({
        name: 'db_pool_connections',
        help: 'PostgreSQL pool connections by state (total, idle, max) and requests waiting for one (waiting)',
        labelNames: ['state'],
        registers: [register],
        collect() {
          const p = pool();
          for (const [state, v] of Object.entries(p)) this.set({ state }, v);
        },
      });
    }
    new Gauge({
      name: 'socket_open',
      help: 'Notification sockets open on this process',
      registers: [register],
      collect() {
        this.set(app.hasDecorator('io') ? app.io.of('/').sockets.size : 0);
      },
    });
    const queue = { at: 0, value: undefined as Awaited<ReturnType<typeof moneyCallQueue>> | undefined, locked: 0 };
    // Scraped every few seconds by several Prometheus replicas: the database is asked at most once a second.
    const dbGauges = async () => {
      if (Date.now() - queue.at < 1000 && queue.value) return queue;
      const [value, locked] = await Promise.all([moneyCallQueue(app.db), lockedOutNames(app.db)]);
      return Object.assign(queue, { at: Date.now(), value, locked });
    };
    new Gauge({
      name: 'money_calls',
      help: 'Money calls (loan creation, disbursement, mandate) by state: QUEUED (due, not yet sent), SENT (awaiting confirmation), FAILED (staff must retry)',
      labelNames: ['state'],
      registers: [register],
      async collect() {
        const { value } = await dbGauges();
        for (const [state, n] of Object.entries(value!.byState)) this.set({ state }, n);
      },
    });
    new Gauge({
      name: 'money_calls_oldest_queued_age_seconds',
      help: 'Age in seconds of the oldest QUEUED money call, counted from its request (0 when none waits)',
      registers: [register],
      async collect() {
        this.set((await dbGauges()).value!.oldestQueuedSeconds);
      },
    });
    new Gauge({
      name: 'login_lockouts',
      help: 'User names locked out of signing in right now (all processes)',
      registers: [register],
      async collect() {
        this.set((await dbGauges()).locked);
      },
    });

    // Straight-through processing (issue 29): the last 24 hours of submissions, read at scrape time at most once a second.
    const stp = { at: 0, value: undefined as StpFigures | undefined };
    const stpNow = async () => {
      if (Date.now() - stp.at >= 1000 || !stp.value) Object.assign(stp, { at: Date.now(), value: await stpFigures(app.db, { from: new Date(Date.now() - 86400000), to: new Date(Date.now() + 60000) }) });
      return stp.value!;
    };
    new Gauge({
      name: 'stp_applications_24h', help: 'Applications submitted in the last 24 hours, by straight-through result: submitted (all), decided (with nobody touching them), running',
      labelNames: ['result'], registers: [register],
      async collect() {
        const f = await stpNow();
        this.set({ result: 'submitted' }, f.submitted);
        this.set({ result: 'decided' }, f.straightThrough);
        this.set({ result: 'running' }, f.running);
      },
    });
    new Gauge({
      name: 'stp_share_24h', help: 'Share (0-1) of the last 24 hours\' submissions decided straight through', registers: [register],
      async collect() {
        this.set((await stpNow()).share);
      },
    });
    new Gauge({
      name: 'stp_decision_seconds_24h', help: 'Submission to decision in seconds over the last 24 hours, by quantile (0.5, 0.95); absent when nothing was decided',
      labelNames: ['quantile'], registers: [register],
      async collect() {
        const f = await stpNow();
        this.reset();
        if (f.p50Seconds !== null) this.set({ quantile: '0.5' }, f.p50Seconds);
        if (f.p95Seconds !== null) this.set({ quantile: '0.95' }, f.p95Seconds);
      },
    });
    new Gauge({
      name: 'stp_referrals_24h', help: 'Why the last 24 hours\' submissions went to an officer, by reason code (engine rule, failure, knock-out, not eligible)',
      labelNames: ['reason'], registers: [register],
      async collect() {
        const f = await stpNow();
        this.reset();
        for (const r of f.referralReasons) this.set({ reason: r.code }, r.count);
      },
    });

    app.addHook('onReady', async () => {
      if (!app.hasDecorator('io')) return;
      app.io.on('connection', (socket) => {
        socket.onAny(() => socketEvents.inc({ direction: 'in' }));
        socket.onAnyOutgoing(() => socketEvents.inc({ direction: 'out' }));
      });
    });

    const uploading = new WeakSet<FastifyRequest>();
    app.addHook('onRequest', async (request) => {
      if (request.headers['content-type']?.startsWith('multipart/')) {
        uploading.add(request);
        uploads.inc();
      }
    });
    const uploadEnded = (request: FastifyRequest) => {
      if (uploading.delete(request)) uploads.dec();
    };
    app.addHook('onRequestAbort', async (request) => uploadEnded(request));
    app.addHook('onResponse', async (request, reply) => {
      uploadEnded(request);
      // The pattern Fastify matched; unmatched paths (404s, scanners) share one series.
      const route = request.is404 ? '<unmatched>' : (request.routeOptions.url ?? '<unmatched>');
      const labels = { method: request.method, route, status_code: String(reply.statusCode) };
      duration.observe(labels, reply.elapsedTime / 1000);
      requests.inc(labels);
      if (reply.statusCode === 429) refusals.inc({ route });
    });

    app.decorate('metrics', { exposition: () => register.metrics(), contentType: register.contentType, allowed: (request: FastifyRequest) => allowed(request, opts.token), tokenRequired: !!opts.token });
    app.addHook('onClose', async () => register.clear());
  },
  { name: 'metrics', dependencies: ['db'] },
);
