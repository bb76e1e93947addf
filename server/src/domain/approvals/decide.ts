import type { Db } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { forbidden, HttpError, notFound, refused } from '../errors';
import { ERROR_CODES, ERROR_MESSAGES } from '@lendline/shared/contract';
import { changeApplication, type TaskChange } from '../tasks/change';
import { levelOf, makerOf, nextLevel, toDecider, type ApprovalBody, type ApprovalRow, type Decision } from './chain';
import { assertDecider, assertForwardTarget, mayForward } from './eligibility';
import { approvalTask, completeApprovalStep, rejectApplication, sendBackFailed, sendBackToMaker } from './lifecycle';
import { isDeclineRecommendation } from './recommendation';
import type { NotificationText } from '../notifications/texts';
import type { WorklogText } from '../tasks/worklog-text';

/** §4 approval actions: approve, reject, forward, send_back — each one transaction through changeApplication. */

interface Target {
  application_id: string;
  verNum: number;
  subTaskId: string;
}
export interface ApproveInput extends Target {
  comment?: string;
}
export interface ReasonInput extends Target {
  reason: string;
}
export interface ForwardInput extends Target {
  userName: string;
  comment?: string;
}

/** The same answer for an approval that does not exist and one of another application. */
export const approvalNotFound = () => notFound('subTaskId', 'Approval not found');

async function lockApproval(c: TaskChange, subTaskId: string): Promise<ApprovalRow> {
  const { rows } = await c.tx.query<ApprovalRow>(`SELECT * FROM sub_tasks WHERE id = $1::bigint FOR UPDATE`, [subTaskId]);
  const r = rows[0];
  if (!r || r.application_id !== c.app.application_id || (r.kind !== 'APPROVAL' && r.kind !== 'EXCEPTION')) throw approvalNotFound();
  if (c.app.status !== 'ACTIVE') throw refused('application_id', `Application ${c.app.application_id} is ${c.app.status}; approvals are decided only while it is ACTIVE`);
  if (r.status !== 'OPEN') throw refused('subTaskId', `This approval was decided already (${r.body.decision ?? 'closed'}${r.body.decidedBy ? ` by ${r.body.decidedBy}` : ''})`);
  return r;
}

async function writeApproval(c: TaskChange, r: ApprovalRow, set: { closed?: boolean; assigned_to?: string | null; body: ApprovalBody }): Promise<ApprovalRow> {
  const body = { ...r.body, ...set.body };
  const { rows } = await c.tx.query<ApprovalRow>(
    `UPDATE sub_tasks SET status = $2, closed_at = $3, assigned_to = $4, body = $5 WHERE id = $1 RETURNING *`,
    [r.id, set.closed ? 'CLOSED' : r.status, set.closed ? c.now : r.closed_at, set.assigned_to === undefined ? r.assigned_to : set.assigned_to, JSON.stringify(body)],
  );
  if (set.closed) c.changes.push({ key: `approval.${r.id}.decision`, old: null, new: body.decision });
  if (set.assigned_to !== undefined) c.changes.push({ key: `approval.${r.id}.assigned_to`, old: r.assigned_to, new: set.assigned_to });
  c.taskId = r.task_id;
  return rows[0];
}

const decide = (c: TaskChange, r: ApprovalRow, decision: Decision, comment: string | undefined) =>
  writeApproval(c, r, { closed: true, body: { decision, decidedBy: c.user.userName, decidedAt: c.now.toISOString(), comment: comment ?? '' } });

/** What an entry is about, as a phrase of its own (worklogKindTexts): the deviations by their labels, or the level by its name. */
const what = (r: ApprovalRow): WorklogText =>
  r.kind === 'EXCEPTION'
    ? { key: 'approvalWhatExceptions', params: { rules: (r.body.exceptions ?? []).map((e) => e.key).join(',') }, labelLists: { rules: 'decisionRule' } }
    : { key: 'approvalWhatLevel', params: { n: levelOf(r).level, level: levelOf(r).name } };
/** An approval's worklog entry: `key` with the approval as {what} and the decider as {actor}. */
const entry = (c: TaskChange, r: ApprovalRow, key: string, params: Record<string, string | number> = {}): WorklogText => ({ key, params: { actor: c.user.userName, ...params }, parts: { what: what(r) } });
const toMaker = (r: ApprovalRow, text: NotificationText) => ({ user: makerOf(r), type: 'FOLLOWED' as const, event: 'AssignedToApprovalUser' as const, text });

