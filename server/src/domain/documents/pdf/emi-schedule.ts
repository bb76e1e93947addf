import { emi } from '../../portal/emi';

export interface Instalment {
  month: number;
  emi: number;
  principal: number;
  interest: number;
  balance: number;
}

/**
 * The monthly EMI schedule of the key-fact statement: each month's interest on the balance at the yearly rate / 12,
 * the rest of the EMI repays principal; the last instalment clears the balance exactly (rounding to paise).
 */
export function emiSchedule(amount: number, ratePercent: number, tenureMonths: number): { emi: number; totalInterest: number; totalPayment: number; rows: Instalment[] } {
  const terms = emi(amount, ratePercent, tenureMonths);
  const r = ratePercent / 1200;
  const rows: Instalment[] = [];
  let balance = amount;
  for (let m = 1; m <= tenureMonths; m++) {
    const interest = Math.round(balance * r * 100) / 100;
    let principal = Math.round((terms.emi - interest) * 100) / 100;
    if (m === tenureMonths) principal = Math.round(balance * 100) / 100;
    balance = Math.max(0, Math.round((balance - principal) * 100) / 100);
    rows.push({ month: m, emi: Math.round((principal + interest) * 100) / 100, principal, interest, balance });
  }
  const totalPayment = Math.round(rows.reduce((s, x) => s + x.emi, 0) * 100) / 100;
  return { emi: terms.emi, totalPayment, totalInterest: Math.round((totalPayment - amount) * 100) / 100, rows };
}
