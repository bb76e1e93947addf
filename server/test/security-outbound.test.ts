import { readFileSync } from 'node:fs';
import { applicantConsentsToBureau } from './helpers/bureau-consent';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { AdapterError, DEFAULT_CONFIG, type SystemConfig } from '../src/adapters/credit';
import { httpBureau, httpMoney } from '../src/adapters/credit/http';
import { checkDestination, guardedLookup, isInternalAddress, parseAllowHosts } from '../src/domain/outbound-guard';
import { loadEnv } from '../src/config/env';
import webpush from 'web-push';
import { loadWebPushEnv } from '../src/config/web-push';
import { endpointAllowed, sendPush } from '../src/domain/notifications/web-push';
import { createTestApp, type TestApp } from './helpers/test-app';
import { startPushReceiver } from './helpers/push-receiver';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';
import { startCreditDouble, type CreditDouble } from './helpers/credit-double';

/**
 * Issue 24, no server-side request to an internal address (SSRF): an admin-set baseUrl of an external system is
 * checked when it is set (POST /externalAPI/configs → §8 400) AND when the server calls it (a config already in the
 * database), for every spelling of loopback, link-local, private and unique-local, after DNS resolution, on a
 * redirect, with another scheme or port. Loopback listeners stand where an attacker would aim: they must receive no
 * connection at all. The credit double is opted in through OUTBOUND_ALLOW_HOSTS (its host:port only) to play the
 * legitimate service that redirects inward, refuses with a message (never echoed), or pads its reply with fields
 * the product does not use (never stored).
 */
let t: TestApp;
let d: CreditDouble;
let sink: Server;
let sink6: Server;
let hits = 0;
let tenant = '';
const headers: Record<string, { access_token: string; sessionId: string }> = {};

const listen = (host: string) =>
  new Promise<Server>((resolve, reject) => {
    const s = createServer((_req, res) => res.end('{"reference":"stolen","score":1,"accounts":[]}'));
    s.on('connection', () => hits++);
    s.once('error', reject);
    s.listen(0, host, () => resolve(s));
  });
const portOf = (s: Server) => (s.address() as AddressInfo).port;

beforeAll(async () => {
  sink = await listen('127.0.0.1');
  sink6 = await listen('::1');
  d = await startCreditDouble();
  process.env.OUTBOUND_ALLOW_HOSTS = d.allowHost; // the double only: the sinks stay unlisted
  t = await createTestApp();
  for (const u of ['admin', 'cpa1']) headers[u] = (await loginAs(t.app, u)).headers;
  tenant = (await call('admin', 'POST', '/externalAPI/configs', {})).body.tenant;
}, 180_000);
afterAll(async () => {
  await t.close();
  await d.close();
  await new Promise((r) => sink.close(r));
  await new Promise((r) => sink6.close(r));
});

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: Json) {
  const res = await t.app.inject({ method, url, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
}

/** Every internal spelling the guard must refuse, aimed at the sinks where a port is given. */
function internalForms() {
  const p = portOf(sink);
  const p6 = portOf(sink6);
  return [
    `http://127.0.0.1:${p}`,
    `http://[::1]:${p6}`,
    `http://localhost:${p}`,
    'http://localhost', // the standard port: refused by what the name resolves to, where the socket connects
    `http://2130706433:${p}`, // decimal
    `http://0x7f000001:${p}`, // hex
    'http://0x7f000001',
    `http://0x7f.1:${p}`,
    `http://0177.0.0.1:${p}`, // octal
    'http://127.1',
    `http://127.1:${p}`,
    'http://[::ffff:127.0.0.1]',
    `http://[::ffff:127.0.0.1]:${p}`,
    `http://[::ffff:7f00:1]:${p}`,
    'http://0.0.0.0',
    'http://[::]',
    'http://169.254.169.254/latest/meta-data',
    'http://[fe80::1]',
    'http://10.0.0.7',
    'http://172.16.4.4',
    'http://192.168.1.1',
    'http://100.64.0.1',
    'http://[fc00::1]',
    'http://[fd12:3456::1]',
    'http://224.0.0.1',
    'http://255.255.255.255',
  ];
}
const applicant = { applicationId: 'APP-SSRF', firstName: 'Meera', lastName: 'Iyer', pan: 'ABCDE0200F', dateOfBirth: '1990-01-01', mobile: '9876543210', monthlyIncome: 100000 };
const cfg = (baseUrl: string): SystemConfig => ({ ...DEFAULT_CONFIG, mode: 'http', baseUrl, timeoutMs: 2000, retries: 0, backoffMs: 0 });
let n = 0;

async function adapterError(fn: () => Promise<unknown>): Promise<AdapterError> {
  try {
    await fn();
  } catch (e) {
    return e as AdapterError;
  }
  throw new Error('the call went through');
}

/** An application of cpa1 whose bureau consent is recorded (what /cibil/obligation needs before it calls out). */
async function application(): Promise<{ id: string; verNum: () => Promise<number> }> {
  const r = await call('cpa1', 'POST', '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Meera', lastName: 'Iyer' }],
    customFields: { panNumber: 'ABCDE0200F', dateOfBirth: '01/01/1990', monthlyIncome: 100000, loanAmount: 500000, tenureMonths: 48 },
  });
  expect(r.status).toBe(201);
  const id = r.body.data.application_id as string;
  await applicantConsentsToBureau(t.app.db, id);
  return { id, verNum: async () => (await t.app.db.query<{ ver_num: number }>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id])).rows[0].ver_num };
}

