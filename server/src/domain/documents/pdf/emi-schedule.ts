import { isoDay, repaymentSchedule } from '@lendline/shared/pricing';

export interface Instalment {
  month: number;
  emi: number;
  principal: number;
  interest: number;
  balance: number;
}

/** The monthly EMI schedule of a template's emiSchedule block, from the one pricing engine (no broken period). */
export function emiSchedule(amount: number, ratePercent: number, tenureMonths: number, now = new Date()): { emi: number; totalInterest: number; totalPayment: number; rows: Instalment[] } {
  const s = repaymentSchedule({ amount, ratePercent, tenureMonths, disbursementDate: isoDay(now) });
  const rows = s.rows.map((r) => ({ month: r.no, emi: r.instalment, principal: r.principal, interest: r.interest, balance: r.balance }));
  const totalPayment = Math.round(rows.reduce((t, x) => t + x.emi, 0) * 100) / 100;
  return { emi: s.emi, totalPayment, totalInterest: Math.round((totalPayment - amount) * 100) / 100, rows };
}
