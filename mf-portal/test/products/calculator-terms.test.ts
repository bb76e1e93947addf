import { quote, type PricingBand } from '@lendline/shared/pricing';
import { amountOf, calculate, startingTerms, tenureChoices } from '../../src/features/products/calculator-terms';

// The landing page's EMI calculator (issue 28): the loan step's tenure choices and the same pricing engine.
const BANDS: PricingBand[] = [
  { minAmount: 50000, maxAmount: 500000, minTenureMonths: 12, maxTenureMonths: 60, rate: { type: 'FIXED', ratePercent: 11.25 }, fees: [{ code: 'PROCESSING', payableTo: 'LENDER', percent: 1, min: 500, max: 10000 }], contingent: [] },
  { minAmount: 500000.01, maxAmount: 4000000, minTenureMonths: 24, maxTenureMonths: 60, rate: { type: 'FIXED', ratePercent: 10.75 }, fees: [], contingent: [] },
];
const RANGE = { min: 50000, max: 4000000 };

describe('tenure choices and starting terms', () => {
  test('the shortest tenure, then a year more at a time up to the longest, like the loan step\'s slider', () => {
    expect(tenureChoices({ min: 12, max: 60 })).toEqual([12, 24, 36, 48, 60]);
    expect(tenureChoices({ min: 6, max: 30 })).toEqual([6, 18, 30]);
    expect(tenureChoices({ min: 12, max: 12 })).toEqual([12]);
    expect(tenureChoices({ min: 12, max: 360 })).toHaveLength(30);
  });

  test('starts at ten times the smallest amount, within the range, and the middle tenure', () => {
    expect(startingTerms(RANGE, [12, 24, 36, 48, 60])).toEqual({ amount: 500000, tenureMonths: 36 });
    expect(startingTerms({ min: 500000, max: 1000000 }, [12, 24])).toEqual({ amount: 1000000, tenureMonths: 12 });
  });
});

describe('what the calculator answers', () => {
  test('amounts as typed: digits with lakh or thousands grouping, up to two decimals', () => {
    expect(amountOf('3,00,000')).toBe(300000);
    expect(amountOf(' 300000.5 ')).toBe(300000.5);
    expect(amountOf('₹1,00,000')).toBe(100000);
    for (const bad of ['', 'abc', '-5', '1e5', '1.234', '12345678901']) expect({ bad, v: amountOf(bad) }).toEqual({ bad, v: null });
  });

  test('the EMI and the total interest are the loan step\'s (the engine\'s quote), to the paisa', () => {
    const today = new Date('2026-11-26T10:00:00Z');
    const q = quote({ bands: BANDS }, { amount: 300000, tenureMonths: 24 }, today)!;
    expect(calculate(BANDS, RANGE, '3,00,000', 24, today)).toEqual({ kind: 'ok', emi: q.emi, totalInterest: q.totalInterest, ratePercent: 11.25, floating: false });
    // The annuity formula, worked here by hand: 3,00,000 at 11.25 % over 24 months.
    expect(q.emi).toBe(14017.2);
    expect(calculate(BANDS, RANGE, '1000000', 36, today)).toMatchObject({ kind: 'ok', ratePercent: 10.75 });
  });

  test('an amount outside the product\'s range, or terms no band prices, say so instead of a number', () => {
    expect(calculate(BANDS, RANGE, '49999', 24)).toEqual({ kind: 'amount' });
    expect(calculate(BANDS, RANGE, '4000001', 24)).toEqual({ kind: 'amount' });
    expect(calculate(BANDS, RANGE, 'lots', 24)).toEqual({ kind: 'amount' });
    expect(calculate(BANDS, RANGE, '1000000', 12)).toEqual({ kind: 'noBand' });
  });
});
