import type { Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import { loanTermsOf } from '../documents/pdf/templates';

/**
 * The one place the cooling-off exit reads the loan's yearly cost from. Today: the application's interest rate, else
 * the product's configured interestRate (the same terms the sanction letter and key-fact statement print). When the
 * pricing work stores the loan's APR at loan creation, this function answers that figure and nothing else changes.
 */
export async function loanCostBasis(q: Queryable, app: ApplicationRow): Promise<{ annualRatePercent: number; basis: 'INTEREST_RATE' }> {
  const terms = await loanTermsOf(q, app);
  return { annualRatePercent: terms.rate, basis: 'INTEREST_RATE' };
}
