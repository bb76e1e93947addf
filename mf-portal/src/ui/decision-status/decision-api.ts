/** The applicant's live decision status (server routes/portal/decision-status.ts). */
export const DECISION_STATUS = '/v3/portal/decision-status';

export type DecisionStage = 'NOT_SUBMITTED' | 'CHECKING_CREDIT' | 'CHECKING_BANK_STATEMENT' | 'DECIDING' | 'OFFER' | 'DECLINED' | 'REVIEW' | 'CLOSED';

export interface DecisionStatus {
  stage: DecisionStage;
  passed: DecisionStage[];
  referralHours: number | null;
  offer: { proposalNo: string; amount: number; tenureMonths: number; ratePercent: number; emi: number; apr: number; validUntil: string; kfsState: string } | null;
}

/** The stages while the checks run: the page asks again every POLL_MS until one of the ends. */
export const RUNNING: DecisionStage[] = ['CHECKING_CREDIT', 'CHECKING_BANK_STATEMENT', 'DECIDING'];
export const POLL_MS = 2000;
