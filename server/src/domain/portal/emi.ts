/**
 * EMI of a loan: amount P, yearly rate R % and tenure N months → P·r·(1+r)^N / ((1+r)^N − 1) with r = R/1200,
 * rounded to paise. A zero rate (or one too small to count) divides evenly.
 */
export function emi(amount: number, ratePercent: number, tenureMonths: number) {
  const r = ratePercent / 1200;
  const growth = (1 + r) ** tenureMonths;
  // A rate too small to move (1+r)^N off 1 in floating point earns nothing; the formula would be 0/0 (NaN).
  const raw = growth === 1 ? amount / tenureMonths : (amount * r * growth) / (growth - 1);
  const monthly = Math.round(raw * 100) / 100;
  const totalPayment = Math.round(monthly * tenureMonths * 100) / 100;
  return { emi: monthly, totalPayment, totalInterest: Math.round((totalPayment - amount) * 100) / 100 };
}
