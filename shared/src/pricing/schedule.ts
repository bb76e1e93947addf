import { addMonths, daysBetween, parseDay } from './dates';
import { emi } from './emi';
import { paise } from './money';
import type { Instalment } from './types';

export interface ScheduleInput {
  amount: number;
  ratePercent: number;
  tenureMonths: number;
  /** YYYY-MM-DD */
  disbursementDate: string;
  /** YYYY-MM-DD; by default one month after disbursement (no broken period). At most two months after it. */
  firstDueDate?: string;
}

/**
 * The monthly repayment schedule. Instalments fall monthly on the first due date's day. Each month's interest is
 * the opening balance × rate / 12; the rest of the EMI repays principal; the last instalment clears the balance exactly.
 *
 * A broken first period: when the first due date is not one month after disbursement, the days between that date and
 * the first due date (negative when it comes sooner) earn simple interest at rate × days / 365 (fewer days: less interest), charged
 * with the first instalment, which therefore differs from the EMI; the principal it repays stays the EMI's.
 */
export function repaymentSchedule(input: ScheduleInput): { emi: number; brokenDays: number; brokenInterest: number; firstDueDate: string; rows: Instalment[] } {
  const { amount, ratePercent, tenureMonths, disbursementDate } = input;
  if (!(amount > 0)) throw new RangeError('amount must be above 0');
  if (!Number.isInteger(tenureMonths) || tenureMonths < 1) throw new RangeError('tenureMonths must be a whole number from 1');
  if (!(ratePercent >= 0)) throw new RangeError('ratePercent must be 0 or more');
  const first = input.firstDueDate ?? addMonths(disbursementDate, 1);
  parseDay(first);
  if (daysBetween(disbursementDate, first) <= 0 || daysBetween(addMonths(disbursementDate, 2), first) > 0) {
    throw new RangeError('firstDueDate must be after the disbursement date and at most two months after it');
  }
  const r = ratePercent / 1200;
  const monthly = emi(amount, ratePercent, tenureMonths);
  const brokenDays = daysBetween(addMonths(disbursementDate, 1), first);
  const brokenInterest = paise((amount * ratePercent * brokenDays) / 36500);
  // Monthly on the first due date's day; by default the disbursement's (31 Jan → 28 Feb, 31 Mar, 30 Apr …).
  const dueDay = parseDay(input.firstDueDate ?? disbursementDate).getUTCDate();
  const rows: Instalment[] = [];
  let balance = amount;
  for (let no = 1; no <= tenureMonths; no++) {
    const regular = paise(balance * r);
    const interest = no === 1 ? paise(regular + brokenInterest) : regular;
    let principal = paise(monthly - regular);
    if (no === tenureMonths || principal > balance) principal = paise(balance);
    const opening = balance;
    balance = paise(balance - principal);
    rows.push({ no, date: addMonths(first, no - 1, dueDay), opening, principal, interest, instalment: paise(principal + interest), balance });
    if (balance <= 0) break;
  }
  return { emi: monthly, brokenDays, brokenInterest, firstDueDate: first, rows };
}
