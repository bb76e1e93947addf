import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';

/**
 * The Janus proxy against a stand-in gateway on loopback that answers the way Janus does when its token check fails
 * (a bare 403, empty body), or with something that is not JSON: the browser gets a §8 403 or 502, never a 500.
 */
let t: TestApp;
let gateway: Server;
let answer: { status: number; body: string; type?: string } = { status: 403, body: '' };
const seen: string[] = [];

beforeAll(async () => {
  gateway = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(answer.status, answer.type ? { 'content-type': answer.type } : {});
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const port = (gateway.address() as AddressInfo).port;
  t = await createTestApp({ JANUS_URL: `http://127.0.0.1:${port}/janus`, VIDEO_RECORDING: 'off' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => gateway.close(resolve));
});

describe(`Janus proxy refusals on ${dbKind()}`, () => {
  test("GET /video/janus/1?maxev=1 without a session: Janus's empty 403 is passed on as a §8 403", async () => {
    answer = { status: 403, body: '' };
    const res = await t.app.inject({ method: 'GET', url: '/video/janus/1?maxev=1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'janus', reason: 'The video gateway refused the request: join the call again' }] });
    expect(seen).toContain('GET /janus/1?maxev=1');
  });

  test('a POST refused by Janus with a bare 403 is a 403 too', async () => {
    answer = { status: 403, body: '' };
    const res = await t.app.inject({ method: 'POST', url: '/video/janus', payload: { janus: 'create', transaction: 'x' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 1101, data: [{ label: 'janus' }] });
  });

  test("a gateway answer that is not JSON is a 502 that does not echo it; Janus's JSON is still passed through", async () => {
    answer = { status: 200, body: '<html>secret internal page</html>', type: 'text/html' };
    const res = await t.app.inject({ method: 'GET', url: '/video/janus/1?maxev=1' });
    expect(res.statusCode).toBe(502);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toMatchObject({ code: 1100, data: [{ label: 'video' }] });

    answer = { status: 200, body: JSON.stringify({ janus: 'keepalive' }), type: 'application/json' };
    const ok = await t.app.inject({ method: 'GET', url: '/video/janus/1?maxev=1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ janus: 'keepalive' });
  });
});
