import { useServerData, type Eligibility, type EmploymentKind, type ProductSummary } from '@lendline/shared';
import { storedTenant } from '../../lib/stored-tenant';

/** The server's landing-page read (routes/portal/products-summary.ts): public, cached, one request for every product. */
export const PRODUCTS_SUMMARY_PATH = '/v3/portal/products';

export type { EmploymentKind, Eligibility, ProductSummary };

export function productsSummaryPath(lang: string, tenant: string | null = storedTenant()): string {
  const q = new URLSearchParams({ lang: lang === 'hi' ? 'hi' : 'en' });
  if (tenant) q.set('tenant', tenant);
  return `${PRODUCTS_SUMMARY_PATH}?${q.toString()}`;
}

/** Every product the landing page shows, with its document labels in `lang`. */
export function useProductsSummary(lang: string) {
  return useServerData<{ data: ProductSummary[] }>(productsSummaryPath(lang));
}
