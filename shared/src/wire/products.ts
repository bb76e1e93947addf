import type { PricingBand } from '../pricing';

// What the landing page's public read answers (GET /v3/portal/products), typed once for the server that writes it
// (domain/portal/products-summary.ts) and the portal that reads it (mf-portal features/products).

export type EmploymentKind = 'SALARIED' | 'SELF_EMPLOYED' | 'PROFESSIONAL' | 'BUSINESS';

/** Who may apply for a product, as its configuration (productParameters.eligibility) states it. */
export interface Eligibility {
  minAgeYears: number;
  /** Age by the end of the loan. */
  maxAgeYears: number;
  employment: EmploymentKind[];
  minMonthlyIncome?: number;
  minAnnualTurnover?: number;
  minYearsInBusiness?: number;
}

export interface ProductSummary {
  productCode: string;
  name: string;
  description: string;
  maximumJointApplicants: number;
  currency: string;
  amount: { min: number; max: number } | null;
  tenureMonths: { min: number; max: number } | null;
  /** The yearly rates the product's pricing bands charge today (floating: benchmark + spread); null without pricing. */
  rate: { minPercent: number; maxPercent: number; floating: boolean } | null;
  eligibility: Eligibility | null;
  /** The upload fields of the product's flow: what the applicant will be asked for, in the reader's language. */
  documents: { key: string; label: string; required: boolean }[];
  /** The pricing bands (what GET /v3/pricing/{code} publishes, less its version and editor): the EMI calculator prices by them. */
  bands: PricingBand[];
}
