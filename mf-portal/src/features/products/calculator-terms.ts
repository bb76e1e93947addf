import { quote, type PricingBand } from '@lendline/shared/pricing';

/** The loan step's tenure slider moves in steps of a year (the seeded flows' step 12): the calculator offers the same. */
export const TENURE_STEP_MONTHS = 12;

/** The tenures a product lends over, as the loan step's slider offers them: its shortest, then a year more at a time up to its longest. */
export function tenureChoices(range: { min: number; max: number }, step = TENURE_STEP_MONTHS): number[] {
  const out: number[] = [];
  for (let m = Math.max(1, Math.ceil(range.min)); m <= range.max && out.length < 600; m += step) out.push(m);
  return out;
}

/** Where the calculator starts: ten times the smallest amount (within the range), the middle tenure choice. */
export function startingTerms(amount: { min: number; max: number }, tenures: number[]): { amount: number; tenureMonths: number } {
  return { amount: Math.min(amount.max, amount.min * 10), tenureMonths: tenures[Math.floor((tenures.length - 1) / 2)] ?? TENURE_STEP_MONTHS };
}

/** What the applicant typed as an amount: digits with grouping commas or spaces, up to two decimals; null otherwise. */
export function amountOf(text: string): number | null {
  const s = text.replace(/[,\s₹]/g, '');
  return /^\d{1,10}(\.\d{1,2})?$/.test(s) ? Number(s) : null;
}

export type CalculatorResult =
  | { kind: 'ok'; emi: number; totalInterest: number; ratePercent: number; floating: boolean }
  | { kind: 'amount' }
  | { kind: 'noBand' };

/**
 * The calculator's answer, by the one pricing engine the loan step uses (quote: the band for the terms, its EMI, the
 * interest of its schedule), so the two agree to the paisa: an amount outside the product's range, or terms no band
 * prices, say so instead.
 */
export function calculate(bands: PricingBand[], range: { min: number; max: number }, amountText: string, tenureMonths: number, today = new Date()): CalculatorResult {
  const amount = amountOf(amountText);
  if (amount === null || amount < range.min || amount > range.max) return { kind: 'amount' };
  const q = quote({ bands }, { amount, tenureMonths }, today);
  if (!q) return { kind: 'noBand' };
  return { kind: 'ok', emi: q.emi, totalInterest: q.totalInterest, ratePercent: q.ratePercent, floating: q.rate.type === 'FLOATING' };
}
