#!/usr/bin/env node
// What /metrics and the request id add to each request (issue 32), measured on the work itself: the per-request
// histogram + counter update (route pattern, method, status), the trace context (random ids, AsyncLocalStorage
// around the handler), and one timed query. `node bench/metrics-overhead.mjs` prints µs per request and writes
// bench/results/metrics-overhead.json. The whole request costs ~0.3-3 ms on this machine (GET /health to a list page).
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Registry, Histogram, Counter } = require('prom-client');
const register = new Registry();
const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const labelNames = ['method', 'route', 'status_code'];
const h = new Histogram({ name: 'http_request_duration_seconds', help: 'x', labelNames, buckets: BUCKETS, registers: [register] });
const c = new Counter({ name: 'http_requests_total', help: 'x', labelNames, registers: [register] });
const q = new Histogram({ name: 'db_query_duration_seconds', help: 'x', labelNames: ['db', 'outcome'], buckets: BUCKETS, registers: [register] });
const routes = Array.from({ length: 150 }, (_, i) => `/v3/route/${i}/:application_id`);
const als = new AsyncLocalStorage();

let pool = Buffer.alloc(0);
let at = 0;
function hex(bytes) {
  if (at + bytes > pool.length) {
    pool = randomBytes(4096);
    at = 0;
  }
  const s = pool.toString('hex', at, at + bytes);
  at += bytes;
  return s;
}

const N = 200_000;
function time(name, fn) {
  for (let i = 0; i < 10_000; i++) fn(i); // warm-up
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) fn(i);
  return { name, usPerRequest: Number(process.hrtime.bigint() - t0) / N / 1000 };
}
const rows = [
  time('metrics: histogram + counter per request', (i) => {
    const labels = { method: i % 5 ? 'GET' : 'POST', route: routes[i % routes.length], status_code: i % 17 ? '200' : '400' };
    h.observe(labels, (i % 100) / 1000);
    c.inc(labels);
  }),
  time('trace: ids (pooled random) + AsyncLocalStorage.run twice', () => {
    const t = { traceId: hex(16), spanId: hex(8) };
    als.run(t, () => als.run(t, () => als.getStore()));
  }),
  time('one timed query (hrtime + observe)', (i) => {
    const s = process.hrtime.bigint();
    q.observe({ db: 'pglite', outcome: 'ok' }, Number(process.hrtime.bigint() - s) / 1e9 + (i % 10) / 1000);
  }),
];
const t0 = process.hrtime.bigint();
const text = await register.metrics();
const scrapeMs = Number(process.hrtime.bigint() - t0) / 1e6;
console.table(rows.map((r) => ({ ...r, usPerRequest: r.usPerRequest.toFixed(2) })));
console.log(`one scrape of ${text.split('\n').length} lines (150 routes × a few statuses): ${scrapeMs.toFixed(1)} ms`);
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/metrics-overhead.json', import.meta.url), JSON.stringify({ at: new Date().toISOString(), rows, scrapeMs }, null, 2) + '\n');
