import { emi } from '../portal/emi';

/** The lender's net-financing policy (setup config Credit/NetFinancing per tenant; these are the defaults). */
export interface NetFinancingPolicy {
  /** Highest share of net monthly income all EMIs (existing + this loan) may take. */
  foirCap: number;
  ratePercent: number;
  defaultTenureMonths: number;
}
export const DEFAULT_POLICY: NetFinancingPolicy = { foirCap: 0.5, ratePercent: 11.5, defaultTenureMonths: 60 };

export interface NetFinancingInput {
  monthlyIncome: number;
  monthlyObligations: number;
  loanAmount: number;
  tenureMonths: number;
}

export interface NetFinancing extends NetFinancingInput {
  ratePercent: number;
  foirCap: number;
  proposedEmi: number;
  /** (existing obligations + proposed EMI) / net monthly income, 4 decimals. */
  foir: number;
  /** The largest EMI the policy leaves room for. */
  maxEmi: number;
  /** The principal that EMI repays over the tenure at the rate, in whole thousands. */
  maxEligibleAmount: number;
  /** What may be financed: the asked amount, capped at the eligible one. */
  netFinancingAmount: number;
}

/**
 * FOIR and net financing: proposed EMI by the annuity formula (portal/emi.ts), FOIR = (obligations + EMI) / income,
 * eligible principal = the present value of the EMI room (income × cap − obligations) over the tenure.
 */
export function netFinancing(i: NetFinancingInput, p: NetFinancingPolicy): NetFinancing {
  const proposedEmi = i.loanAmount > 0 && i.tenureMonths > 0 ? emi(i.loanAmount, p.ratePercent, i.tenureMonths).emi : 0;
  const foir = i.monthlyIncome > 0 ? Math.round(((i.monthlyObligations + proposedEmi) / i.monthlyIncome) * 10000) / 10000 : 9.9999;
  const maxEmi = Math.max(0, Math.round((i.monthlyIncome * p.foirCap - i.monthlyObligations) * 100) / 100);
  const r = p.ratePercent / 1200;
  const pv = r > 0 ? (maxEmi * (1 - (1 + r) ** -i.tenureMonths)) / r : maxEmi * i.tenureMonths;
  const maxEligibleAmount = Math.floor(pv / 1000) * 1000;
  return { ...i, ratePercent: p.ratePercent, foirCap: p.foirCap, proposedEmi, foir, maxEmi, maxEligibleAmount, netFinancingAmount: Math.min(i.loanAmount, maxEligibleAmount) };
}

export function parsePolicy(stored: Record<string, unknown> | undefined): NetFinancingPolicy {
  const s = stored ?? {};
  const n = (k: keyof NetFinancingPolicy, min: number, max: number) => (typeof s[k] === 'number' && (s[k] as number) >= min && (s[k] as number) <= max ? (s[k] as number) : DEFAULT_POLICY[k]);
  return { foirCap: n('foirCap', 0.05, 1), ratePercent: n('ratePercent', 0, 99.99), defaultTenureMonths: Math.round(n('defaultTenureMonths', 1, 480)) };
}
