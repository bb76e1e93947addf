import type { Instalment } from './types';

/** Days in an average month: the time of a due date in months from disbursement, for a broken first period. */
const MONTH_DAYS = 365 / 12;

/**
 * The monthly internal rate of return i of the borrower's cash flows: the net amount received at disbursement
 * (principal − upfront fees), then each instalment at its time t (months since disbursement; whole months apart, the
 * first after the broken period): net = Σ instalment / (1 + i)^t. Solved by bisection (the present value falls as i
 * rises, so there is one root), to 1e-12.
 */
export function monthlyIrr(netDisbursed: number, flows: { amount: number; months: number }[]): number {
  const pv = (i: number) => flows.reduce((s, f) => s + f.amount / (1 + i) ** f.months, 0);
  let lo = -0.99;
  let hi = 1;
  while (pv(hi) > netDisbursed && hi < 1e6) hi *= 2;
  for (let k = 0; k < 300 && hi - lo > 1e-12; k++) {
    const mid = (lo + hi) / 2;
    if (pv(mid) > netDisbursed) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The Annual Percentage Rate as the KFS defines it: the annual cost of credit with every charge the borrower bears, as
 * the IRR of the cash flows annualised the way the RBI's illustration does (monthly IRR × 12), in % with 2 decimals.
 * Instalment k falls k months after disbursement, shifted by the broken first period's days (schedule.ts).
 */
export function apr(netDisbursed: number, schedule: Pick<Instalment, 'instalment'>[], brokenDays = 0): number {
  const shift = brokenDays / MONTH_DAYS;
  const i = monthlyIrr(netDisbursed, schedule.map((row, k) => ({ amount: row.instalment, months: k + 1 + shift })));
  return Math.round(i * 12 * 100 * 100) / 100;
}
