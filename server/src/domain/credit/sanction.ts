import type { Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import { deviationsOf } from './deviations';
import { latestReports } from './report-store';
import type { BlockerText } from './blocker-texts';

/** The amount the loan is sanctioned for: the flow's loan amount, else the application's. */
export const sanctionedAmount = (app: Pick<ApplicationRow, 'custom_fields' | 'loan_amount'>) => Number(app.custom_fields.loanAmount ?? app.loan_amount ?? 0);

/**
 * Why the loan may not be created yet (issue 25, "a lifecycle that ends"), in words, or null when it may: the credit
 * decision must be APPROVE, or a REFER whose deviations were all approved by the approval chain. Before that nothing is
 * offered or accepted, so a request at Credit Review is refused for what is actually missing (the decision, or the
 * approval of its deviations), never for an unrelated earlier step. The label names the missing thing.
 */
export async function sanctionBlocker(q: Queryable, app: Pick<ApplicationRow, 'application_id'>): Promise<{ label: string; reason: string; text: BlockerText } | null> {
  const decision = (await latestReports(q, app.application_id)).DECISION;
  if (!decision) return { label: 'decision', reason: 'The loan can be created only after an approved credit decision: run the decision engine first', text: { key: 'noDecision' } };
  const outcome = String(decision.summary.outcome ?? '');
  if (outcome === 'DECLINE') return { label: 'decision', reason: 'The credit decision is DECLINE: no loan may be created or disbursed', text: { key: 'declined' } };
  const devs = await deviationsOf(q, app.application_id);
  if (devs.some((d) => d.status === 'OPEN')) return { label: 'EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL', reason: 'The loan can be created only once its deviations are approved; they still wait for approval', text: { key: 'deviationsOpen' } };
  const notApproved = devs.find((d) => d.status === 'CLOSED' && d.resolution !== null && d.resolution !== 'APPROVED');
  if (notApproved) return { label: 'deviations', reason: `A deviation was not approved (${notApproved.resolution}): no loan may be created or disbursed`, text: { key: 'deviationNotApproved', params: { resolution: notApproved.resolution ?? '' }, labels: { resolution: 'approvalDecision' } } };
  // A decision other than APPROVE (REFER) stands only through approved deviations.
  if (outcome !== 'APPROVE' && !devs.some((d) => d.status === 'CLOSED' && d.resolution === 'APPROVED')) {
    return {
      label: 'decision',
      reason: `The credit decision is ${outcome || 'not final'}: the loan can be created only once the decision is APPROVE or its deviations are approved`,
      text: outcome ? { key: 'notApproved', params: { outcome }, labels: { outcome: 'decisionOutcome' } } : { key: 'notFinal' },
    };
  }
  return null;
}

export interface Disbursed {
  /** Tranches requested and not returned (waiting, queued, sent, confirmed or failed). */
  requested: number;
  confirmed: number;
  /** Money calls of any operation still not settled: waiting for release, queued, sent or failed. */
  open: number;
}

/** The tranche totals of an application; RETURNED calls were never sent and count for nothing. */
export async function disbursedOf(q: Queryable, applicationId: string): Promise<Disbursed> {
  const { rows } = await q.query<{ requested: string; confirmed: string; open: number }>(
    `SELECT coalesce(sum(amount) FILTER (WHERE operation = 'DISBURSEMENT_TRANCHE' AND state <> 'RETURNED'), 0)::text AS requested,
            coalesce(sum(amount) FILTER (WHERE operation = 'DISBURSEMENT_TRANCHE' AND state = 'CONFIRMED'), 0)::text AS confirmed,
            count(*) FILTER (WHERE state NOT IN ('CONFIRMED', 'RETURNED') AND operation NOT LIKE 'STP\\_%')::int AS open
       FROM integration_calls WHERE application_id = $1`,
    [applicationId],
  );
  return { requested: Number(rows[0].requested), confirmed: Number(rows[0].confirmed), open: rows[0].open };
}
