import type { Queryable } from '../../db/db';
import { writeAudits } from '../applications/audit';
import type { ApplicationRow } from '../applications/row';
import { addEvent } from '../credit/calls';
import type { CurrentUser } from '../current-user';
import { insertWorklog, renderWorklog, type WorklogText } from '../tasks/worklog-text';
import { eligibility, knockOuts, policyOf, stopPhrase, storedStops, type Stop } from './policy';

/**
 * The system user the chain runs as: what the worklog, the audit and the reports name ("system", as the money-call
 * runner). It may act (APPLICATIONS_ACTIONS) and belongs to no team: it completes only the steps the policy lists,
 * and never holds a task a person could wait on.
 */
export const STP_USER: CurrentUser = { userId: 'system', userName: 'system', displayName: 'Straight-through processing', roles: ['APPLICATIONS_ACTIONS'], teams: [], kind: 'STAFF' };

export type StpOperation = 'STP_BUREAU' | 'STP_BANK_STATEMENT' | 'STP_DECISION' | 'STP_OFFER';
export type StpStage = 'BUREAU' | 'BANK_STATEMENT' | 'DECISION' | 'OFFER' | 'DONE';
export const STAGE_OF: Record<StpOperation, StpStage> = { STP_BUREAU: 'BUREAU', STP_BANK_STATEMENT: 'BANK_STATEMENT', STP_DECISION: 'DECISION', STP_OFFER: 'OFFER' };
export const STEP_LABEL: Record<StpStage, string> = { BUREAU: 'Bureau pull', BANK_STATEMENT: 'Bank-statement analysis', DECISION: 'Decision', OFFER: 'Offer and KFS', DONE: 'Done' };
export const isStpOperation = (op: string): op is StpOperation => op in STAGE_OF;

/** The job's idempotency key: one per step and application. */
export const jobIdOf = (applicationId: string, op: StpOperation) => `${op.replace('_', '-')}-${applicationId}`;

export interface StpRunRow {
  application_id: string;
  product_code: string;
  state: 'RUNNING' | 'DECIDED' | 'REFERRED' | 'KNOCKED_OUT' | 'NOT_ELIGIBLE';
  stage: StpStage;
  outcome: 'APPROVE' | 'REFER' | 'DECLINE' | null;
  reasons: Stop[];
  done: string[];
  submitted_at: Date | string;
  decided_at: Date | string | null;
  ended_at: Date | string | null;
}

export async function runOf(q: Queryable, applicationId: string, lock = false): Promise<StpRunRow | null> {
  const { rows } = await q.query<StpRunRow>(`SELECT * FROM stp_runs WHERE application_id = $1${lock ? ' FOR UPDATE' : ''}`, [applicationId]);
  return rows[0] ?? null;
}

/** Puts one step of the chain on the queue (QUEUED, due now); a key already there is left as it stands. */
export async function enqueueJob(tx: Queryable, applicationId: string, op: StpOperation, now: Date) {
  const id = jobIdOf(applicationId, op);
  const { rows } = await tx.query(
    `INSERT INTO integration_calls (call_id, application_id, operation, request, requested_by, state, run_after, created_at, updated_at)
     VALUES ($1,$2,$3,'{}'::jsonb,'system','QUEUED',$4,$4,$4) ON CONFLICT (call_id) DO NOTHING RETURNING call_id`,
    [id, applicationId, op, now],
  );
  if (rows.length) await addEvent(tx, id, 'QUEUED', `${STEP_LABEL[STAGE_OF[op]]} queued by straight-through processing`, 'system', now);
}

/** The chain's steps as the product's words (worklogKindTexts.terms.stpStep), by stage code. */
export const STAGE_OF_LABEL: Record<string, StpStage> = Object.fromEntries(Object.entries(STEP_LABEL).map(([stage, label]) => [label, stage as StpStage]));

/** Stops (reasons) as one phrase list of a keyed entry, "; "-joined as the English sentence always was. */
export const reasonList = (stops: Stop[]) => ({ join: '; ', items: stops.map(stopPhrase) });

/** A worklog entry (keyed: read in the reader's language) and an audit row, both by the system user. */
export async function logStp(tx: Queryable, app: Pick<ApplicationRow, 'application_id' | 'cur_task_id'>, text: WorklogText, audit: Record<string, unknown>, at: Date) {
  await writeAudits(tx, app.application_id, 'straight_through', 'system', at, [{ key: 'straightThrough', old: null, new: audit }]);
  await insertWorklog(tx, { applicationId: app.application_id, taskId: app.cur_task_id, userId: 'system', action: 'straight_through', at, text });
}

/** A note of a step (StepResult) in English, for the call's events and the audit. */
export const englishNote = (note: WorklogText) => renderWorklog(note);

/**
 * At submission, inside the transaction that submits (domain/portal/consumer-save.ts): the policy decides whether the
 * application runs straight through. Eligible and past the knock-outs: the run is RUNNING and the bureau job queued —
 * committed with the submission, so a crash right after it loses nothing (the runner finds the job). Otherwise the run
 * records why (NOT_ELIGIBLE / KNOCKED_OUT), nothing is called, and the application stays in its team's queue as before.
 * Answers whether a job was queued (the caller kicks the runner after the commit).
 */
export async function startStraightThrough(tx: Queryable, app: ApplicationRow, tenant: string, now: Date): Promise<boolean> {
  if (await runOf(tx, app.application_id)) return false; // submitted once: a second submit never starts a second run
  const policy = await policyOf(tx, tenant, app.product_code);
  const insert = (state: StpRunRow['state'], reasons: Stop[]) =>
    tx.query(`INSERT INTO stp_runs (application_id, product_code, state, stage, reasons, submitted_at, ended_at) VALUES ($1,$2,$3,$4,$5::jsonb,$6,$7)`, [
      app.application_id, app.product_code, state, state === 'RUNNING' ? 'BUREAU' : 'DONE', JSON.stringify(storedStops(reasons)), now, state === 'RUNNING' ? null : now,
    ]);
  if (!policy) {
    await insert('NOT_ELIGIBLE', [{ code: 'NO_POLICY', reason: `Product ${app.product_code} has no straight-through policy` }]);
    return false;
  }
  const notEligible = await eligibility(tx, app, policy);
  if (notEligible.length) {
    await insert('NOT_ELIGIBLE', notEligible);
    await logStp(tx, app, { key: 'stpNotEligibleLog', params: {}, lists: { reasons: reasonList(notEligible) } }, { state: 'NOT_ELIGIBLE', reasons: storedStops(notEligible) }, now);
    return false;
  }
  const knocked = await knockOuts(tx, app, policy, now);
  if (knocked.length) {
    await insert('KNOCKED_OUT', knocked);
    await logStp(tx, app, { key: 'stpKnockedOutLog', params: {}, lists: { reasons: reasonList(knocked) } }, { state: 'KNOCKED_OUT', reasons: storedStops(knocked) }, now);
    return false;
  }
  await insert('RUNNING', []);
  await enqueueJob(tx, app.application_id, 'STP_BUREAU', now);
  await logStp(tx, app, { key: 'stpStartedLog', params: {} }, { state: 'RUNNING' }, now);
  return true;
}