/** A BUREAU config written straight to the database: what a config stored before the guard, or edited by hand, is. */
async function storeBureauConfig(baseUrl: string) {
  await t.app.db.query(
    `INSERT INTO setup_configs (category, sub_category, tenant, config) VALUES ('ExternalAPI', 'BUREAU', $1, $2)
       ON CONFLICT (category, sub_category, tenant, product_code, ver_num, mode) DO UPDATE SET config = EXCLUDED.config, enabled = true`,
    [tenant, JSON.stringify(cfg(baseUrl))],
  );
}

describe('the address rules', () => {
  test('internal, reserved and mapped addresses are internal; public ones are not', () => {
    for (const a of ['127.0.0.1', '127.255.0.9', '::1', '::', '0.0.0.0', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '169.254.169.254', 'fe80::1', '10.1.2.3', '172.31.255.255', '192.168.0.1', '100.127.0.1', 'fc00::1', 'fdff::1', '224.0.0.251', 'ff02::1', '255.255.255.255', 'not-an-ip']) {
      expect([a, isInternalAddress(a)]).toEqual([a, true]);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2001:4860:4860::8888']) expect([a, isInternalAddress(a)]).toEqual([a, false]);
  });

  test('schemes, credentials and ports: only http(s) on the standard port', () => {
    const reason = (u: string) => {
      try {
        checkDestination(u);
        return 'allowed';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(reason('https://bureau.example.com/v1')).toBe('allowed');
    expect(reason('http://bureau.example.com:80/')).toBe('allowed');
    expect(reason('file:///etc/passwd')).toBe('only http or https is allowed');
    expect(reason(`gopher://127.0.0.1:${portOf(sink)}/_`)).toBe('only http or https is allowed');
    expect(reason('https://bureau.example.com:8443/')).toBe('only the standard port (443) is allowed');
    expect(reason('http://bureau.example.com:6379/')).toBe('only the standard port (80) is allowed');
    expect(reason('https://user:pw@bureau.example.com/')).toBe('it must not carry a user name or password');
    // The opt-in is exact: the double's host:port, not its host on another port.
    expect(reason(d.url)).toBe('allowed');
    expect(reason(`http://127.0.0.1:${portOf(sink)}`)).toBe('it is a loopback, private, link-local or otherwise internal address');
    expect(reason(`http://localhost:${portOf(sink)}`)).toBe('only the standard port (80) is allowed');
  });

  test('OUTBOUND_ALLOW_HOSTS: host or host:port, off by default; a malformed item stops the start', () => {
    expect(parseAllowHosts(undefined)).toEqual([]);
    expect(parseAllowHosts(' 127.0.0.1:9911 , cbs.bank.internal:8443,[::1]:9912, Push.Example ')).toEqual([
      { host: '127.0.0.1', port: 9911 }, { host: 'cbs.bank.internal', port: 8443 }, { host: '[::1]', port: 9912 }, { host: 'push.example', port: null },
    ]);
    expect(() => loadEnv({ DATA_DIR: '/tmp/x', OUTBOUND_ALLOW_HOSTS: 'http://127.0.0.1:9911,ok.example' })).toThrow(
      'OUTBOUND_ALLOW_HOSTS item "http://127.0.0.1:9911" must be host or host:port (IPv6 in brackets)',
    );
  });

  test('a name is judged by what it resolves to, where the socket connects', async () => {
    const looked = await new Promise<{ err: Error | null; address: string }>((resolve) => guardedLookup(false)('localhost', {}, (err, address) => resolve({ err, address: String(address) })));
    expect(looked.err?.message).toBe('its name resolves to a loopback, private, link-local or otherwise internal address');
    const trusted = await new Promise<{ err: Error | null; address: string }>((resolve) => guardedLookup(true)('localhost', {}, (err, address) => resolve({ err, address: String(address) })));
    expect(trusted).toEqual({ err: null, address: '127.0.0.1' });
    // Through a real connection: an opted-in name reaches the double at the address its lookup handed over.
    const byName = d.url.replace('127.0.0.1', 'localhost');
    process.env.OUTBOUND_ALLOW_HOSTS = `${d.allowHost},${d.allowHost.replace('127.0.0.1', 'localhost')}`;
    try {
      d.behave('/bureau', 'ok');
      expect((await httpBureau(cfg(byName), `t${++n}`).pull(applicant)).score).toBe(781);
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = d.allowHost;
    }
    const refused = await adapterError(() => httpBureau(cfg(byName), `t${++n}`).pull(applicant));
    expect([refused.kind, refused.message]).toEqual(['NOT_CONFIGURED', 'Bureau: the configured address is not allowed: only the standard port (80) is allowed']);
  });
});

describe('configuration time: POST /externalAPI/configs', () => {
  test('each internal form is a §8 400 naming the reason, and nothing is stored', async () => {
    for (const baseUrl of internalForms()) {
      const r = await call('admin', 'POST', '/externalAPI/configs', { system: 'BUREAU', config: { mode: 'http', baseUrl } });
      expect([baseUrl, r.status, r.body.code, r.body.message]).toEqual([baseUrl, 400, 1101, 'Validation Failed']);
      expect(r.body.data).toEqual([{ label: 'config.baseUrl', reason: expect.stringMatching(/^This baseUrl is not allowed: (it is a loopback, private, link-local or otherwise internal address|its name resolves to a loopback, private, link-local or otherwise internal address|only the standard port \(80\) is allowed)$/) }]);
    }
    const list = await call('admin', 'POST', '/externalAPI/configs', {});
    expect(list.body.data.find((x: Json) => x.system === 'BUREAU')).toMatchObject({ mode: 'sandbox' });
    expect(hits).toBe(0);
  });

  test('another scheme, another port and credentials are refused too; the opted-in double is accepted', async () => {
    for (const baseUrl of ['file:///etc/passwd', `gopher://127.0.0.1:${portOf(sink)}/_`, 'https://bureau.example.com:8443', 'https://user:pw@bureau.example.com']) {
      const r = await call('admin', 'POST', '/externalAPI/configs', { system: 'CORE_BANKING', config: { mode: 'http', baseUrl } });
      expect([baseUrl, r.status, r.body.code]).toEqual([baseUrl, 400, 1101]);
    }
    const ok = await call('admin', 'POST', '/externalAPI/configs', { system: 'CORE_BANKING', config: { mode: 'http', baseUrl: d.url } });
    expect(ok.status).toBe(200);
    await call('admin', 'POST', '/externalAPI/configs', { system: 'CORE_BANKING', config: { mode: 'sandbox' } });
    expect(hits).toBe(0);
  });
});

describe('request time: a config already stored', () => {
  test('each internal form is refused before any connection (bureau and core banking)', async () => {
    for (const baseUrl of [...internalForms(), `gopher://127.0.0.1:${portOf(sink)}`, `http://127.0.0.1:${portOf(sink)}`.replace('http:', 'https:')]) {
      const e = await adapterError(() => httpBureau(cfg(baseUrl), `t${++n}`).pull(applicant));
      expect([baseUrl, e.kind, e.retryable]).toEqual([baseUrl, 'NOT_CONFIGURED', false]);
      expect(e.message).toMatch(/^Bureau: (the configured address is not allowed: .+|no baseUrl configured for the http adapter)$/);
      const m = await adapterError(() => httpMoney('CORE_BANKING', cfg(baseUrl), `t${++n}`).send({ idempotencyKey: `K-${n}`, operation: 'LOAN_CREATION', applicationId: 'APP-SSRF', body: { amount: 1 } }));
      expect([baseUrl, m.kind]).toEqual([baseUrl, 'NOT_CONFIGURED']);
    }
    expect(hits).toBe(0);
  });

  test('through the route: a §8 400 naming the system, nothing filed, nothing sent', async () => {
    const app = await application();
    for (const baseUrl of [`http://127.0.0.1:${portOf(sink)}`, 'http://localhost', `http://[::1]:${portOf(sink6)}`]) {
      await storeBureauConfig(baseUrl);
      const before = await app.verNum();
      const r = await call('cpa1', 'POST', '/cibil/obligation', { application_id: app.id, verNum: before });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'BUREAU', reason: expect.stringMatching(/^Bureau: the configured address is not allowed: /) }] });
      expect(await app.verNum()).toBe(before);
    }
    expect((await t.app.db.query(`SELECT 1 FROM credit_reports WHERE application_id = $1`, [app.id])).rows).toHaveLength(0);
    expect(hits).toBe(0);
    await storeBureauConfig(d.url);
  });

  test('a redirect from the allowed double to an internal address is not followed', async () => {
    for (const to of [`http://127.0.0.1:${portOf(sink)}/bureau/report`, `http://[::1]:${portOf(sink6)}/`, 'http://169.254.169.254/latest/meta-data']) {
      d.behave('/bureau', { redirect: to });
      const e = await adapterError(() => httpBureau(cfg(d.url), `t${++n}`).pull(applicant));
      expect([e.kind, e.retryable, e.message]).toEqual(['REJECTED', false, 'Bureau answered with a redirect (HTTP 302), which is not followed: set its baseUrl to the final address']);
      expect(e.message).not.toContain(to);
    }
    expect(hits).toBe(0);
  });
});

