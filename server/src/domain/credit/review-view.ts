import type { CreditReview } from '@lendline/shared/contract';
import { kfsBlockerText } from '../kfs/store';
import { blockerTexts, type BlockerText } from './blocker-texts';
import type { Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import { bankAccountOf } from '../bank-accounts/verified';
import { callsOf } from './calls';
import { hasBureauConsent } from './applicant';
import { deviationsOf } from './deviations';
import { latestReports } from './report-store';
import { disbursedOf, sanctionBlocker, sanctionedAmount } from './sanction';

/**
 * GET /integration/review/{application_id}: everything the credit tab shows — the latest bureau, bank-statement,
 * net-financing and decision reports (summaries; the raw copies by id), the credit verifications, the deviations and
 * the money calls with their states and history, plus whether the bureau consent is recorded; and `lending`, what the
 * tab may offer: why the loan may not be created yet (null once the decision is APPROVE or its deviations approved) and
 * how much of the sanctioned amount is left to disburse (no tranche is offered at 0).
 */
export async function creditReview(q: Queryable, app: ApplicationRow): Promise<CreditReview> {
  const verifications = (Array.isArray(app.doc.verifications) ? (app.doc.verifications as Array<{ key?: string }>) : []).filter((v) =>
    ['BUREAU', 'BANK_STATEMENT', 'DECISION'].includes(v.key ?? ''),
  );
  return {
    application_id: app.application_id,
    verNum: app.ver_num,
    consent: await hasBureauConsent(q, app),
    // The summaries are the adapters' answers as filed (report-store.ts keeps them as JSON); the response schema checks them.
    reports: (await latestReports(q, app.application_id)) as CreditReview['reports'],
    verifications,
    deviations: await deviationsOf(q, app.application_id),
    calls: await callsOf(q, app.application_id),
    lending: await lendingOf(q, app),
    bankAccount: await bankAccountOf(q, app),
  };
}

async function lendingOf(q: Queryable, app: ApplicationRow) {
  const sanctioned = sanctionedAmount(app);
  const money = await disbursedOf(q, app.application_id);
  let why: { label: string; reason: string; text: BlockerText } | null =
    app.status === 'ACTIVE' ? await sanctionBlocker(q, app) : { label: 'application_id', reason: `The application is ${app.status}`, text: { key: 'notActive', params: { status: app.status }, labels: { status: 'applicationStatus' } } };
  // Until the loan is requested, the accepted Key Fact Statement is the last thing it waits for (calls.ts checks it too).
  if (!why && !(await q.query(`SELECT 1 FROM integration_calls WHERE call_id = $1`, [`LOAN-${app.application_id}`])).rows.length) {
    const kfs = await kfsBlockerText(q, app);
    if (kfs) why = { label: 'KFS', ...kfs };
  }
  return {
    status: app.status,
    sanctioned,
    requested: money.requested,
    confirmed: money.confirmed,
    remaining: Math.max(0, Math.round((sanctioned - money.requested) * 100) / 100),
    loanBlocker: why && { label: why.label, reason: why.reason, texts: blockerTexts(why.text) },
  };
}
