import { connect } from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { call } from './documents/fixtures';

// Slow clients (http/timeouts.ts): a socket that trickles its body or its headers is closed when the configured
// deadline passes, on a real loopback listener (inject has no sockets). The deadlines are short here (env).

const BODY_MS = 600;
const UPLOAD_MS = 1500;
const HEADERS_MS = 1000;
let t: TestApp;
let port = 0;
let staff: Record<string, string> = {};
let appId = '';

beforeAll(async () => {
  t = await createTestApp({ BODY_TIMEOUT_MS: String(BODY_MS), UPLOAD_TIMEOUT_MS: String(UPLOAD_MS), HEADERS_TIMEOUT_MS: String(HEADERS_MS), BODY_LIMIT_BYTES: '100000', RATE_LIMIT: 'off' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  staff = (await loginAs(t.app, 'cpa1')).headers;
  const r = await call(t.app, { method: 'POST', url: '/v3/application/save', headers: staff, payload: { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Meera' }], customFields: { loanAmount: 500000, tenureMonths: 24 } } });
  expect(r.status).toBe(201);
  appId = r.body.data.application_id;
}, 180_000);
afterAll(() => t.close());

/**
 * Opens a socket, writes `head` at once, then 5 bytes every 100 ms; resolves when the server closes the socket (or
 * after `giveUpMs`, closing it itself) with how long that took and what the server sent.
 */
function trickle(head: string, giveUpMs = 10_000): Promise<{ ms: number; reply: string; closedByServer: boolean }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    let timer: NodeJS.Timeout | undefined;
    let closedByServer = true;
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => socket.writable && socket.write('aaaaa'), 100);
    });
    socket.on('data', (d) => (reply += d.toString('latin1')));
    socket.on('error', () => undefined); // a reset after the server's close
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ ms: Date.now() - started, reply, closedByServer });
    });
    const giveUp = setTimeout(() => {
      closedByServer = false;
      socket.destroy();
    }, giveUpMs);
  });
}

const post = (path: string, headers: Record<string, string>) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;

describe(`slow clients on ${dbKind()}`, () => {
  test('an unauthenticated login whose body trickles (Content-Length 4000, 5 bytes / 100 ms) is answered 408 and closed at the body timeout', async () => {
    const r = await trickle(post('/v3/auth/login', { 'Content-Type': 'application/json', 'Content-Length': '4000' }));
    expect(r.closedByServer).toBe(true);
    expect(r.ms).toBeGreaterThanOrEqual(BODY_MS - 50);
    expect(r.ms).toBeLessThan(BODY_MS + 2000);
    expect(r.reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(r.reply.slice(r.reply.indexOf('\r\n\r\n') + 4))).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'body', reason: 'was not received in time' }] });
  });

  test('an authenticated upload that trickles gets the longer upload timeout, then is closed, leaving no staged file', async () => {
    const boundary = 'lendline-slow';
    const r = await trickle(
      post(`/api/uploadLocalFiletoS3?app_id=${appId}`, { ...staff, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': '4000' }) +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    expect(r.closedByServer).toBe(true);
    expect(r.ms).toBeGreaterThanOrEqual(UPLOAD_MS - 50);
    expect(r.ms).toBeLessThan(UPLOAD_MS + 2000);
    const staging = join(t.env.dataDir, 'tmp');
    await new Promise((res) => setTimeout(res, 200)); // the cut upload's staged file is discarded asynchronously
    expect(existsSync(staging) ? readdirSync(staging) : []).toEqual([]);
  });

  test('an unauthenticated upload (answered 401 before its body) that keeps trickling is closed at the upload timeout too', async () => {
    const r = await trickle(post(`/api/uploadLocalFiletoS3?app_id=${appId}`, { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': '4000' }));
    expect(r.closedByServer).toBe(true);
    expect(r.ms).toBeLessThan(UPLOAD_MS + 2000);
    expect(r.reply).toMatch(/^HTTP\/1\.1 401 /);
  });

  test('headers that trickle are cut at the header timeout', async () => {
    const r = await trickle('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(r.closedByServer).toBe(true);
    expect(r.ms).toBeLessThan(HEADERS_MS + 2000);
    expect(r.reply).not.toMatch(/^HTTP\/1\.1 200/);
  });

  test('a request whose body arrives in time is answered normally, and the server keeps serving after the cuts', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/v3/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'cpa1', password: 'not-rsa' }) });
    expect(res.status).not.toBe(408);
    expect(res.status).toBeLessThan(500);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  });
});

describe(`a body over BODY_LIMIT_BYTES on ${dbKind()}`, () => {
  test('is answered 413 in §8 shape (not 400)', async () => {
    const r = await call(t.app, { method: 'POST', url: '/v3/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'x'.repeat(150_000), password: 'y' }) });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'body', reason: 'is larger than the server accepts' }] });
  });

  test('is answered 413 over a real socket too, for a staff route', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/v3/application/save`, { method: 'POST', headers: { 'content-type': 'application/json', ...staff }, body: JSON.stringify({ pad: 'x'.repeat(150_000) }) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 1101, data: [{ label: 'body' }] });
  });
});
