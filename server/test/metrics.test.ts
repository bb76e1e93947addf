import { testAppWith } from './helpers/test-app';
import { loginAs } from './helpers/login';
import { loadEnv } from '../src/config/env';

/** /metrics: what an operator's Prometheus sees after a few requests, and who may read it (README "Metrics"). */
const t = testAppWith();

const scrape = async (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') => t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** The value of one series (name and exact label set as printed), or undefined when absent. */
function series(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name + '{')) continue;
    const body = line.slice(name.length + 1, line.lastIndexOf('}'));
    const got = Object.fromEntries([...body.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v) && Object.keys(got).length === Object.keys(labels).length) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics', () => {
  test('request counts and latency histograms per route PATTERN and status, with the process, database, socket, queue and limit figures', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    // Without a session: 401, counted under the route's pattern, never the raw URL with its id.
    expect((await t.app.inject({ method: 'GET', url: '/v3/taskconfigs/worklogs/APP-SECRET-123' })).statusCode).toBe(401);
    const { headers } = await loginAs(t.app, 'cpa1');
    expect((await t.app.inject({ method: 'GET', url: '/v3/taskconfigs/worklogs/APP-0001', headers })).statusCode).toBeLessThan(500);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(series(text, 'http_requests_total', { method: 'GET', route: '/health', status_code: '200' })).toBe(3);
    expect(series(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/health', status_code: '200' })).toBe(3);
    expect(series(text, 'http_request_duration_seconds_bucket', { method: 'GET', route: '/health', status_code: '200', le: '+Inf' })).toBe(3);
    expect(series(text, 'http_requests_total', { method: 'GET', route: '/v3/taskconfigs/worklogs/:application_id', status_code: '401' })).toBe(1);
    expect(text).not.toContain('APP-SECRET-123');
    expect(series(text, 'http_requests_total', { method: 'POST', route: '/v3/auth/login', status_code: '200' })).toBe(1);
    // prom-client's defaults: event-loop lag and memory.
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    // Every query the requests made was timed.
    expect(series(text, 'db_query_duration_seconds_count', { db: t.app.db.kind, outcome: 'ok' })).toBeGreaterThan(3);
    if (t.app.db.kind === 'postgres') expect(series(text, 'db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
    expect(text).toMatch(/^socket_open 0$/m);
    expect(text).toContain('# TYPE socket_events_total counter');
    expect(series(text, 'money_calls', { state: 'QUEUED' })).toBe(0);
    expect(series(text, 'money_calls', { state: 'FAILED' })).toBe(0);
    expect(text).toMatch(/^money_calls_oldest_queued_age_seconds 0$/m);
    expect(text).toMatch(/^uploads_in_flight 0$/m);
    expect(text).toMatch(/^login_lockouts 0$/m);
    expect(text).toContain('# TYPE rate_limit_refusals_total counter');
  });

  test('a QUEUED money call (here waiting out a retry backoff, so the runner leaves it) shows with the age of the oldest', async () => {
    await t.app.db.query(
      `INSERT INTO integration_calls (call_id, application_id, operation, request, requested_by, state, run_after, created_at, updated_at)
       SELECT 'metrics-call-1', application_id, 'LOAN_CREATION', '{}'::jsonb, 'cpa1', 'QUEUED', now() + interval '1 hour', now() - interval '90 seconds', now() FROM applications LIMIT 1`,
    );
    await new Promise((r) => setTimeout(r, 1100)); // the database gauges are cached for a second
    const text = (await scrape()).body;
    expect(series(text, 'money_calls', { state: 'QUEUED' })).toBe(1);
    const age = Number(/^money_calls_oldest_queued_age_seconds (\S+)$/m.exec(text)![1]);
    expect(age).toBeGreaterThanOrEqual(90);
    await t.app.db.query(`DELETE FROM integration_calls WHERE call_id = 'metrics-call-1'`);
  });

  test('loopback only by default: another address, or a proxied request, gets what an unknown path gets', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-thing', remoteAddress: '203.0.113.9' });
    const remote = await scrape({}, '203.0.113.9');
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('http_requests_total');
    expect(remote.json()).toEqual({ ...unknown.json(), message: unknown.json().message.replace('/no-such-thing', '/metrics') });
    const proxied = await scrape({ 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const tokened = testAppWith({ METRICS_TOKEN: 'scrape-secret-0123456789' });

  test('any address with the bearer token; without it, 401 even from loopback', async () => {
    const ok = await tokened.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer scrape-secret-0123456789' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# TYPE http_request_duration_seconds histogram');
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', 'scrape-secret-0123456789']) {
      const res = await tokened.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toEqual({ code: 401, message: 'Unauthorized' });
    }
  });

  test('a short or spaced token stops the start', () => {
    expect(() => loadEnv({ DATA_DIR: '/tmp/x', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be 16-256 printable characters/);
  });
});
