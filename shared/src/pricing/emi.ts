import { paise } from './money';

/**
 * EMI of amount P at a yearly rate R % over N months: P·r·(1+r)^N / ((1+r)^N − 1), r = R/1200, rounded to paise. A
 * rate too small to move (1+r)^N off 1 in floating point divides evenly (the formula would be 0/0).
 */
export function emi(amount: number, ratePercent: number, tenureMonths: number): number {
  const r = ratePercent / 1200;
  const growth = (1 + r) ** tenureMonths;
  const raw = growth === 1 ? amount / tenureMonths : (amount * r * growth) / (growth - 1);
  return paise(raw);
}

/** EMI and its totals over the tenure (instalments × EMI; no broken period, no fees). */
export function emiTotals(amount: number, ratePercent: number, tenureMonths: number) {
  const monthly = emi(amount, ratePercent, tenureMonths);
  const totalPayment = paise(monthly * tenureMonths);
  return { emi: monthly, totalPayment, totalInterest: paise(totalPayment - amount) };
}
