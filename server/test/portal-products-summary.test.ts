import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quote } from '@lendline/shared/pricing';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { MIGRATIONS_DIR } from '../src/db/migrate';
import { PUBLIC_REQUESTS } from './authz/public';
import { PAINTED_SUMMARY_TTL_MS, productsSummaryCached } from '../src/domain/portal/products-summary';

/**
 * GET /v3/portal/products (issue 28): the landing page's products in one public, cacheable request — ranges, the
 * indicative rates of the pricing, who can apply, the documents the flow asks for (English and Hindi) and the bands
 * the EMI calculator prices by; nothing internal.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const summary = (query = '', headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/v3/portal/products${query}`, headers });
const byCode = (body: { data: { productCode: string }[] }) => Object.fromEntries(body.data.map((p) => [p.productCode, p])) as Record<string, Record<string, unknown>>;

describe(`the products summary on ${dbKind()}`, () => {
  test('answers without a session, cacheable, with each product\'s ranges, rates, eligibility and documents', async () => {
    const res = await summary();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = res.json();
    const p = byCode(body);
    expect(Object.keys(p).sort()).toEqual(['BL', 'HL', 'PL']);
    expect(p.PL).toMatchObject({
      name: 'Personal Loan',
      amount: { min: 50000, max: 4000000 },
      tenureMonths: { min: 12, max: 60 },
      rate: { minPercent: 10.75, maxPercent: 11.25, floating: false },
      eligibility: { minAgeYears: 21, maxAgeYears: 60, employment: ['SALARIED', 'SELF_EMPLOYED', 'PROFESSIONAL'], minMonthlyIncome: 25000 },
      documents: [
        { key: 'kycDocuments', label: 'Identity and address proof', required: true },
        { key: 'incomeDocuments', label: 'Income proof (last 3 months)', required: true },
      ],
    });
    // Floating: benchmark 5.50 + spread 3.10.
    expect(p.HL.rate).toEqual({ minPercent: 8.6, maxPercent: 8.6, floating: true });
    expect(p.HL.documents).toContainEqual({ key: 'propertyDocuments', label: 'Property Documents', required: false });
    expect(p.BL.eligibility).toEqual({ minAgeYears: 25, maxAgeYears: 65, employment: ['BUSINESS'], minAnnualTurnover: 4000000, minYearsInBusiness: 3 });
    // Nothing internal: no pricing version or editor, no flow id, no enabled flag or sort order.
    for (const word of ['version', 'updatedBy', 'updatedAt', 'flowId', 'FLOW', 'enabled', 'sort_order', 'seed']) expect({ word, found: res.body.includes(word) }).toEqual({ word, found: false });
  });

  test('the bands price the same EMI as the pricing route the loan step reads', async () => {
    const p = byCode((await summary()).json());
    const customer = await loginAs(t.app, 'portal-customer');
    const pricing = (await t.app.inject({ method: 'GET', url: '/v3/pricing/PL', headers: customer.headers })).json().data;
    expect(p.PL.bands).toEqual(pricing.bands);
    const terms = { amount: 300000, tenureMonths: 24 };
    expect(quote({ bands: p.PL.bands as never }, terms)!.emi).toBe(quote(pricing, terms)!.emi);
  });

  test('the documents in Hindi; an unknown tenant or language is refused', async () => {
    const hi = byCode((await summary('?lang=hi')).json());
    expect(hi.PL.documents).toEqual([
      { key: 'kycDocuments', label: 'पहचान और पते का प्रमाण', required: true },
      { key: 'incomeDocuments', label: 'आय का प्रमाण (पिछले 3 महीने)', required: true },
    ]);
    expect((await summary('?tenant=northbank&lang=hi')).statusCode).toBe(200);
    const unknown = await summary('?tenant=nobank');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'querystring.tenant', reason: 'nobank is not a known tenant' }] });
    expect((await summary('?lang=fr')).statusCode).toBe(400);
  });

  test('public: the same answer to no session, a dead session, the customer, an officer and the admin', async () => {
    const callers: Record<string, Record<string, string>> = {
      nobody: {},
      'a dead session': { access_token: 'x'.repeat(40), sessionId: 'no-such-session' },
      customer: (await loginAs(t.app, 'portal-customer')).headers,
      viewer1: (await loginAs(t.app, 'viewer1')).headers,
      admin: (await loginAs(t.app, 'admin')).headers,
    };
    for (const [route, url] of Object.entries(PUBLIC_REQUESTS)) {
      const bodies = new Set<string>();
      for (const [who, headers] of Object.entries(callers)) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect({ route, who, status: res.statusCode }).toEqual({ route, who, status: 200 });
        bodies.add(res.body);
      }
      expect({ route, distinctAnswers: bodies.size }).toEqual({ route, distinctAnswers: 1 });
    }
  });

  test('a product without eligibility or pricing shows none rather than an invented one; migration 106 restores the demo eligibility only', async () => {
    await t.app.db.query(`UPDATE product_configs SET body = body #- '{productParameters,eligibility}' WHERE product_code IN ('PL', 'BL')`);
    await t.app.db.query(`UPDATE product_configs SET body = jsonb_set(body, '{productParameters,flowId}', '"BL_OWN"') WHERE product_code = 'BL'`);
    const pricing = await t.app.db.query(`DELETE FROM product_pricing WHERE product_code = 'BL' RETURNING product_code, version, bands, updated_by, updated_at`);
    let p = byCode((await summary()).json());
    expect(p.PL.eligibility).toBeNull();
    expect(p.BL).toMatchObject({ eligibility: null, rate: null, bands: [], tenureMonths: { min: 12, max: 84 } });
    await t.app.db.exec(readFileSync(join(MIGRATIONS_DIR, '106_product_eligibility.sql'), 'utf8'));
    p = byCode((await summary()).json());
    expect(p.PL.eligibility).toMatchObject({ minAgeYears: 21, minMonthlyIncome: 25000 });
    expect(p.BL.eligibility).toBeNull(); // a configuration that is not the seeded demo's is left as it is
    const r = pricing.rows[0];
    await t.app.db.query(`INSERT INTO product_pricing (product_code, version, bands, updated_by, updated_at) VALUES ($1,$2,$3::jsonb,$4,$5)`, [r.product_code, r.version, JSON.stringify(r.bands), r.updated_by, r.updated_at]);
  });

  test("the painted landing page's read is reused for at most 5 s: an edit of a product shows once that has passed", async () => {
    const now = Date.now();
    const name = async (at: number) => (await productsSummaryCached(t.app.db, 'en', at)).find((p) => p.productCode === 'PL')?.name;
    expect(await name(now)).toBe('Personal Loan');
    // Pages painted at the same moment share one read.
    expect(productsSummaryCached(t.app.db, 'en', now + 1)).toBe(productsSummaryCached(t.app.db, 'en', now + 2));
    await t.app.db.query(`UPDATE products SET product_name = 'Personal Loan Plus' WHERE product_code = 'PL'`);
    try {
      expect(await name(now + PAINTED_SUMMARY_TTL_MS - 1)).toBe('Personal Loan');
      expect(await name(now + PAINTED_SUMMARY_TTL_MS)).toBe('Personal Loan Plus');
      // Another language is a read of its own; the route itself always reads now.
      expect((await productsSummaryCached(t.app.db, 'hi', now)).find((p) => p.productCode === 'PL')?.name).toBe('Personal Loan Plus');
      expect(byCode((await summary()).json()).PL.name).toBe('Personal Loan Plus');
    } finally {
      await t.app.db.query(`UPDATE products SET product_name = 'Personal Loan' WHERE product_code = 'PL'`);
    }
  });
});
