import type { Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import { currentKfs } from '../kfs/store';
import { policyOf } from './policy';
import { runOf } from './run';

/**
 * Where the applicant's application stands, as the portal's status page tells it (issue 29). Only what the applicant
 * may know: the stage, the offer's headline terms and where to accept them, and for a referral the expected time —
 * never the rules, scores or knock-out reasons (those are the officer's; the decline reasons come from the letter's
 * own view, GET /v3/portal/decline).
 * - NOT_SUBMITTED: still being filled in;
 * - CHECKING_CREDIT / CHECKING_BANK_STATEMENT / DECIDING: the chain is running (the page keeps polling);
 * - OFFER: a Key Fact Statement stands (straight through, or after an officer's decision) — to accept, or accepted;
 * - DECLINED: declined (the reasons: the decline view);
 * - REVIEW: an officer will review it, within referralHours (a referral, a knock-out, a product without a policy);
 * - CLOSED: the application ended otherwise (completed, cancelled): nothing to tell here.
 */
export type DecisionStage = 'NOT_SUBMITTED' | 'CHECKING_CREDIT' | 'CHECKING_BANK_STATEMENT' | 'DECIDING' | 'OFFER' | 'DECLINED' | 'REVIEW' | 'CLOSED';

export interface DecisionStatus {
  stage: DecisionStage;
  /** The stages the applicant has passed, in order (for the progress list). */
  passed: ('CHECKING_CREDIT' | 'CHECKING_BANK_STATEMENT' | 'DECIDING')[];
  referralHours: number | null;
  offer: { proposalNo: string; amount: number; tenureMonths: number; ratePercent: number; emi: number; apr: number; validUntil: string; kfsState: string } | null;
}

const DEFAULT_REFERRAL_HOURS = 24;

export async function decisionStatus(q: Queryable, tenant: string, app: ApplicationRow): Promise<DecisionStatus> {
  const none: Omit<DecisionStatus, 'stage'> = { passed: [], referralHours: null, offer: null };
  const all: DecisionStatus['passed'] = ['CHECKING_CREDIT', 'CHECKING_BANK_STATEMENT', 'DECIDING'];
  if (app.status === 'REJECTED') return { ...none, passed: all, stage: 'DECLINED' };
  if (app.doc.submitted !== true) return { ...none, stage: 'NOT_SUBMITTED' };
  const run = await runOf(q, app.application_id);
  if (run?.state === 'RUNNING') {
    const stage = run.stage === 'BUREAU' ? 'CHECKING_CREDIT' : run.stage === 'BANK_STATEMENT' ? 'CHECKING_BANK_STATEMENT' : 'DECIDING';
    return { ...none, stage, passed: all.slice(0, all.indexOf(stage)) };
  }
  // An offer stands however it came (straight through, or an officer's decision after a referral).
  const kfs = await currentKfs(q, app);
  if (kfs && kfs.state !== 'SUPERSEDED') {
    const t = kfs.terms;
    return { stage: 'OFFER', passed: all, referralHours: null, offer: { proposalNo: kfs.proposalNo, amount: t.amount, tenureMonths: t.tenureMonths, ratePercent: t.ratePercent, emi: t.emi, apr: t.apr, validUntil: kfs.validUntil, kfsState: kfs.state } };
  }
  if (run?.state === 'DECIDED' && run.outcome === 'APPROVE') return { ...none, stage: 'DECIDING', passed: all }; // the offer job is on its way
  if (app.status !== 'ACTIVE') return { ...none, stage: 'CLOSED' };
  const hours = (await policyOf(q, tenant, app.product_code))?.referralHours ?? DEFAULT_REFERRAL_HOURS;
  return { ...none, stage: 'REVIEW', passed: run?.state === 'REFERRED' ? all.slice(0, Math.min(3, run.done.length)) : [], referralHours: hours };
}