/** Closes the other open levels of the same approval step (a decision on one decides the chain's round); a decline recommendation is decided on its own. */
async function closeRest(c: TaskChange, r: ApprovalRow, decision: Decision) {
  const { rows } = await c.tx.query<ApprovalRow>(
    `SELECT * FROM sub_tasks WHERE application_id = $1 AND kind = 'APPROVAL' AND status = 'OPEN' AND id <> $2 AND task_id IS NOT DISTINCT FROM $3
        AND (body ->> 'recommendation') IS NULL FOR UPDATE`,
    [c.app.application_id, r.id, r.task_id],
  );
  for (const other of rows) await decide(c, other, decision, `Closed with level ${levelOf(r).level}`);
}

/**
 * Four eyes on a decline (recommendation.ts): approving the officer's recommendation confirms it — the officer's task
 * and the application are rejected with the configured reason, the confirmer recorded beside the officer.
 */
async function confirmDecline(c: TaskChange, r: ApprovalRow, comment: string | undefined) {
  const task = await approvalTask(c, r.task_id);
  const done = await decide(c, r, 'APPROVED', comment);
  const why = r.body.declineReason ?? { code: 'UNSPECIFIED', label: 'Declined' };
  await rejectApplication(c, task, why.label, { reasonCode: why.code, comment: r.body.note ?? '', recommendedBy: makerOf(r) ?? undefined });
  const note = comment ? `: ${comment}` : '';
  c.worklog = { key: 'declineConfirmedLog', params: { maker: makerOf(r) ?? '', actor: c.user.userName, declineReason: why.label, note } };
  c.notices.push(toMaker(r, { key: 'declineConfirmed', params: { actor: c.user.userName, app: c.app.application_id, declineReason: why.label, note } }));
  return { approval: done, next: null };
}

/** Declining the confirmation (reject or send_back): the application stays ACTIVE with the officer, who is told why. */
async function refuseDecline(c: TaskChange, r: ApprovalRow, decision: Decision, reason: string) {
  const done = await decide(c, r, decision, reason);
  c.worklog = { key: 'declineNotConfirmedLog', params: { maker: makerOf(r) ?? '', actor: c.user.userName, reason } };
  c.notices.push(toMaker(r, { key: 'declineNotConfirmed', params: { actor: c.user.userName, app: c.app.application_id, reason } }));
  return { approval: done, next: null };
}

export function approve(db: Db, user: CurrentUser, input: ApproveInput) {
  return changeApplication(db, user, input, 'approve', { subTaskId: input.subTaskId, comment: input.comment }, async (c) => {
    const r = await lockApproval(c, input.subTaskId);
    assertDecider(c.app, r, user);
    if (isDeclineRecommendation(r)) return confirmDecline(c, r, input.comment);
    const task = r.kind === 'APPROVAL' ? await approvalTask(c, r.task_id) : null;
    const done = await decide(c, r, 'APPROVED', input.comment);
    const note = input.comment ? `: ${input.comment}` : '';
    if (!task) {
      c.worklog = entry(c, r, 'approvalApprovedLog', { note });
      c.notices.push(toMaker(r, { key: 'exceptionsApproved', params: { actor: user.userName, app: c.app.application_id, note } }));
      return { approval: done, next: null };
    }
    const next = await nextLevel(c.tx, c.app, r, c.now);
    if (next) {
      const l = levelOf(next);
      c.worklog = entry(c, r, 'approvalNextLevelLog', { note, level: l.name, n: l.level, levels: l.levels });
      c.notices.push(toDecider(next, { key: 'approvalNextLevel', params: { app: c.app.application_id, level: l.name, n: l.level, levels: l.levels, actor: user.userName, done: levelOf(r).level } }));
      c.notices.push(toMaker(r, { key: 'approvalLevelApproved', params: { actor: user.userName, done: levelOf(r).level, app: c.app.application_id, note, level: l.name } }));
      return { approval: done, next };
    }
    const moved = await completeApprovalStep(c, task);
    c.worklog = moved.stepName ? entry(c, r, 'approvalCompleteOnToLog', { note, step: moved.stepName }) : entry(c, r, 'approvalCompleteLog', { note });
    c.notices.push(toMaker(r, { key: 'approvalApproved', params: { app: c.app.application_id, actor: user.userName, level: levelOf(r).name, note } }));
    if (moved.team) c.notices.push({ team: moved.team, type: 'TEAM', event: 'AssignedToTeam', text: { key: 'approvedToTeam', params: { app: c.app.application_id, step: moved.stepName ?? '' } } });
    return { approval: done, next: null };
  });
}

