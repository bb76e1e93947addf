import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { aesEncrypt } from '../src/crypto/aes';

let t: TestApp;
let customer: Record<string, string>;
let staff: Record<string, string>;
let appId: string;

const VALIDATE = '/v3/external-integration/validate-token';
const ISSUE = '/v3/external-integration/issue-token';

beforeAll(async () => {
  t = await createTestApp();
  const c = await loginAs(t.app, 'portal-customer');
  customer = c.headers;
  const created = await t.app.inject({
    method: 'POST',
    url: '/v3/application/consumer/save_or_update',
    headers: { ...customer, 'x-lendline-encrypted': 'aes-cbc' },
    payload: { data: aesEncrypt(JSON.stringify({ product_code: 'PL', existing_or_new_customer: 'new', singleORjoint: 'Single' }), c.session.access_token) },
  });
  appId = created.json().data.application_id;
  staff = (await loginAs(t.app, 'admin')).headers;
});
afterAll(() => t.close());

async function issue(validityMinutes?: number): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: ISSUE, headers: staff, payload: { application_id: appId, ...(validityMinutes ? { validityMinutes } : {}) } });
  expect(res.statusCode).toBe(200);
  return res.json().data.transactionToken;
}

const setFeature = (enabled: boolean) =>
  t.app.db.query(`UPDATE setup_configs SET config = $1 WHERE category = 'Admin' AND sub_category = 'Features'`, [JSON.stringify({ features: [{ name: 'EXTERNAL_INTEGRATION', enabled }] })]);

describe(`external integration on ${dbKind()}`, () => {
  test('a valid token answers the application id once, with an appRefId that opens it; the second use fails', async () => {
    const token = await issue();
    const ok = await t.app.inject({ method: 'POST', url: VALIDATE, headers: customer, payload: { transactionToken: token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ application_id: appId });
    expect(ok.json().error).toBeUndefined();
    const opened = await t.app.inject({ method: 'GET', url: `/v3/application/${appId}`, headers: { ...customer, appRefId: ok.json().appRefId } });
    expect(opened.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: VALIDATE, headers: customer, payload: { transactionToken: token } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ error: true });
    expect(again.json().data).toBeUndefined();
    expect(again.json().appRefId).toBeUndefined();
  });

  test('an expired token and an unknown token give the error flag and no id', async () => {
    const token = await issue(5);
    await t.app.db.query(`UPDATE external_integration_tokens SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL`);
    for (const transactionToken of [token, 'not-a-token-we-issued']) {
      const res = await t.app.inject({ method: 'POST', url: VALIDATE, headers: customer, payload: { transactionToken } });
      expect(res.json()).toMatchObject({ error: true });
      expect(res.json().data).toBeUndefined();
    }
  });

  test('with EXTERNAL_INTEGRATION off even a valid token gives the error flag, and stays unused', async () => {
    const token = await issue();
    await setFeature(false);
    try {
      const off = await t.app.inject({ method: 'POST', url: VALIDATE, headers: customer, payload: { transactionToken: token } });
      expect(off.json()).toEqual({ error: true, message: 'External integration is not enabled' });
    } finally {
      await setFeature(true);
    }
    const on = await t.app.inject({ method: 'POST', url: VALIDATE, headers: customer, payload: { transactionToken: token } });
    expect(on.json().data).toEqual({ application_id: appId });
  });

  test('only staff issue tokens; the customer account is refused', async () => {
    const res = await t.app.inject({ method: 'POST', url: ISSUE, headers: customer, payload: { application_id: appId } });
    expect(res.statusCode).toBe(403);
    const { rows } = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM external_integration_tokens WHERE issued_by = 'portal-customer'`);
    expect(rows[0].n).toBe(0);
  });
});
