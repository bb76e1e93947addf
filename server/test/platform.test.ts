import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { testAppWith } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { databaseHealth } from '../src/domain/platform/health';
import { isEncryptedAdminResponse } from '../src/crypto/admin-encryption';

const t = testAppWith();
/** Session headers of a staff user: every route but the public ones needs them. */
let auth: Record<string, string>;
beforeAll(async () => {
  auth = (await loginAs(t.app, 'cpa1')).headers;
});

describe(`platform spine on ${dbKind()}`, () => {
  test('migrations applied and demo data seeded', async () => {
    const { rows } = await t.app.db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(rows.map((r) => r.id)).toContain('001_core.sql');
    const products = await t.app.inject({ method: 'GET', url: '/v3/lead/getAllProducts', headers: auth });
    expect(products.statusCode).toBe(200);
    expect(products.json().data.map((p: { product_code: string }) => p.product_code)).toEqual(['PL', 'HL', 'BL']);
  });

  test('GET /health answers ok with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: dbKind(), realtime: 'local' });
  });

  test('a malformed JSON body answers 400 with code 1101 in the §8 shape', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v3/lead/getAllProducts', headers: { ...auth, 'content-type': 'application/json' }, payload: '{"a":' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(1101);
    expect(body.message).toBe('Validation Failed');
    expect(body.data[0].reason).toMatch(/JSON/);
    expect(res.body).not.toMatch(/at .*\.js:\d+/); // no stack trace
  });

  test('an unknown route answers a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v3/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ code: 404 });
  });

  test('a bad path parameter answers 1101 naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/platform/areas/nowhere', headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().data[0].label).toBe('params.area');
  });

  test('the debug prefix of §6 is accepted', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/debugger/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  test('API routes need a session', async () => {
    for (const url of ['/v3/lead/getAllProducts', '/platform/areas/applications']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: 'Unauthorized' });
    }
  });

  test('area summaries read real rows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/platform/areas/applications', headers: auth });
    // cpa1 (north branch) counts what its "all applications" list shows: its branch, not the whole book.
    const { rows } = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM applications WHERE branch = 'BR-NORTH'`);
    expect(rows[0].n).toBeGreaterThan(0);
    expect(rows[0].n).toBeLessThan(240);
    expect(res.json().total).toBe(rows[0].n);
  });
});

describe('GET /config/remotes', () => {
  test('answers 503 in the §8 shape before anything is released', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config/remotes' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe(1100);
  });

  test('reflects activate and rollback without a restart', async () => {
    // The release scripts are ESM; run them against this app's releases folder.
    const { execFileSync } = await import('node:child_process');
    const repo = join(__dirname, '..', '..');
    for (const v of ['1.0.0', '1.1.0']) {
      const dir = join(t.env.releasesDir, 'mf-tasks', v);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'mf-manifest.json'), '{}');
    }
    const run = (...args: string[]) =>
      execFileSync(process.execPath, [join(repo, 'scripts', 'activate.mjs'), ...args], { env: { ...process.env, RELEASES_DIR: t.env.releasesDir } }).toString();
    const active = async () => (await t.app.inject({ method: 'GET', url: '/config/remotes' })).json().remotes.find((r: { name: string }) => r.name === 'mf_tasks');

    run('mf-tasks', '1.0.0');
    expect(await active()).toMatchObject({ version: '1.0.0', manifest: '/releases/mf-tasks/1.0.0/mf-manifest.json' });
    run('mf-tasks', '1.1.0');
    expect((await active()).version).toBe('1.1.0');
    run('--rollback', 'mf-tasks');
    expect((await active()).version).toBe('1.0.0');
    expect(() => run('mf-tasks', '9.9.9')).toThrow();
    expect((await active()).version).toBe('1.0.0');
  });
});

describe('POST /workFlowExecution/captureAction', () => {
  test('records a browser back for the signed-in user; 401 without a session; 1101 on bad input', async () => {
    const { headers } = await loginAs(t.app, 'cpa1');
    const payload = { action: 'BROWSER_BACK', from: '/backstage/application', to: '/backstage' };
    const ok = await t.app.inject({ method: 'POST', url: '/workFlowExecution/captureAction', headers, payload });
    expect(ok.statusCode).toBe(200);
    const { rows } = await t.app.db.query<{ user_id: string; action: string; to_path: string }>(`SELECT user_id, action, to_path FROM captured_actions`);
    expect(rows).toEqual([{ user_id: 'cpa1', action: 'BROWSER_BACK', to_path: '/backstage' }]);
    expect((await t.app.inject({ method: 'POST', url: '/v3/captureAction', payload })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/v3/captureAction', headers, payload: { from: '/x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(1101);
  });
});

describe('GET /health stays public and fast', () => {
  test('answers 503 with the reason when the database fails, without a session', async () => {
    const spy = jest.spyOn(t.app.db, 'query').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: dbKind(), realtime: 'local', video: 'off', error: 'connection refused' });
    } finally {
      spy.mockRestore();
    }
  });

  test('a database that does not answer is reported within the timeout, not waited for', async () => {
    const hung = { query: () => new Promise<never>(() => undefined), exec: async () => undefined };
    const started = Date.now();
    expect(await databaseHealth(hung, 50)).toEqual({ ok: false, error: 'no answer within 50 ms' });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('the platform routes in the OpenAPI document', () => {
  test('each is tagged platform, described, and says whether its reply is encrypted', async () => {
    type Op = { tags?: string[]; summary?: string; description?: string };
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/api/json' })).json() as { paths: Record<string, Record<string, Op>> };
    const platform = Object.entries(doc.paths).flatMap(([path, ops]) => Object.values(ops).filter((op) => op.tags?.includes('platform')).map((op) => ({ path, op })));
    const paths = platform.map((p) => p.path);
    for (const path of ['/health', '/config/remotes', '/assets/i18n/{file}', '/setup/configs/{a}/{b}', '/v3/setup_configs/{productCode}', '/platform/areas/{area}', '/v3/captureAction', '/config/flow_config_by_id/{verNum}/{flowId}', '/v3/component/componentsConfigs', '/master_configs/products', '/v3/translation/fetchData']) {
      expect(paths).toContain(path);
    }
    for (const { path, op } of platform) {
      expect([path, op.summary && op.description ? 'described' : 'missing']).toEqual([path, 'described']);
      // Parametric setup configs depend on {a}/{b}: their description lists the exceptions itself.
      if (!path.includes('{') || path.startsWith('/config/')) {
        expect([path, op.description!.includes('encrypted admin reply')]).toEqual([path, isEncryptedAdminResponse(path)]);
      }
    }
  });
});
