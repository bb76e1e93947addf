import { writeFileSync } from 'node:fs';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const sortKeys = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(sortKeys) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])])) : v;

test('dump', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/api/json' })).json();
  const rules = t.app.applicationRoutes.map((r) => ({ m: r.method, u: r.url, rule: r.rule === 'none' ? 'none' : { p: r.rule.permission, c: r.rule.customer, party: r.rule.party, id: String(r.rule.id) } }));
  const table = t.app.routeTable.map((r) => ({ m: r.method, u: r.url, pub: r.public }));
  writeFileSync(process.env.DUMP_OUT ?? '/tmp/routes-dump.json', JSON.stringify(sortKeys({ doc, rules, table }), null, 1));
});
