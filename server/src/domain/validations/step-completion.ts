import { ROLE, type ErrorItem, type StepCompletionType } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { hasRole, type CurrentUser } from '../current-user';
import { forbidden, refused } from '../errors';
import type { ApplicationRow } from '../applications/row';
import type { LifecycleStepConfig } from '../lifecycle/types';
import { disbursementBlockers } from '../credit/step-gate';
import { missingMandatoryFields } from './mandatory';

/**
 * Staff read a refusal in the §8 modal as "label - reason": the §4 task validation errors (and the
 * Disbursement gate's) are named in words there, their codes kept in `code` for programs.
 */
const BLOCKER_LABELS: Record<string, string> = {
  EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL: 'Exceptions waiting for approval',
  APPROVALS_PENDING: 'Approvals pending',
  QUERIES_PENDING: 'Open queries',
  DISBURSEMENT_PENDING: 'Disbursement not confirmed',
  INTEGRATION_CALLS_PENDING: 'Money calls not confirmed',
};
export const inWords = (item: { label: string; reason: string }): ErrorItem => ({ label: BLOCKER_LABELS[item.label] ?? item.label, reason: item.reason, code: item.label });

/** The backstage page of the application opened at the section that holds a field. */
export const fieldLink = (applicationId: string, sectionId: string, key: string) =>
  `/backstage/application?application_id=${encodeURIComponent(applicationId)}&section=${encodeURIComponent(sectionId)}&field=${encodeURIComponent(key)}`;

/**
 * The override: COMPLETE skips the mandatory validations, so only a holder of §6 COMPLETE_WITHOUT_VALIDATIONS may use
 * it, and only with a reason (kept in the worklog and the audit by the action). Decided from the roles and the input
 * alone, before the application's data is checked, so the refusal says nothing about what is missing.
 */
export function assertOverrideAllowed(user: CurrentUser, type: StepCompletionType, reason: string | undefined) {
  if (type !== 'COMPLETE') return;
  if (!hasRole(user, ROLE.COMPLETE_WITHOUT_VALIDATIONS)) {
    throw forbidden('completionType', 'Completing a step without its mandatory checks needs the COMPLETE_WITHOUT_VALIDATIONS permission; complete it with the checks instead');
  }
  if (!reason?.trim()) throw refused('reason', 'Completing a step without its mandatory checks needs a reason');
}

/**
 * What stops a step from completing: §4's task validation errors (raised exceptions, pending approvals, open
 * queries), the Disbursement gate, and, unless the step is completed by override (COMPLETE), every mandatory field
 * of the sections the step covers that is still empty, by its label, with a link to its section.
 */
export async function completionBlockers(q: Queryable, app: ApplicationRow, stepName: string, step: LifecycleStepConfig | undefined, type: 'COMPLETE' | 'COMPLETE_WITH_VALIDATIONS'): Promise<ErrorItem[]> {
  const raw: { label: string; reason: string }[] = [];
  if (app.open_exceptions > 0) raw.push({ label: 'EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL', reason: `${app.open_exceptions} raised exception(s) still wait for approval` });
  if (app.open_approvals > 0) raw.push({ label: 'APPROVALS_PENDING', reason: `${app.open_approvals} approval(s) are pending` });
  if (app.open_queries > 0) raw.push({ label: 'QUERIES_PENDING', reason: `${app.open_queries} query(ies) are unresolved` });
  raw.push(...(await disbursementBlockers(q, app.application_id, stepName))); // money moved before Disbursement completes
  const items = raw.map(inWords);
  if (type === 'COMPLETE_WITH_VALIDATIONS') {
    for (const f of await missingMandatoryFields(q, app, step?.mandatorySections)) {
      const where = f.subSectionName && f.subSectionName !== f.sectionName ? `${f.sectionName} › ${f.subSectionName}` : f.sectionName;
      items.push({ label: f.label, reason: `Mandatory, not filled in (${where})`, code: 'MANDATORY_FIELD', key: f.key, link: fieldLink(app.application_id, f.sectionId, f.key) });
    }
  }
  return items;
}