describe("third parties' replies", () => {
  test("a 4xx reply's message is not echoed: the caller, the worklog and the audit get the system and the status class", async () => {
    const secret = 'PAN ABCDE0200F is on the internal watch list <img src=x onerror=alert(1)>';
    const direct = httpBureau(cfg(d.url), `t${++n}`);
    d.behave('/bureau', { refuse: 422, message: secret });
    const e = await adapterError(() => direct.pull(applicant));
    expect([e.kind, e.message]).toEqual(['REJECTED', 'Bureau refused the request (HTTP 4xx)']);
    expect(e.detail).toBe(`HTTP 422: ${secret}`); // for the server log only

    const app = await application();
    await storeBureauConfig(d.url);
    d.behave('/bureau', { refuse: 400, message: secret });
    const r = await call('cpa1', 'POST', '/cibil/obligation', { application_id: app.id, verNum: await app.verNum() });
    expect(r).toEqual({ status: 400, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'BUREAU', reason: 'Bureau refused the request (HTTP 4xx)' }] } });
    const kept = await t.app.db.query(`SELECT comment FROM worklogs WHERE application_id = $1 UNION ALL SELECT new_value::text FROM audits WHERE application_id = $1`, [app.id]);
    expect(JSON.stringify(kept.rows)).not.toContain('watch list');
  });

  test('the stored reply is the fields the product uses: what else the service sends is neither kept nor served', async () => {
    const app = await application();
    await storeBureauConfig(d.url);
    d.behave('/bureau', { extra: { applicant: { pan: 'ABCDE0200F', name: 'Meera Iyer' }, internalNote: 'debug build 7', html: '<script>x</script>' } });
    const r = await call('cpa1', 'POST', '/cibil/obligation', { application_id: app.id, verNum: await app.verNum() });
    expect(r.status).toBe(200);
    const reportId = r.body.data.reportId;
    const res = await t.app.inject({ method: 'GET', url: `/integration/review/${app.id}/raw/${reportId}`, headers: headers.cpa1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({
      reference: 'DBL-CIR-1',
      score: 781,
      enquiriesLast6Months: 1,
      accounts: [{ lender: 'Double Bank', type: 'PERSONAL_LOAN', sanctioned: 300000, outstanding: 120000, emi: 9000, dpd: 0, status: 'ACTIVE' }],
    });
    const stored = await t.app.db.query(`SELECT raw, summary::text AS summary FROM credit_reports WHERE id = $1::bigint`, [reportId]);
    for (const leaked of ['internalNote', 'debug build', '<script>', 'ABCDE0200F', 'Meera']) expect(JSON.stringify(stored.rows)).not.toContain(leaked);
    expect(hits).toBe(0);
  });
});

