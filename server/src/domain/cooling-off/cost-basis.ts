import type { Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import { loanTermsOf } from '../documents/pdf/templates';

export type CostBasis = { annualRatePercent: number; basis: 'KFS_APR' | 'INTEREST_RATE' };

/**
 * The one place the cooling-off exit reads the loan's yearly cost from. The APR of the Key Fact Statement the borrower
 * accepted (the cost they were told, all charges counted: the digital lending directions' "proportionate APR"); a loan
 * made before statements existed falls back to its interest rate (the application's, else the product's).
 */
export async function loanCostBasis(q: Queryable, app: ApplicationRow): Promise<CostBasis> {
  const { rows } = await q.query<{ apr: string | number | null }>(
    `SELECT terms->>'apr' AS apr FROM kfs_statements WHERE application_id = $1 AND status = 'ACCEPTED' ORDER BY version DESC LIMIT 1`,
    [app.application_id],
  );
  const apr = Number(rows[0]?.apr);
  if (rows[0]?.apr != null && Number.isFinite(apr) && apr > 0) return { annualRatePercent: apr, basis: 'KFS_APR' };
  const terms = await loanTermsOf(q, app);
  return { annualRatePercent: terms.rate, basis: 'INTEREST_RATE' };
}
