import { api } from '@lendline/shared';

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

/** One verification of the disbursement account (the account by its last four digits). */
export interface BankVerification {
  id: string;
  account: string;
  ifsc: string;
  status: 'VERIFIED' | 'NAME_MISMATCH' | 'INVALID_ACCOUNT' | 'INVALID_IFSC';
  verified: boolean;
  adapter: string;
  sandbox: boolean;
  reference: string | null;
  nameReturned: string | null;
  nameExpected: string;
  matchScore: number | null;
  threshold: number;
  verifiedBy: string;
  verifiedAt: string;
}
export interface BankAccount {
  /** The account the applicant gave in the flow: what the form starts with. */
  given: { accountNumber: string; ifsc: string } | null;
  /** The account a tranche goes to (the latest verification, when VERIFIED). */
  verified: BankVerification | null;
  verifications: BankVerification[];
}
export interface CoolingOff {
  state: 'NO_LOAN' | 'OPEN' | 'CLOSED' | 'REQUESTED' | 'PROCESSED';
  days: number;
  loanCreatedAt: string | null;
  windowEndsAt: string | null;
  quote: { principal: number; interest: number; amount: number; daysHeld: number; annualRatePercent: number } | null;
  request: { requestedAt: string; state: 'REQUESTED' | 'PROCESSED'; processedAt: string | null; reason?: string | null; processedBy?: string | null } | null;
}

export interface Rule {
  rule: string;
  passed: boolean;
  effect: 'REFER' | 'DECLINE';
  reason: string;
}
export interface BureauSummary {
  reference: string;
  score: number;
  monthlyObligations: number;
  accounts: { lender: string; type: string; sanctioned: number; outstanding: number; emi: number; dpd: number; status: string }[];
}
export interface BankSummary {
  transactionId: string;
  link: string;
  averageMonthlyInflow: number;
  bounces: number;
  emiObligations: number;
  months: { month: string; inflow: number; outflow: number; salaryCredit: number; bounces: number }[];
}
export interface NetFinancing {
  monthlyIncome: number;
  monthlyObligations: number;
  proposedEmi: number;
  foir: number;
  foirCap: number;
  maxEligibleAmount: number;
  netFinancingAmount: number;
  loanAmount: number;
}
export interface DecisionSummary {
  reference: string;
  outcome: 'APPROVE' | 'REFER' | 'DECLINE';
  rules: Rule[];
  netFinancing: NetFinancing;
  deviations: { key: string; reason: string }[];
}
interface Report<T> {
  id: string;
  adapter: string;
  summary: T;
  createdBy: string;
  createdAt: string;
}
export interface Call {
  callId: string;
  operation: 'LOAN_CREATION' | 'DISBURSEMENT_TRANCHE' | 'ACH_MANDATE';
  trancheNo: number | null;
  amount: number | null;
  /** TO_RELEASE: requested, waits for a second person (maker-checker); RETURNED: refused by them, never sent. */
  state: 'TO_RELEASE' | 'RETURNED' | 'QUEUED' | 'SENT' | 'CONFIRMED' | 'FAILED';
  attempts: number;
  retries: number;
  reason: string | null;
  externalRef: string | null;
  requestedBy: string;
  release: { role: string | null; waitsFor: string | null; waitsForTeam?: string | null; releasedBy: string | null; releasedAt: string | null; note: string | null };
  events: { event: string; detail: string; by: string; at: string }[];
}
export interface CreditReview {
  application_id: string;
  verNum: number;
  consent: boolean;
  reports: { BUREAU?: Report<BureauSummary>; BANK_STATEMENT?: Report<BankSummary>; DECISION?: Report<DecisionSummary> };
  deviations: { subTaskId: string; status: 'OPEN' | 'CLOSED'; source: string; deviations: { key: string; reason: string }[]; resolution: string | null }[];
  calls: Call[];
  /** What may be offered: why the loan may not be created yet (null when it may), and what is left to disburse. */
  lending: { status: string; sanctioned: number; requested: number; confirmed: number; remaining: number; loanBlocker: { label: string; reason: string; texts?: Record<string, string> } | null };
  bankAccount: BankAccount;
}

export const fetchReview = async (id: string) => (await api.get<{ data: CreditReview }>(CREDIT.review(id))).data;
/** Every write sends the verNum the tab last read; the server answers 409 when someone changed it meanwhile. */
export const post = (path: string, body: Record<string, unknown>) => api.post<unknown>(path, body);
