import { useServerData } from '@lendline/shared';
import type { PricingBand } from '@lendline/shared/pricing';
import { storedTenant } from '../../lib/stored-tenant';

/** The server's landing-page read (routes/portal/products-summary.ts): public, cached, one request for every product. */
export const PRODUCTS_SUMMARY_PATH = '/v3/portal/products';

export type EmploymentKind = 'SALARIED' | 'SELF_EMPLOYED' | 'PROFESSIONAL' | 'BUSINESS';

export interface Eligibility {
  minAgeYears: number;
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
  rate: { minPercent: number; maxPercent: number; floating: boolean } | null;
  eligibility: Eligibility | null;
  documents: { key: string; label: string; required: boolean }[];
  bands: PricingBand[];
}

export function productsSummaryPath(lang: string, tenant: string | null = storedTenant()): string {
  const q = new URLSearchParams({ lang: lang === 'hi' ? 'hi' : 'en' });
  if (tenant) q.set('tenant', tenant);
  return `${PRODUCTS_SUMMARY_PATH}?${q.toString()}`;
}

/** Every product the landing page shows, with its document labels in `lang`. */
export function useProductsSummary(lang: string) {
  return useServerData<{ data: ProductSummary[] }>(productsSummaryPath(lang));
}
