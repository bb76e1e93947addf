import { apr } from './apr';
import { isoDay } from './dates';
import { paise } from './money';
import { repaymentSchedule } from './schedule';
import type { FeeConfig, FeeLine, PricingBand, ProductPricing, Quote, RateConfig } from './types';

/** The yearly rate a rate config charges: fixed, or benchmark + spread. */
export const ratePercentOf = (rate: RateConfig) => paise(rate.type === 'FIXED' ? rate.ratePercent : rate.benchmarkPercent + rate.spreadPercent);

/** A fee's amount on a loan: flat, or percent of the amount bounded by min and max. */
export function feeAmount(fee: FeeConfig, amount: number): number {
  let v = fee.flat ?? 0;
  if (fee.percent !== undefined) v += (amount * fee.percent) / 100;
  if (fee.min !== undefined) v = Math.max(v, fee.min);
  if (fee.max !== undefined) v = Math.min(v, fee.max);
  return paise(v);
}

/** The band pricing these terms (the first whose bounds hold both), or null: the product does not lend on them. */
export function bandFor(pricing: Pick<ProductPricing, 'bands'>, amount: number, tenureMonths: number): PricingBand | null {
  return pricing.bands.find((b) => amount >= b.minAmount && amount <= b.maxAmount && tenureMonths >= b.minTenureMonths && tenureMonths <= b.maxTenureMonths) ?? null;
}

export interface QuoteInput {
  amount: number;
  tenureMonths: number;
  /** YYYY-MM-DD; today by default. */
  disbursementDate?: string;
  firstDueDate?: string;
}

/**
 * Everything the borrower is told about one set of terms under one band: rate, EMI, the upfront fees (deducted at
 * disbursement), the schedule, totals and the APR over the net amount received.
 */
export function quoteBand(band: PricingBand, input: QuoteInput, today = new Date()): Quote {
  const disbursementDate = input.disbursementDate ?? isoDay(today);
  const ratePercent = ratePercentOf(band.rate);
  const s = repaymentSchedule({ amount: input.amount, ratePercent, tenureMonths: input.tenureMonths, disbursementDate, firstDueDate: input.firstDueDate });
  const fees: FeeLine[] = band.fees.map((f) => ({ code: f.code, payableTo: f.payableTo, amount: feeAmount(f, input.amount) }));
  const totalFees = paise(fees.reduce((t, f) => t + f.amount, 0));
  const netDisbursed = paise(input.amount - totalFees);
  const totalInterest = paise(s.rows.reduce((t, r) => t + r.interest, 0));
  return {
    amount: input.amount,
    tenureMonths: input.tenureMonths,
    rate: band.rate,
    ratePercent,
    emi: s.emi,
    fees,
    totalFees,
    netDisbursed,
    totalInterest,
    totalPayable: paise(input.amount + totalInterest + totalFees),
    apr: apr(netDisbursed, s.rows, s.brokenDays),
    contingent: band.contingent,
    disbursementDate,
    firstDueDate: s.firstDueDate,
    schedule: s.rows,
  };
}

/** quoteBand under the band for the terms; null when no band covers them. */
export function quote(pricing: Pick<ProductPricing, 'bands'>, input: QuoteInput, today = new Date()): Quote | null {
  const band = bandFor(pricing, input.amount, input.tenureMonths);
  return band ? quoteBand(band, input, today) : null;
}
