/**
 * Pricing as configuration (issue 27): what a product charges, per amount/tenure band. The server stores it (table
 * product_pricing, an admin edits it), the engine (engine.ts) turns it and the loan's terms into the rate, EMI,
 * schedule, fees and APR that the portal, the staff Credit tab and the Key Fact Statement all show.
 */

/** A fixed rate, or a floating one: an external benchmark plus the lender's spread, reset every resetMonths. */
export type RateConfig =
  | { type: 'FIXED'; ratePercent: number }
  | { type: 'FLOATING'; benchmarkName: string; benchmarkPercent: number; spreadPercent: number; resetMonths: number };

export const FEE_CODES = ['PROCESSING', 'DOCUMENTATION', 'INSURANCE', 'THIRD_PARTY'] as const;
export type FeeCode = (typeof FEE_CODES)[number];

/**
 * An upfront, one-time fee, deducted from what is disbursed: a percentage of the loan amount bounded by min/max, or a
 * flat amount. payableTo tells the KFS's two columns apart (to the lender, or to a third party through the lender).
 */
export interface FeeConfig {
  code: FeeCode;
  payableTo: 'LENDER' | 'THIRD_PARTY';
  percent?: number;
  flat?: number;
  min?: number;
  max?: number;
}

export const CONTINGENT_CODES = ['PENAL', 'FORECLOSURE', 'SWITCHING'] as const;
export type ContingentCode = (typeof CONTINGENT_CODES)[number];
/** What a contingent charge is counted on: per late instalment, a yearly % on the overdue amount, % of the outstanding principal, or per request. */
export const CONTINGENT_BASES = ['PER_INSTANCE', 'PERCENT_PA_ON_OVERDUE', 'PERCENT_OF_OUTSTANDING', 'PER_REQUEST', 'NOT_APPLICABLE'] as const;
export type ContingentBasis = (typeof CONTINGENT_BASES)[number];

/** A charge payable only if something happens (late payment, foreclosure, switching the rate type). */
export interface ContingentCharge {
  code: ContingentCode;
  basis: ContingentBasis;
  value: number;
}

/** One band: loans with amount and tenure within its bounds (inclusive) are priced by it. */
export interface PricingBand {
  minAmount: number;
  maxAmount: number;
  minTenureMonths: number;
  maxTenureMonths: number;
  rate: RateConfig;
  fees: FeeConfig[];
  contingent: ContingentCharge[];
}

export interface ProductPricing {
  productCode: string;
  /** Bumped on every admin edit: a KFS names the version it was priced by. */
  version: number;
  bands: PricingBand[];
}

export interface Instalment {
  no: number;
  /** Due date, YYYY-MM-DD. */
  date: string;
  /** Outstanding principal before this instalment. */
  opening: number;
  principal: number;
  interest: number;
  instalment: number;
  /** Outstanding principal after it. */
  balance: number;
}

export interface FeeLine {
  code: FeeCode;
  payableTo: 'LENDER' | 'THIRD_PARTY';
  amount: number;
}

/** Everything the borrower is shown about one set of terms. */
export interface Quote {
  amount: number;
  tenureMonths: number;
  rate: RateConfig;
  ratePercent: number;
  emi: number;
  fees: FeeLine[];
  totalFees: number;
  netDisbursed: number;
  totalInterest: number;
  /** Principal + interest + fees: all the borrower pays. */
  totalPayable: number;
  /** Annual percentage rate, % with 2 decimals (apr.ts). */
  apr: number;
  contingent: ContingentCharge[];
  disbursementDate: string;
  firstDueDate: string;
  schedule: Instalment[];
}
