// What the credit routes answer (GET /integration/review/{application_id}: the credit tab; the cooling-off state),
// typed once for the server that writes it (domain/credit/review-view.ts, domain/bank-accounts, domain/cooling-off) and
// the remote that reads it (mf-tasks' credit tab). The server's TypeBox response schemas (routes/credit) check the same
// shapes on the wire.

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

/** One rule of the decision engine's answer. */
export interface CreditRule {
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
  rules: CreditRule[];
  netFinancing: NetFinancing;
  deviations: { key: string; reason: string }[];
}
/** The latest report of one kind: its summary (the raw copy by id). */
export interface CreditReport<T> {
  id: string;
  adapter: string;
  summary: T;
  createdBy: string;
  createdAt: string;
}
/** A money call (loan creation, a tranche, a mandate) with its state and history. */
export interface MoneyCall {
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
  release: { role: string | null; waitsFor: string | null; /** The team waitsFor names, when it is a team (its name is configured). */ waitsForTeam?: string | null; releasedBy: string | null; releasedAt: string | null; note: string | null };
  events: { event: string; detail: string; by: string; at: string }[];
}
/** GET /integration/review/{application_id}: everything the credit tab shows. */
export interface CreditReview {
  application_id: string;
  verNum: number;
  consent: boolean;
  reports: { BUREAU?: CreditReport<BureauSummary>; BANK_STATEMENT?: CreditReport<BankSummary>; NET_FINANCING?: CreditReport<NetFinancing>; DECISION?: CreditReport<DecisionSummary> };
  /** The §3 verification entries of the credit results (key BUREAU, BANK_STATEMENT, DECISION), as the application holds them. */
  verifications: { key?: string }[];
  deviations: { subTaskId: string; status: 'OPEN' | 'CLOSED'; source: string; deviations: { key: string; reason: string }[]; resolution: string | null }[];
  calls: MoneyCall[];
  /** What may be offered: why the loan may not be created yet (null when it may), and what is left to disburse. */
  lending: { status: string; sanctioned: number; requested: number; confirmed: number; remaining: number; loanBlocker: { label: string; reason: string; /** The reason in every language the product ships (issue 30). */ texts?: Record<string, string> } | null };
  bankAccount: BankAccount;
}
