import type { AppLifeCycle, SectionProgress, FlowConfig, SubStatus } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { mayAct } from '../current-user';
import { flowConfig } from '../config/config-service';
import { loadLifecycle, tasksOf, toApiTask, type TaskRow } from '../lifecycle/tasks';
import type { LifecycleStepConfig } from '../lifecycle/types';
import { slaOfRow } from '../lifecycle/sla-state';
import { assertVisible, isAssignedToCurrentUser, isEditableBackstageForm } from './access';
import { findApplication, type ApplicationRow } from './row';

export function appLifeCycle(stage: number, steps: LifecycleStepConfig[], tasks: TaskRow[]): AppLifeCycle {
  return {
    stage,
    steps: steps.map((s) => ({
      stepName: s.stepName,
      type: s.type,
      summaryEnabled: s.summaryEnabled,
      assignmentInfo: tasks
        .filter((t) => t.step_number === s.stepNumber)
        .map((t) => ({ assignedTo: t.assigned_to, assignedTeam: t.assigned_team, allowedUsers: t.allowed_users, progress: t.progress, taskName: t.name, taskId: t.task_id })),
    })),
  };
}

/**
 * §2's sub-status: QUERIES while queries are open on the application; otherwise APPROVAL while
 * approvals or raised exceptions wait for a decision, or while the current task is an approval step.
 * The counts are kept on the row by the sub-task trigger (011_sub_task_holders.sql).
 */
export function subStatusOf(app: Pick<ApplicationRow, 'open_queries' | 'open_approvals' | 'open_exceptions'>, current: Pick<TaskRow, 'type' | 'step_type'> | null): SubStatus | null {
  if (app.open_queries > 0) return 'QUERIES';
  if (app.open_approvals > 0 || app.open_exceptions > 0) return 'APPROVAL';
  if (current?.type === 'APPROVAL' || current?.step_type === 'APPROVAL') return 'APPROVAL';
  return null;
}

/**
 * §3 progress from the flow: a saved progress list wins; otherwise sections before
 * doc.completedSections are COMPLETE, the next one PROGRESS, the rest PENDING.
 */
export function progressOf(app: ApplicationRow, flow: FlowConfig | null): SectionProgress[] {
  if (Array.isArray(app.doc.progress)) return app.doc.progress as SectionProgress[];
  if (!flow) return [];
  const done = Number(app.doc.completedSections ?? 0);
  return flow.sections.map((s, i) => {
    const status = i < done ? 'COMPLETE' : i === done ? 'PROGRESS' : 'PENDING';
    return {
      sectionId: s.sectionId,
      status,
      components: s.subSections.flatMap((ss) =>
        (ss.components ?? []).map((c) => ({ componentId: c.componentId, componentRouteInfo: ss.routeName, status: status === 'PROGRESS' ? 'PENDING' : status })),
      ),
    };
  });
}

/** GET /v3/application/{id}: the §3 Application with its lifecycle, tasks and the §4 flags for this user. */
export async function applicationView(q: Queryable, applicationId: string, user: CurrentUser, now = new Date()) {
  const app = await findApplication(q, applicationId);
  assertVisible(app, user);
  return buildView(q, app, user, now);
}

export async function buildView(q: Queryable, app: ApplicationRow, user: CurrentUser, now = new Date()) {
  // One after the other: q may be a transaction's single connection, which runs one query at a time.
  const tasks = await tasksOf(q, app.application_id);
  const steps = await loadLifecycle(q, app.product_code, app.flow_ver_num);
  const product = await q.query<{ product_name: string; product_type_code: string; max_joint_applicants: number }>(
    `SELECT product_name, product_type_code, max_joint_applicants FROM products WHERE product_code = $1`, [app.product_code]);
  const flow = app.flow_id ? await flowConfig(q, app.flow_id, app.flow_ver_num) : null;
  const current = tasks.find((t) => t.task_id === app.cur_task_id) ?? null;
  const assigned = isAssignedToCurrentUser(app, current, user);
  const editable = isEditableBackstageForm(app, current);
  const p = product.rows[0];
  const doc = app.doc;
  return {
    application_id: app.application_id,
    product_code: app.product_code,
    product_name: p?.product_name,
    product_type_code: p?.product_type_code,
    maximumJointApplicants: p?.max_joint_applicants,
    application_status: app.status,
    applicationType: app.application_type,
    singleORjoint: app.single_or_joint,
    applicant: doc.applicant ?? [],
    existing_or_new_customer: doc.existing_or_new_customer,
    campaign_id: doc.campaign_id,
    source_id: doc.source_id,
    section_id: doc.section_id,
    sub_section_id: doc.sub_section_id,
    flowId: app.flow_id,
    flowName: flow?.flowName,
    startRoute: flow?.startRoute,
    custom_route: flow?.custom_route,
    section_size: flow?.sections.length,
    verNum: app.ver_num,
    ver_num: app.ver_num,
    flowVerNum: app.flow_ver_num,
    mod_time: new Date(app.mod_time).toISOString(),
    cre_time: new Date(app.created_at).toISOString(),
    initiatedBy: app.initiated_by ? { id: app.initiated_by, username: app.initiated_by, displayName: app.initiated_by } : undefined,
    userDetails: doc.userDetails ?? { branch: app.branch },
    customFields: app.custom_fields,
    verifications: doc.verifications ?? [],
    progress: progressOf(app, flow),
    callback: doc.callback ?? null,
    // Leads (domain/leads): how the prospect asked to be reached, and the link between a lead and the application it became.
    leadInfo: { contact: doc.lead ?? null, convertedTo: (doc.convertedTo as string) ?? null, convertedFrom: (doc.convertedFrom as string) ?? null },
    appLifeCycle: appLifeCycle(app.stage, steps, tasks),
    currentTask: current ? toApiTask(current, now) : null,
    // The SLA state by status (shared/src/sla/state.ts): the header shows this, never a closed or held task's clock.
    sla: slaOfRow(app, now.getTime()),
    tasks: tasks.map((t) => toApiTask(t, now)),
    openQueries: app.open_queries,
    openApprovals: app.open_approvals,
    openExceptions: app.open_exceptions,
    subStatus: subStatusOf(app, current),
    // §4 rules computed here so every client shows the same thing the writes enforce.
    assignedToCurrentUser: assigned,
    editableBackstageForm: editable,
    canSave: assigned && editable,
    canAct: assigned && mayAct(user),
    draft: app.draft === true,
  };
}
