import type { Db } from '../db/db';
import type { PricingBand } from '@lendline/shared/pricing';

/**
 * The demo products' pricing (issue 27): rates, fees and contingent charges per amount/tenure band. Illustrative
 * numbers, as a lender would set them; an admin changes them through PUT /v3/pricing/{productCode}.
 */
const PENAL = { code: 'PENAL', basis: 'PERCENT_PA_ON_OVERDUE', value: 2 } as const;
const PROCESSING_1PC = { code: 'PROCESSING', payableTo: 'LENDER', percent: 1, min: 500, max: 10000 } as const;
const DOCUMENTATION = { code: 'DOCUMENTATION', payableTo: 'LENDER', flat: 500 } as const;

export const SEED_PRICING: Record<string, PricingBand[]> = {
  PL: [
    { minAmount: 50000, maxAmount: 500000, minTenureMonths: 12, maxTenureMonths: 60, rate: { type: 'FIXED', ratePercent: 11.25 },
      fees: [PROCESSING_1PC, DOCUMENTATION, { code: 'INSURANCE', payableTo: 'THIRD_PARTY', flat: 1200 }],
      contingent: [PENAL, { code: 'FORECLOSURE', basis: 'PERCENT_OF_OUTSTANDING', value: 3 }, { code: 'SWITCHING', basis: 'NOT_APPLICABLE', value: 0 }] },
    { minAmount: 500000.01, maxAmount: 4000000, minTenureMonths: 12, maxTenureMonths: 60, rate: { type: 'FIXED', ratePercent: 10.75 },
      fees: [PROCESSING_1PC, DOCUMENTATION, { code: 'INSURANCE', payableTo: 'THIRD_PARTY', flat: 2500 }],
      contingent: [PENAL, { code: 'FORECLOSURE', basis: 'PERCENT_OF_OUTSTANDING', value: 2 }, { code: 'SWITCHING', basis: 'NOT_APPLICABLE', value: 0 }] },
  ],
  HL: [
    { minAmount: 500000, maxAmount: 100000000, minTenureMonths: 12, maxTenureMonths: 360,
      rate: { type: 'FLOATING', benchmarkName: 'RBI repo rate', benchmarkPercent: 5.5, spreadPercent: 3.1, resetMonths: 3 },
      fees: [{ code: 'PROCESSING', payableTo: 'LENDER', percent: 0.5, min: 2500, max: 25000 }, DOCUMENTATION, { code: 'THIRD_PARTY', payableTo: 'THIRD_PARTY', flat: 3000 }],
      // Floating-rate loans to individuals carry no foreclosure charge.
      contingent: [PENAL, { code: 'FORECLOSURE', basis: 'NOT_APPLICABLE', value: 0 }, { code: 'SWITCHING', basis: 'PER_REQUEST', value: 5000 }] },
  ],
  BL: [
    { minAmount: 100000, maxAmount: 50000000, minTenureMonths: 12, maxTenureMonths: 84, rate: { type: 'FIXED', ratePercent: 14.5 },
      fees: [{ code: 'PROCESSING', payableTo: 'LENDER', percent: 2, min: 2000, max: 50000 }, DOCUMENTATION],
      contingent: [PENAL, { code: 'FORECLOSURE', basis: 'PERCENT_OF_OUTSTANDING', value: 4 }, { code: 'SWITCHING', basis: 'NOT_APPLICABLE', value: 0 }] },
  ],
};

/** Writes the demo pricing of each product that has none (idempotent; an admin's edits are kept). */
export async function seedPricing(db: Db): Promise<boolean> {
  let wrote = false;
  for (const [code, bands] of Object.entries(SEED_PRICING)) {
    const { rows } = await db.query(
      `INSERT INTO product_pricing (product_code, version, bands, updated_by) SELECT $1, 1, $2::jsonb, 'seed' WHERE EXISTS (SELECT 1 FROM products WHERE product_code = $1)
       ON CONFLICT (product_code) DO NOTHING RETURNING product_code`,
      [code, JSON.stringify(bands)],
    );
    wrote = wrote || rows.length > 0;
  }
  return wrote;
}