describe('replies filed before the guard (migration 076)', () => {
  test("a report stored with the third party's whole body keeps only the product's fields", async () => {
    const app = await application();
    const summary = { reference: 'OLD-1', score: 700, accounts: [], enquiriesLast6Months: 2, monthlyObligations: 0 };
    const body = { ...summary, header: { pan: 'ABCDE0200F', name: 'Meera Iyer' }, debug: '<script>x</script>' };
    const { rows } = await t.app.db.query<{ id: string }>(
      `INSERT INTO credit_reports (application_id, kind, adapter, summary, raw, created_by) VALUES ($1, 'BUREAU', 'http', $2, $3, 'cpa1') RETURNING id::text`,
      [app.id, JSON.stringify(summary), JSON.stringify(body)],
    );
    await t.app.db.exec(readFileSync(join(__dirname, '../src/db/migrations/076_credit_reply_fields.sql'), 'utf8'));
    const res = await t.app.inject({ method: 'GET', url: `/integration/review/${app.id}/raw/${rows[0].id}`, headers: headers.cpa1 });
    expect(JSON.parse(res.body)).toEqual({ reference: 'OLD-1', score: 700, accounts: [], enquiriesLast6Months: 2 });
    const stored = await t.app.db.query(`SELECT raw FROM credit_reports WHERE id = $1::bigint`, [rows[0].id]);
    expect(JSON.stringify(stored.rows)).not.toMatch(/ABCDE0200F|Meera|script/);
  });
});

