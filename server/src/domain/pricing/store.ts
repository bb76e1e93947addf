import { bandFor, quoteBand, type PricingBand, type ProductPricing, type Quote, type QuoteInput } from '@lendline/shared/pricing';
import type { Queryable } from '../../db/db';
import { notFound, refused, refusedMany } from '../errors';

interface PricingRow {
  product_code: string;
  version: number;
  bands: PricingBand[];
  updated_by: string;
  updated_at: Date | string;
}

/** A product's pricing (table product_pricing, 095), or 404 naming the product. */
export async function pricingOf(q: Queryable, productCode: string): Promise<ProductPricing & { updatedBy: string; updatedAt: string }> {
  const { rows } = await q.query<PricingRow>(`SELECT product_code, version, bands, updated_by, updated_at FROM product_pricing WHERE product_code = $1`, [productCode]);
  const r = rows[0];
  if (!r) throw notFound('productCode', `Product ${productCode} has no pricing`);
  return { productCode: r.product_code, version: r.version, bands: r.bands, updatedBy: r.updated_by, updatedAt: new Date(r.updated_at).toISOString() };
}

/**
 * What the schema cannot say: bounds in order, a fee with an amount, and no two bands covering the same terms (a loan
 * must have one price, not whichever band comes first). Every problem at once (400/1101).
 */
export function checkBands(bands: PricingBand[]): void {
  const problems: { label: string; reason: string }[] = [];
  bands.forEach((b, i) => {
    const at = `bands[${i}]`;
    if (b.minAmount > b.maxAmount) problems.push({ label: at, reason: 'minAmount is above maxAmount' });
    if (b.minTenureMonths > b.maxTenureMonths) problems.push({ label: at, reason: 'minTenureMonths is above maxTenureMonths' });
    if (b.rate.type === 'FLOATING' && b.rate.benchmarkPercent + b.rate.spreadPercent > 99.99) problems.push({ label: `${at}.rate`, reason: 'benchmark + spread is above the maximum interest rate, 99.99 %' });
    b.fees.forEach((f, k) => {
      if (f.flat === undefined && f.percent === undefined) problems.push({ label: `${at}.fees[${k}]`, reason: 'A fee needs a flat amount or a percent' });
      if (f.min !== undefined && f.max !== undefined && f.min > f.max) problems.push({ label: `${at}.fees[${k}]`, reason: 'min is above max' });
    });
    bands.slice(0, i).forEach((o, j) => {
      const amounts = b.minAmount <= o.maxAmount && o.minAmount <= b.maxAmount;
      const tenures = b.minTenureMonths <= o.maxTenureMonths && o.minTenureMonths <= b.maxTenureMonths;
      if (amounts && tenures) problems.push({ label: at, reason: `overlaps bands[${j}]: a loan would have two prices` });
    });
  });
  if (problems.length) throw refusedMany(problems);
}

/**
 * An admin's edit: the new bands replace the old ones, version + 1, and a pricing_audits row keeps both (who, when,
 * before, after). Under the row's lock, so two edits at once make two versions in turn. Terms already in an issued
 * KFS keep the price they were issued with (kfs rows copy it); a new KFS prices by the new version.
 */
export async function savePricing(q: Queryable, productCode: string, bands: PricingBand[], by: string, now = new Date()) {
  checkBands(bands);
  const { rows: products } = await q.query(`SELECT 1 FROM products WHERE product_code = $1`, [productCode]);
  if (!products.length) throw notFound('productCode', `There is no product ${productCode}`);
  const { rows: before } = await q.query<PricingRow>(`SELECT version, bands FROM product_pricing WHERE product_code = $1 FOR UPDATE`, [productCode]);
  const version = (before[0]?.version ?? 0) + 1;
  await q.query(
    `INSERT INTO product_pricing (product_code, version, bands, updated_by, updated_at) VALUES ($1,$2,$3::jsonb,$4,$5)
     ON CONFLICT (product_code) DO UPDATE SET version = EXCLUDED.version, bands = EXCLUDED.bands, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
    [productCode, version, JSON.stringify(bands), by, now],
  );
  await q.query(`INSERT INTO pricing_audits (product_code, version, old_bands, new_bands, by_user, at) VALUES ($1,$2,$3::jsonb,$4::jsonb,$5,$6)`, [
    productCode, version, before[0] ? JSON.stringify(before[0].bands) : null, JSON.stringify(bands), by, now,
  ]);
  return pricingOf(q, productCode);
}

export async function pricingAudits(q: Queryable, productCode: string) {
  const { rows } = await q.query<{ version: number; by_user: string; at: Date | string; old_bands: unknown; new_bands: unknown }>(
    `SELECT version, by_user, at, old_bands, new_bands FROM pricing_audits WHERE product_code = $1 ORDER BY id DESC LIMIT 50`,
    [productCode],
  );
  return rows.map((r) => ({ version: r.version, by: r.by_user, at: new Date(r.at).toISOString(), oldBands: r.old_bands, newBands: r.new_bands }));
}

/** The quote for a product's terms, with the pricing version it used; 400 naming amount/tenure when no band covers them. */
export async function quoteFor(q: Queryable, productCode: string, input: QuoteInput, now = new Date()): Promise<Quote & { pricingVersion: number }> {
  const pricing = await pricingOf(q, productCode);
  const band = bandFor(pricing, input.amount, input.tenureMonths);
  if (!band) throw refused('loanAmount', `${productCode} does not lend ${input.amount} over ${input.tenureMonths} months: no pricing band covers these terms`);
  try {
    const q = quoteBand(band, input, now);
    if (q.netDisbursed <= 0) throw refused('loanAmount', `The fees (${q.totalFees}) leave nothing of ${input.amount} to disburse`);
    return { ...q, pricingVersion: pricing.version };
  } catch (e) {
    if (e instanceof RangeError) throw refused('firstDueDate', e.message);
    throw e;
  }
}
