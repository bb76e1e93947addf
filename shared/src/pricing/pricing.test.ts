import { addWorkingDays, apr, emi, emiTotals, feeAmount, monthlyIrr, quote, repaymentSchedule, type ProductPricing } from './index';

describe('EMI', () => {
  it('₹1,00,000 at 10 % over 24 months is ₹4,614.49 (P·r·(1+r)^N / ((1+r)^N − 1))', () => {
    expect(emi(100000, 10, 24)).toBe(4614.49);
  });
  it('₹47,000 at 21 % over 24 months is ₹2,415.13 (2,415.1345…; a published KFS rounds it up to 2,415.14)', () => {
    expect(emi(47000, 21, 24)).toBe(2415.13);
  });
  it('a zero rate divides evenly', () => {
    expect(emiTotals(120000, 0, 12)).toEqual({ emi: 10000, totalPayment: 120000, totalInterest: 0 });
  });
});

describe('APR (monthly IRR × 12 of net disbursed, then instalments)', () => {
  it('without fees it is the interest rate', () => {
    const s = repaymentSchedule({ amount: 100000, ratePercent: 10, tenureMonths: 24, disbursementDate: '2026-01-10' });
    expect(apr(100000, s.rows)).toBe(10);
  });
  it('₹1,00,000, 24 months, 10 %, ₹2,000 of fees: 12.03 %', () => {
    // Computed independently (a separate bisection in Python): net 98,000 against 24 × 4,614.49 → 1.00235 %/month.
    const s = repaymentSchedule({ amount: 100000, ratePercent: 10, tenureMonths: 24, disbursementDate: '2026-01-10' });
    expect(apr(98000, s.rows)).toBe(12.03);
    expect(monthlyIrr(98000, Array.from({ length: 24 }, (_, k) => ({ amount: 4614.49, months: k + 1 })))).toBeCloseTo(0.0100235, 6);
  });
  it('a published KFS: ₹47,000, 24 months, 21 %, processing fee ₹1,175 + 18 % GST → APR 24.15 % (the lender printed 24.16 %)', () => {
    const s = repaymentSchedule({ amount: 47000, ratePercent: 21, tenureMonths: 24, disbursementDate: '2024-12-01' });
    expect(apr(47000 - 1386.5, s.rows)).toBe(24.15);
  });
});

describe('repayment schedule', () => {
  it('amortises to zero on monthly dates, the last instalment clearing the balance', () => {
    const s = repaymentSchedule({ amount: 100000, ratePercent: 10, tenureMonths: 24, disbursementDate: '2026-01-31' });
    expect(s.rows).toHaveLength(24);
    expect(s.rows[0]).toEqual({ no: 1, date: '2026-02-28', opening: 100000, principal: 3781.16, interest: 833.33, instalment: 4614.49, balance: 96218.84 });
    expect(s.rows[1].date).toBe('2026-03-31');
    expect(s.rows[23].balance).toBe(0);
    expect(s.brokenDays).toBe(0);
    const principal = s.rows.reduce((t, r) => t + r.principal, 0);
    expect(Math.round(principal * 100) / 100).toBe(100000);
  });
  it('a broken first period: 20 extra days of simple interest on the first instalment', () => {
    // Disbursed 10 Jan, first due 2 Mar: 20 days after 10 Feb (one month after disbursement).
    const s = repaymentSchedule({ amount: 100000, ratePercent: 10, tenureMonths: 24, disbursementDate: '2026-01-10', firstDueDate: '2026-03-02' });
    expect(s.brokenDays).toBe(20);
    expect(s.brokenInterest).toBe(547.95); // 1,00,000 × 10 % × 20 / 365
    expect(s.rows[0]).toMatchObject({ date: '2026-03-02', interest: 1381.28, principal: 3781.16, instalment: 5162.44 });
    expect(s.rows[1]).toMatchObject({ date: '2026-04-02', instalment: 4614.49 });
    // Simple interest for the extra days, the instalments shifted by them: the APR stays 10.00 % (independently 9.996 %).
    expect(apr(100000, s.rows, s.brokenDays)).toBe(10);
  });
  it('refuses a first due date more than two months out', () => {
    expect(() => repaymentSchedule({ amount: 1000, ratePercent: 10, tenureMonths: 12, disbursementDate: '2026-01-10', firstDueDate: '2026-03-20' })).toThrow(RangeError);
  });
});

describe('quote by band', () => {
  const pricing: ProductPricing = {
    productCode: 'PL',
    version: 1,
    bands: [
      { minAmount: 50000, maxAmount: 500000, minTenureMonths: 12, maxTenureMonths: 60, rate: { type: 'FIXED', ratePercent: 12 },
        fees: [{ code: 'PROCESSING', payableTo: 'LENDER', percent: 1, min: 500, max: 10000 }, { code: 'INSURANCE', payableTo: 'THIRD_PARTY', flat: 1500 }],
        contingent: [{ code: 'PENAL', basis: 'PER_INSTANCE', value: 500 }] },
      { minAmount: 500000.01, maxAmount: 4000000, minTenureMonths: 12, maxTenureMonths: 60,
        rate: { type: 'FLOATING', benchmarkName: 'Repo', benchmarkPercent: 5.5, spreadPercent: 5, resetMonths: 3 }, fees: [], contingent: [] },
    ],
  };
  it('prices by the band of amount and tenure, with fees, totals and APR', () => {
    const q = quote(pricing, { amount: 100000, tenureMonths: 24, disbursementDate: '2026-01-10' })!;
    expect(q.ratePercent).toBe(12);
    expect(q.fees).toEqual([{ code: 'PROCESSING', payableTo: 'LENDER', amount: 1000 }, { code: 'INSURANCE', payableTo: 'THIRD_PARTY', amount: 1500 }]);
    expect(q.netDisbursed).toBe(97500);
    expect(q.emi).toBe(4707.35);
    expect(q.totalPayable).toBe(Math.round((100000 + q.totalInterest + 2500) * 100) / 100);
    expect(q.apr).toBe(14.57); // independently 14.566 %
    expect(quote(pricing, { amount: 1000000, tenureMonths: 24 })!.ratePercent).toBe(10.5);
    expect(quote(pricing, { amount: 10000, tenureMonths: 24 })).toBeNull();
  });
  it('bounds a percentage fee by min and max', () => {
    expect(feeAmount({ code: 'PROCESSING', payableTo: 'LENDER', percent: 1, min: 500, max: 10000 }, 20000)).toBe(500);
    expect(feeAmount({ code: 'PROCESSING', payableTo: 'LENDER', percent: 1, min: 500, max: 10000 }, 5000000)).toBe(10000);
  });
});

describe('working days', () => {
  it('skips Saturdays and Sundays: 3 working days after Thursday 26 Nov 2026 is Tuesday 1 Dec', () => {
    expect(addWorkingDays('2026-11-26', 3)).toBe('2026-12-01');
  });
});
