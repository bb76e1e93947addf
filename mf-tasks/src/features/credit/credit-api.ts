import { api, type CreditReview } from '@lendline/shared';

/** The credit routes of the server (docs/ARCHITECTURE.md, Credit and disbursement). */
export const CREDIT = {
  review: (id: string) => `/integration/review/${encodeURIComponent(id)}`,
  raw: (id: string, reportId: string) => `/integration/review/${encodeURIComponent(id)}/raw/${encodeURIComponent(reportId)}`,
  bureau: '/cibil/obligation',
  bankStatement: '/perfios/transactionLink',
  netFinancing: '/net_per_fin_config/net_financing_calculation',
  decision: (a: string, b: string) => `/decision_engine/execute/${a}/${b}`,
  loanCreation: '/integration/loanCreation',
  tranche: '/integration/disbursementTranche',
  mandate: '/integration/achMandate',
  retry: '/integration/retry',
  release: '/integration/release',
  return: '/integration/return',
  verifyAccount: '/integration/bankAccount/verify',
  coolingOff: (id: string) => `/v3/portal/coolingOff?application_id=${encodeURIComponent(id)}`,
  processExit: '/integration/coolingOff/process',
} as const;

// The wire types are shared with the server (@lendline/shared, wire/credit.ts); the tab's names for them.
export type { BankAccount, BankSummary, BankVerification, BureauSummary, CoolingOff, CreditReview, DecisionSummary, NetFinancing } from '@lendline/shared';
export type { CreditRule as Rule, MoneyCall as Call } from '@lendline/shared';

export const fetchReview = async (id: string) => (await api.get<{ data: CreditReview }>(CREDIT.review(id))).data;
/** Every write sends the verNum the tab last read; the server answers 409 when someone changed it meanwhile. */
export const post = (path: string, body: Record<string, unknown>) => api.post<unknown>(path, body);
