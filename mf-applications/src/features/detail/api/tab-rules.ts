import { hasApplicationAccessOnly, hasFeature, ROLE, type SubStatus } from '@lendline/shared';
import type { ApplicationView } from './application';

/** The application-detail tabs of §2, in their order. */
export const DETAIL_TABS = ['snooze', 'worklogs', 'queries', 'documents', 'notes', 'approvals', 'relatedTasks', 'save', 'actions', 'close'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

export const SUB_STATUS_TABS: readonly DetailTab[] = ['snooze', 'queries', 'approvals', 'close'];
export const TAB_SUB_STATUSES: readonly string[] = ['QUERIES', 'APPROVAL'] satisfies SubStatus[];

/** The sub-status the server computed for this application (GET /v3/application/{id}); never guessed here. */
export const subStatusOf = (v: ApplicationView): string | null => v.subStatus ?? null;

/** An application is unassigned when its current task has nobody working it. */
export const isUnassigned = (v: ApplicationView) => !v.currentTask?.assignedTo || v.currentTask.progress !== 'In Progress';

/**
 * §2 visibility, exactly:
 * - snooze, queries, approvals and close only for sub-statuses QUERIES or APPROVAL
 *   (snooze also needs §6's TASK_REVIEW_DATE permission code);
 * - save and actions hidden for unassigned applications;
 * - save also hidden when editing is disabled (§4 editable form, as the server computes it for this user);
 * - actions also hidden for application-access-only users.
 */
export function visibleTabs(v: ApplicationView, roles: readonly string[] | undefined): DetailTab[] {
  const sub = subStatusOf(v);
  const subOk = !!sub && TAB_SUB_STATUSES.includes(sub);
  const unassigned = isUnassigned(v);
  const editable = v.canSave ?? (v.assignedToCurrentUser && v.editableBackstageForm);
  return DETAIL_TABS.filter((tab) => {
    if (SUB_STATUS_TABS.includes(tab) && !subOk) return false;
    if (tab === 'snooze' && !hasFeature(roles, ROLE.TASK_REVIEW_DATE)) return false;
    if ((tab === 'save' || tab === 'actions') && unassigned) return false;
    if (tab === 'save' && !editable) return false;
    if (tab === 'actions' && hasApplicationAccessOnly(roles)) return false;
    return true;
  });
}

/**
 * Work tabs beyond §2's list: the credit review and disbursement (issue 17), shown to everyone who can open
 * the application (the tasks module's CreditTab says itself what the user may do there).
 */
export const EXTRA_WORK_TABS = ['credit'] as const;
export type WorkTab = DetailTab | (typeof EXTRA_WORK_TABS)[number];

/** The mf-tasks expose that renders each content tab's body. */
export const TAB_REMOTES: Partial<Record<WorkTab, string>> = {
  snooze: 'SnoozeTab',
  worklogs: 'WorklogsTab',
  queries: 'QueriesTab',
  documents: 'DocumentsTab',
  notes: 'NotesTab',
  approvals: 'ApprovalsTab',
  relatedTasks: 'RelatedTasksTab',
  close: 'CloseTab',
  credit: 'CreditTab',
};
