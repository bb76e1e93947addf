/**
 * EMI of a loan: amount P, yearly rate R % and tenure N months → P·r·(1+r)^N / ((1+r)^N − 1) with r = R/1200,
 * rounded to paise. A zero rate divides evenly.
 */
export function emi(amount: number, ratePercent: number, tenureMonths: number) {
  const r = ratePercent / 1200;
  const raw = r === 0 ? amount / tenureMonths : (amount * r * (1 + r) ** tenureMonths) / ((1 + r) ** tenureMonths - 1);
  const monthly = Math.round(raw * 100) / 100;
  const totalPayment = Math.round(monthly * tenureMonths * 100) / 100;
  return { emi: monthly, totalPayment, totalInterest: Math.round((totalPayment - amount) * 100) / 100 };
}
