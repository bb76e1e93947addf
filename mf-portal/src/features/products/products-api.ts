import { useServerData, type Eligibility, type EmploymentKind, type ProductSummary } from '@lendline/shared';
import { storedTenant } from '../../lib/stored-tenant';
import { firstPaintRead } from '../../lib/first-paint';

/** The server's landing-page read (routes/portal/products-summary.ts): public, cached, one request for every product. */
export const PRODUCTS_SUMMARY_PATH = '/v3/portal/products';

export type { EmploymentKind, Eligibility, ProductSummary };

export function productsSummaryPath(lang: string, tenant: string | null = storedTenant()): string {
  const q = new URLSearchParams({ lang: lang === 'hi' ? 'hi' : 'en' });
  if (tenant) q.set('tenant', tenant);
  return `${PRODUCTS_SUMMARY_PATH}?${q.toString()}`;
}

/**
 * Every product the landing page shows, with its document labels in `lang`. On a page the server painted (issue 31),
 * the summary it painted from, read at that request (lib/first-paint.ts); otherwise, and once that is too old, read now.
 */
export function useProductsSummary(lang: string) {
  const path = productsSummaryPath(lang);
  const painted = firstPaintRead<{ data: ProductSummary[] }>(path);
  const live = useServerData<{ data: ProductSummary[] }>(painted ? null : path);
  return painted ? { data: painted, error: null, loading: false, reload: live.reload } : live;
}