describe('web push: https on port 443 to an allowed push service, nothing internal', () => {
  test('subscribing: an allowed push host on another port, or an internal address, is refused (400)', async () => {
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    const subscribe = (endpoint: string) => call('cpa1', 'POST', '/v3/notification/subscription', { subscription: { endpoint, keys }, userId: 'cpa1' });
    for (const endpoint of ['https://fcm.googleapis.com:8443/fcm/send/x', 'https://fcm.googleapis.com:80/fcm/send/x', `https://127.0.0.1:${portOf(sink)}/push`, 'https://[::1]/push', 'https://169.254.169.254/push', 'https://localhost/push']) {
      const r = await subscribe(endpoint);
      expect([endpoint, r.status, r.body.data]).toEqual([endpoint, 400, [{ label: 'subscription.endpoint', reason: 'The endpoint is not on a known push service' }]]);
    }
    expect((await subscribe('https://fcm.googleapis.com/fcm/send/x')).status).toBe(200);
    expect((await subscribe('https://fcm.googleapis.com:443/fcm/send/y')).status).toBe(200);
    expect(hits).toBe(0);
  });

  test('WEB_PUSH_ALLOWED_HOSTS names hosts, not ports: another port stops the start', () => {
    const problems: string[] = [];
    loadWebPushEnv({ WEB_PUSH_ALLOWED_HOSTS: 'push.bank.example:8443' }, problems);
    expect(problems).toEqual(['WEB_PUSH_ALLOWED_HOSTS must be a comma list of host names: web push goes to port 443 only (a test receiver on another port belongs in OUTBOUND_ALLOW_HOSTS)']);
    const ok: string[] = [];
    expect(loadWebPushEnv({ WEB_PUSH_ALLOWED_HOSTS: 'push.bank.example,other.example:443' }, ok).allowedHosts).toEqual(['push.bank.example', 'other.example:443']);
    expect(ok).toEqual([]);
    expect(endpointAllowed('https://other.example/p', ['other.example:443'])).toBe(true);
    expect(endpointAllowed('https://other.example:8443/p', ['other.example:443'])).toBe(false);
  });

  test('sending: a loopback receiver gets nothing unless the operator opted its host:port in', async () => {
    const receiver = await startPushReceiver();
    try {
      const vapid = webpush.generateVAPIDKeys();
      const settings = { subject: 'mailto:ops@bank.example', allowedHosts: ['127.0.0.1'], caFile: receiver.caFile };
      const s = receiver.subscribe();
      const sub = { endpoint: s.endpoint, username: 'cpa1', p256dh: s.keys.p256dh, auth: s.keys.auth, lang: 'en' as const };
      const payload = JSON.stringify({ title: 'x', body: 'y' });
      expect(await sendPush(t.app.db, sub, payload, vapid, settings)).toBe('failed');
      expect(receiver.received).toHaveLength(0);
      process.env.OUTBOUND_ALLOW_HOSTS = `${d.allowHost},${receiver.allowHost}`;
      expect(await sendPush(t.app.db, sub, payload, vapid, settings)).toBe('sent');
      expect(receiver.received.map((r) => r.payload)).toEqual([{ title: 'x', body: 'y' }]);
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = d.allowHost;
      await receiver.close();
    }
  });
});
