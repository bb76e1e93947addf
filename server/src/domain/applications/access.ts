import type { CurrentUser } from '../current-user';
import { isStaff, teamIds } from '../current-user';
import { sees } from '../access/visibility';
import { applicationNotFound } from '../errors';
import type { TaskRow } from '../lifecycle/tasks';
import type { ApplicationRow } from './row';
import { assertCustomerHolds } from '../portal/customer-access';

/**
 * §4 "assigned to the current user": the task's assignee is the user, the application is active,
 * the task is In Progress, and one of the user's teams (hierarchy or department) is one of the
 * task's assigned teams.
 */
export function isAssignedToCurrentUser(app: Pick<ApplicationRow, 'status'>, task: TaskRow | null, user: CurrentUser): boolean {
  if (!task) return false;
  const mine = new Set(teamIds(user));
  return task.assigned_to === user.userName && app.status === 'ACTIVE' && task.progress === 'In Progress' && task.assigned_team.some((t) => mine.has(t));
}

/** §4 "editable backstage form": the current stage is the task's step and access control is absent or WRITE. */
export function isEditableBackstageForm(app: Pick<ApplicationRow, 'stage'>, task: TaskRow | null): boolean {
  if (!task) return false;
  return app.stage === task.step_number && (task.access_control == null || task.access_control === 'WRITE');
}

/** Why a user may not edit, or null when they may (the reason goes into the 1101 refusal). */
export function whyNotEditable(app: ApplicationRow, task: TaskRow | null, user: CurrentUser): string | null {
  if (!isAssignedToCurrentUser(app, task, user)) {
    if (app.status !== 'ACTIVE') return `Application ${app.application_id} is ${app.status}, not ACTIVE`;
    if (!task || task.assigned_to !== user.userName) return `Application ${app.application_id} is not assigned to you`;
    if (task.progress !== 'In Progress') return `The task of application ${app.application_id} is ${task.progress}, not In Progress`;
    return `None of your teams is assigned to the task of application ${app.application_id}`;
  }
  if (!isEditableBackstageForm(app, task)) return `The form of application ${app.application_id} is read-only at the ${task!.step_name} step`;
  return null;
}

/**
 * May a staff user open this application at all? The one visibility rule (domain/access/visibility.ts): its branch
 * among their hierarchy teams, its task's team among their teams, its assignee, or ALL_APPLICATIONS_* / ADMIN.
 */
export function staffSees(app: Pick<ApplicationRow, 'branch' | 'assigned_team' | 'assigned_to'>, user: CurrentUser): boolean {
  return sees(app, user);
}

/**
 * The rule every route that names an application goes through (plugins/app/application-access.ts), also used by
 * reads that name an application some other way (the GraphQL application(application_id) query): staff by
 * staffSees, the customer account only the application whose appRefId it sends (portal/customer-access.ts).
 * A refusal is the same as for an application that does not exist: nothing about the record leaks.
 */
export function assertVisible(app: ApplicationRow, user: CurrentUser): void {
  if (!isStaff(user)) return assertCustomerHolds(user, app.application_id);
  if (!staffSees(app, user)) throw applicationNotFound();
}
