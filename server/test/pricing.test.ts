import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';
import { SEED_PRICING } from '../src/seed/pricing';
import { quoteFor } from '../src/domain/pricing/store';

/** Pricing as configuration (issue 27): read by any session, priced by band, changed only by an admin, with an audit. */
let t: TestApp;
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'cpa1']) headers[u] = (await loginAs(t.app, u)).headers;
  headers.customer = (await loginAs(t.app, 'portal-customer')).headers;
}, 180_000);
afterAll(() => t.close());

const call = async (user: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: Json) => {
  const res = await t.app.inject({ method, url, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
};

describe(`product pricing (${dbKind()})`, () => {
  test('the customer account reads a product\'s bands as seeded; an unknown product is 404', async () => {
    const r = await call('customer', 'GET', '/v3/pricing/PL');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ productCode: 'PL', version: 1, bands: SEED_PRICING.PL });
    expect((await call('customer', 'GET', '/v3/pricing/ZZ')).status).toBe(404);
  });

  test('a quote prices by the band of amount and tenure: another band, another rate and fees; no band, 400', async () => {
    const small = await quoteFor(t.app.db, 'PL', { amount: 300000, tenureMonths: 36, disbursementDate: '2026-01-10' });
    const large = await quoteFor(t.app.db, 'PL', { amount: 1000000, tenureMonths: 36, disbursementDate: '2026-01-10' });
    expect(small.ratePercent).toBe(11.25);
    expect(small.fees).toEqual([{ code: 'PROCESSING', payableTo: 'LENDER', amount: 3000 }, { code: 'DOCUMENTATION', payableTo: 'LENDER', amount: 500 }, { code: 'INSURANCE', payableTo: 'THIRD_PARTY', amount: 1200 }]);
    expect(large.ratePercent).toBe(10.75);
    expect(large.fees[0].amount).toBe(10000); // 1 % capped at 10,000
    expect(small.apr).toBeGreaterThan(11.25);
    await expect(quoteFor(t.app.db, 'PL', { amount: 10000, tenureMonths: 36 })).rejects.toMatchObject({ statusCode: 400 });
  });

  test('staff without ADMIN may not change pricing; nothing changes', async () => {
    const r = await call('cpa1', 'PUT', '/v3/pricing/BL', { bands: SEED_PRICING.BL });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'permission', reason: 'Only an administrator may change pricing' }] });
    expect((await call('customer', 'PUT', '/v3/pricing/BL', { bands: SEED_PRICING.BL })).status).toBe(403);
    expect((await call('admin', 'GET', '/v3/pricing/BL')).body.data.version).toBe(1);
  });

  test('overlapping bands and a rate above 99.99 are refused, naming the problem', async () => {
    const band = SEED_PRICING.BL[0];
    const overlap = await call('admin', 'PUT', '/v3/pricing/BL', { bands: [band, { ...band, minAmount: 200000 }] });
    expect(overlap.status).toBe(400);
    expect(overlap.body.data).toEqual([{ label: 'bands[1]', reason: 'overlaps bands[0]: a loan would have two prices' }]);
    expect((await call('admin', 'PUT', '/v3/pricing/BL', { bands: [{ ...band, rate: { type: 'FIXED', ratePercent: 120 } }] })).status).toBe(400);
    const floating = await call('admin', 'PUT', '/v3/pricing/BL', { bands: [{ ...band, rate: { type: 'FLOATING', benchmarkName: 'Repo', benchmarkPercent: 60, spreadPercent: 50, resetMonths: 3 } }] });
    expect(floating.body.data).toEqual([{ label: 'bands[0].rate', reason: 'benchmark + spread is above the maximum interest rate, 99.99 %' }]);
  });

  test('an admin\'s edit bumps the version, prices new quotes, and leaves an audit row with before and after', async () => {
    const band = { ...SEED_PRICING.BL[0], rate: { type: 'FIXED', ratePercent: 13.75 } };
    const r = await call('admin', 'PUT', '/v3/pricing/BL', { bands: [band] });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ productCode: 'BL', version: 2 });
    expect((await call('customer', 'GET', '/v3/pricing/BL')).body.data.bands[0].rate).toEqual({ type: 'FIXED', ratePercent: 13.75 });
    const audits = await call('admin', 'GET', '/v3/pricing/BL/audits');
    expect(audits.body.data[0]).toMatchObject({ version: 2, by: 'admin', oldBands: SEED_PRICING.BL, newBands: [band] });
    expect((await call('cpa1', 'GET', '/v3/pricing/BL/audits')).status).toBe(403);
  });
});
