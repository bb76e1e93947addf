/**
 * The external systems of credit review and disbursement, one interface each. The domain (domain/credit/) talks
 * only to these; which implementation answers is the tenant's setup config (ExternalAPI/<system>, POST
 * /externalAPI/configs): the deterministic sandbox (sandbox/*.ts, the default) or the HTTP client of the real service
 * (http/*.ts). Every reply carries `raw`: the reply's fields the product uses, as JSON text — what the adapter parsed
 * and nothing else (never the body as the third party sent it: unknown fields, echoed personal data, markup). It is
 * what the application keeps and what staff download (GET /integration/review/{id}/raw/{n}).
 */

export const SYSTEMS = ['BUREAU', 'BANK_STATEMENT', 'DECISION_ENGINE', 'CORE_BANKING', 'MANDATE', 'BANK_VERIFICATION'] as const;
export type CreditSystem = (typeof SYSTEMS)[number];

/** What an adapter knows about the applicant (taken from the application; never logged unmasked). */
export interface Applicant {
  applicationId: string;
  firstName: string;
  lastName: string;
  pan: string;
  dateOfBirth: string | null;
  mobile: string | null;
  monthlyIncome: number | null;
}

export interface BureauAccount {
  lender: string;
  type: 'PERSONAL_LOAN' | 'CREDIT_CARD' | 'HOME_LOAN' | 'AUTO_LOAN' | 'GOLD_LOAN';
  sanctioned: number;
  outstanding: number;
  emi: number;
  dpd: number;
  status: 'ACTIVE' | 'CLOSED';
}
export interface BureauReport {
  reference: string;
  score: number;
  accounts: BureauAccount[];
  /** Sum of the EMIs of the active accounts (what FOIR counts as existing obligations). */
  monthlyObligations: number;
  enquiriesLast6Months: number;
  raw: string;
}

export interface MonthSummary {
  month: string;
  inflow: number;
  outflow: number;
  salaryCredit: number;
  bounces: number;
}
export interface BankStatementAnalysis {
  transactionId: string;
  /** Where the customer shares their statement (Perfios's transaction link). */
  link: string;
  months: MonthSummary[];
  averageMonthlyInflow: number;
  bounces: number;
  emiObligations: number;
  raw: string;
}

export interface DecisionInput {
  applicationId: string;
  productCode: string;
  policy: string;
  loanAmount: number;
  tenureMonths: number;
  monthlyIncome: number;
  age: number | null;
  bureauScore: number | null;
  monthlyObligations: number;
  bounces: number | null;
  foir: number;
  maxEligibleAmount: number;
}
export interface DecisionRuleResult {
  rule: string;
  passed: boolean;
  /** APPROVE = no effect; REFER / DECLINE = what a failure of this rule makes the outcome. */
  effect: 'REFER' | 'DECLINE';
  reason: string;
}
export interface Decision {
  reference: string;
  outcome: 'APPROVE' | 'REFER' | 'DECLINE';
  rules: DecisionRuleResult[];
  raw: string;
}

/** A money operation as sent: the idempotency key is the same on every attempt of the same operation. */
export interface MoneyOperation {
  idempotencyKey: string;
  operation: 'LOAN_CREATION' | 'DISBURSEMENT_TRANCHE' | 'ACH_MANDATE';
  applicationId: string;
  body: Record<string, unknown>;
}
export interface MoneyResult {
  status: 'CONFIRMED' | 'REJECTED';
  reference: string;
  reason?: string;
  raw: string;
}

export interface BureauAdapter {
  readonly name: string;
  pull(applicant: Applicant): Promise<BureauReport>;
}
export interface BankStatementAdapter {
  readonly name: string;
  analyse(applicant: Applicant): Promise<BankStatementAnalysis>;
}
export interface DecisionEngineAdapter {
  readonly name: string;
  execute(a: string, b: string, input: DecisionInput): Promise<Decision>;
}
/** Core banking (loan creation, tranches) and the mandate system share this shape. */
export interface MoneyAdapter {
  readonly name: string;
  send(op: MoneyOperation): Promise<MoneyResult>;
  /** The outcome the other side recorded for this key, or null if it never saw it (asked before re-sending). */
  lookup(idempotencyKey: string): Promise<MoneyResult | null>;
}

/**
 * Why a call to an external system did not give an answer; `retryable` says whether the same call may be tried again.
 * `message` is this server's own wording (it reaches the caller, worklogs and audits); `detail` is what the external
 * system wrote in its error reply, bounded, for the server log only — never echoed to a caller.
 */
export class AdapterError extends Error {
  constructor(
    readonly kind: 'TIMEOUT' | 'UNAVAILABLE' | 'MALFORMED' | 'REJECTED' | 'CIRCUIT_OPEN' | 'NOT_CONFIGURED',
    message: string,
    readonly retryable: boolean,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'AdapterError';
  }
}

/** A tenant's setup config for one system (setup_configs ExternalAPI/<system>). */
export interface SystemConfig {
  mode: 'sandbox' | 'http';
  baseUrl?: string;
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  breakerFailures: number;
  breakerResetMs: number;
  /** The NAME of the environment variable holding the credential: the secret itself is never stored or logged. */
  credentialEnv?: string;
  /**
   * Sandbox only: how long a money call takes to answer (ms, at most 10000; none by default). A demo — and the browser
   * journey — can then watch a call move queued → sent → confirmed on the page instead of finding it already done.
   */
  sandboxLatencyMs?: number;
}

export const DEFAULT_CONFIG: SystemConfig = { mode: 'sandbox', timeoutMs: 5000, retries: 2, backoffMs: 200, breakerFailures: 5, breakerResetMs: 30000 };
