import { useServerData } from '@lendline/shared';
import type { ProductPricing } from '@lendline/shared/pricing';

/** The server path of a product's pricing (routes/pricing: any session may read it; nothing secret in it). */
export const pricingPath = (productCode: string) => `/v3/pricing/${encodeURIComponent(productCode)}`;

/** A product's pricing, read once per product: the loan step prices every change of amount or tenure locally from it. */
export function usePricing(productCode: string | undefined) {
  return useServerData<{ data: ProductPricing }>(productCode ? pricingPath(productCode) : null);
}