export function reject(db: Db, user: CurrentUser, input: ReasonInput) {
  return changeApplication(db, user, input, 'approval_reject', { subTaskId: input.subTaskId, reason: input.reason }, async (c) => {
    const r = await lockApproval(c, input.subTaskId);
    assertDecider(c.app, r, user);
    if (isDeclineRecommendation(r)) return refuseDecline(c, r, 'REJECTED', input.reason);
    const task = r.kind === 'APPROVAL' ? await approvalTask(c, r.task_id) : null;
    const done = await decide(c, r, 'REJECTED', input.reason);
    if (!task) {
      // A rejected deviation: the maker is told; their step goes on (or they reject the application themselves).
      c.worklog = entry(c, r, 'approvalRejectedOnlyLog', { reason: input.reason });
      c.notices.push(toMaker(r, { key: 'exceptionsRejected', params: { actor: user.userName, app: c.app.application_id, reason: input.reason } }));
      return { approval: done, next: null };
    }
    await closeRest(c, r, 'REJECTED');
    // The maker is kept so a withdrawn rejection restarts the chain for the same maker (maker-checker holds again).
    await rejectApplication(c, task, input.reason, { maker: makerOf(r) ?? undefined });
    c.worklog = entry(c, r, 'approvalRejectedLog', { reason: input.reason });
    c.notices.push(toMaker(r, { key: 'approvalRejected', params: { actor: user.userName, app: c.app.application_id, reason: input.reason } }));
    return { approval: done, next: null };
  });
}

export function forward(db: Db, user: CurrentUser, input: ForwardInput) {
  return changeApplication(db, user, input, 'approval_forward', { subTaskId: input.subTaskId, userName: input.userName, comment: input.comment }, async (c) => {
    const r = await lockApproval(c, input.subTaskId);
    if (!mayForward(r, user)) throw forbidden('subTaskId', r.assigned_to ? `This approval is with ${r.assigned_to}; only they or an admin may forward it` : `Only ${levelOf(r).name} approvals holders (role ${levelOf(r).role}, team ${r.assigned_team}) may forward it`);
    await assertForwardTarget(c.tx, c.app, r, user, input.userName);
    const forwards = [...(r.body.forwards ?? []), { from: r.assigned_to ?? (r.assigned_team ? `team:${r.assigned_team}` : null), to: input.userName, by: user.userName, at: c.now.toISOString(), comment: input.comment ?? '' }];
    const moved = await writeApproval(c, r, { assigned_to: input.userName, body: { forwards } });
    c.worklog = entry(c, r, 'approvalForwardedLog', { target: input.userName, note: input.comment ? `: ${input.comment}` : '' });
    c.notices.push(toDecider(moved, { key: 'approvalForwarded', params: { actor: user.userName, app: c.app.application_id, level: levelOf(r).name, note: input.comment ? `: ${input.comment}` : '' } }));
    return { approval: moved, next: null };
  });
}

/** Every refusal of a send_back after the access and version checks is §8 1167 ("Error while sending back"). */
function asSendBackFailure(e: unknown): unknown {
  if (e instanceof HttpError && (e.statusCode === 400 || e.statusCode === 403) && (e.body as { code?: unknown }).code === ERROR_CODES.VALIDATION_FAILED) {
    return new HttpError(500, { ...e.body, code: ERROR_CODES.SEND_BACK_FAILED, message: ERROR_MESSAGES[1167] });
  }
  return e;
}

export async function sendBack(db: Db, user: CurrentUser, input: ReasonInput) {
  try {
    return await changeApplication(db, user, input, 'send_back', { subTaskId: input.subTaskId, reason: input.reason }, async (c) => {
      const r = await lockApproval(c, input.subTaskId);
      assertDecider(c.app, r, user);
      if (isDeclineRecommendation(r)) return refuseDecline(c, r, 'SENT_BACK', input.reason);
      const maker = makerOf(r);
      if (r.kind === 'EXCEPTION') {
        const done = await decide(c, r, 'SENT_BACK', input.reason);
        c.worklog = maker ? entry(c, r, 'approvalSentBackLog', { maker, reason: input.reason }) : entry(c, r, 'approvalSentBackNoMakerLog', { reason: input.reason });
        c.notices.push(toMaker(r, { key: 'exceptionsSentBack', params: { actor: user.userName, app: c.app.application_id, reason: input.reason } }));
        return { approval: done, next: null };
      }
      const task = await approvalTask(c, r.task_id, sendBackFailed);
      const done = await decide(c, r, 'SENT_BACK', input.reason);
      await closeRest(c, r, 'SENT_BACK');
      const stepName = await sendBackToMaker(c, task, maker);
      c.worklog = { key: 'sentBackToMakerLog', params: { maker: maker ?? '', step: stepName, actor: user.userName, reason: input.reason } };
      c.notices.push({ user: maker, type: 'ASSIGNED', event: 'AssignedToUser', text: { key: 'sentBack', params: { actor: user.userName, app: c.app.application_id, step: stepName, reason: input.reason } } });
      return { approval: done, next: null };
    });
  } catch (e) {
    throw asSendBackFailure(e);
  }
}
