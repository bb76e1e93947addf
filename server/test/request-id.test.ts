import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { outboundRequest } from '../src/http/outbound-request';
import { openTestDb } from './helpers/test-db';

/**
 * Correlation: the request id on every log line of a request and on its reply (x-request-id), a caller's W3C
 * traceparent continued, and the trace carried to what the request calls out to (a loopback double standing for an
 * external system, opted in through OUTBOUND_ALLOW_HOSTS like the credit tests' double).
 */
let app: FastifyInstance;
let drop: () => Promise<void>;
let tmp: string;
let double: Server;
const seen: IncomingHttpHeaders[] = [];
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  double = createServer((req, res) => {
    seen.push(req.headers);
    res.end('{"ok":true}');
  });
  await new Promise<void>((r) => double.listen(0, '127.0.0.1', r));
  const allow = `127.0.0.1:${(double.address() as AddressInfo).port}`;
  process.env.OUTBOUND_ALLOW_HOSTS = allow;
  tmp = mkdtempSync(join(tmpdir(), 'lendline-reqid-'));
  const env = loadEnv({ DATA_DIR: join(tmp, 'data'), RELEASES_DIR: join(tmp, 'releases'), SHELL_DIR: join(tmp, 'shell'), LOG_LEVEL: 'info' });
  const opened = await openTestDb();
  drop = opened.drop;
  app = await buildApp({ env, db: opened.db, logStream: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  // A handler that calls an external system, as the credit adapters do (adapters/credit/http-client.ts).
  app.get('/test/outbound', { config: { public: true } }, async (request) => {
    request.log.info('calling the double');
    return (await outboundRequest(`http://${allow}/score`, { method: 'GET', headers: {}, timeoutMs: 2000, maxBytes: 1000 })).text;
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  double.close();
  rmSync(tmp, { recursive: true, force: true });
});

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('request id and trace context', () => {
  test('every reply carries x-request-id, and every log line of that request carries it', async () => {
    const res = await app.inject({ method: 'GET', url: '/v3/taskconfigs/worklogs/APP-1' }); // 401: no session
    expect(res.statusCode).toBe(401);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    const mine = lines.filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(new Set(mine.map((l) => l.traceId)).size).toBe(1);
    const other = await app.inject({ method: 'GET', url: '/health' });
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  test("a caller's traceparent is continued: same trace id in the logs, traceresponse and the outbound call", async () => {
    const res = await app.inject({ method: 'GET', url: '/test/outbound', headers: { traceparent: `00-${TRACE}-00f067aa0ba902b7-01` } });
    expect(res.statusCode).toBe(200);
    const id = res.headers['x-request-id'] as string;
    expect(res.headers.traceresponse).toBe(`00-${TRACE}-${id}-01`);
    const mine = lines.filter((l) => l.reqId === id);
    expect(mine.find((l) => l.msg === 'calling the double')?.traceId).toBe(TRACE);
    const sent = seen.at(-1)!.traceparent as string;
    // The external system sees our trace with a new child span (neither the caller's nor ours).
    expect(sent).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`));
    expect(sent).not.toContain(id);
    expect(sent).not.toContain('00f067aa0ba902b7');
  });

  test('a malformed or all-zero traceparent starts a new trace; text from it never reaches logs or headers', async () => {
    for (const bad of ['00-zzzz-00f067aa0ba902b7-01', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`, `00-${TRACE}-00f067aa0ba902b7-01\nforged: 1`]) {
      const res = await app.inject({ method: 'GET', url: '/test/outbound', headers: { traceparent: bad.replace('\n', ' ') } });
      expect(res.statusCode).toBe(200);
      const trace = (res.headers.traceresponse as string).split('-')[1];
      expect(trace).not.toBe(TRACE);
      expect(trace).not.toBe('0'.repeat(32));
      expect(seen.at(-1)!.traceparent).toContain(trace);
    }
  });

  test('an outbound call outside any request (the money-call runner) still starts a trace of its own', async () => {
    await outboundRequest(`http://${process.env.OUTBOUND_ALLOW_HOSTS}/x`, { method: 'GET', headers: {}, timeoutMs: 2000, maxBytes: 1000 });
    expect(seen.at(-1)!.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });
});
