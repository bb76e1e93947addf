/**
 * What a borrower repays to exit a loan in its cooling-off period (RBI digital lending directions: the principal and
 * the proportionate APR, no penalty): every confirmed tranche back, plus simple interest on each at the loan's annual
 * rate for the days it was held — whole days started, at least one (the day of the disbursement counts), on a
 * 365-day year. Rupees, rounded to the paisa. Pure: the tests check it against worked examples.
 */
export interface Tranche {
  amount: number;
  disbursedAt: Date;
}

export interface ExitAmount {
  principal: number;
  interest: number;
  amount: number;
  /** The days the longest-held tranche was held (what the borrower is told). */
  daysHeld: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const paise = (n: number) => Math.round(n * 100) / 100;

export function daysHeld(from: Date, on: Date): number {
  return Math.max(1, Math.ceil((on.getTime() - from.getTime()) / DAY_MS));
}

export function exitAmount(tranches: Tranche[], annualRatePercent: number, on: Date): ExitAmount {
  let principal = 0;
  let interest = 0;
  let longest = 0;
  for (const t of tranches) {
    const days = daysHeld(t.disbursedAt, on);
    longest = Math.max(longest, days);
    principal += t.amount;
    interest += (t.amount * annualRatePercent * days) / (100 * 365);
  }
  return { principal: paise(principal), interest: paise(interest), amount: paise(paise(principal) + paise(interest)), daysHeld: longest };
}

/** The window: from the loan's creation (its confirmation by core banking) for `days` days. */
export function windowEnd(loanCreatedAt: Date, days: number): Date {
  return new Date(loanCreatedAt.getTime() + days * DAY_MS);
}
