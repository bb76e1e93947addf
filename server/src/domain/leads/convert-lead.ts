import type { Db } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { forbidden, refused } from '../errors';
import { isAssignedToCurrentUser } from '../applications/access';
import { writeAudits } from '../applications/audit';
import { createApplicationIn } from '../applications/save';
import { findApplication } from '../applications/row';
import { buildView } from '../applications/view';
import { currentTask, syncCurrentTask, updateTask } from '../lifecycle/tasks';

/**
 * A lead becomes an application (§1, §2): a new APPLICATION of the same product with the lead's applicants and
 * answers, its first step opened as any backstage create does (initiated by the converting officer), and the lead
 * closed — status COMPLETED, its task Completed with the clocks stopped, linked both ways (doc.convertedTo on the
 * lead, doc.convertedFrom on the application) and audited on both. One transaction: never an application without its
 * lead closed, nor a closed lead without its application. Only the lead's holder converts it (as only the holder
 * acts on an application): an unassigned lead is first assigned, so two officers cannot convert it twice.
 */
export async function convertLead(db: Db, user: CurrentUser, leadId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const lead = await findApplication(tx, leadId, true);
    if (lead.application_type !== 'LEAD') throw refused('application_id', `${lead.application_id} is an application, not a lead`);
    if (lead.doc.convertedTo) throw refused('application_id', `Lead ${lead.application_id} was already converted to ${String(lead.doc.convertedTo)}`);
    if (lead.status !== 'ACTIVE') throw refused('application_id', `Lead ${lead.application_id} is ${lead.status} and can no longer be converted`);
    const task = await currentTask(tx, lead.cur_task_id, true);
    if (!isAssignedToCurrentUser(lead, task, user)) {
      throw forbidden('application_id', `Lead ${lead.application_id} is not assigned to you: assign it to yourself before converting it`);
    }

    const applicants = ((lead.doc.applicant ?? []) as Record<string, unknown>[]).map(({ applicantId: _id, primaryApplicantId: _p, ...rest }) => rest);
    const applicationId = await createApplicationIn(tx, user, {
      product_code: lead.product_code,
      singleORjoint: lead.single_or_joint,
      applicationType: 'APPLICATION',
      applicant: applicants,
      customFields: lead.custom_fields,
      existing_or_new_customer: (lead.doc.existing_or_new_customer as 'new' | 'existing' | undefined) ?? 'new',
    }, now, undefined, {
      source_id: lead.doc.source_id ?? 'BRANCH',
      campaign_id: lead.doc.campaign_id ?? null,
      convertedFrom: lead.application_id,
    });

    // The lead's work is done: its task completes with its SLA clocks stopped, so it leaves Team leads / My leads.
    const closed = await updateTask(tx, task!.task_id, {
      progress: 'Completed',
      overall_end: task!.overall_end ?? now,
      queued_end: task!.queued_start && !task!.queued_end ? now : task!.queued_end,
      assigned_end: task!.assigned_start && !task!.assigned_end ? now : task!.assigned_end,
    }, now);
    const conversion = { convertedTo: applicationId, convertedAt: now.toISOString(), convertedBy: user.userName };
    await tx.query(
      `UPDATE applications SET status = 'COMPLETED', closed_at = $2, doc = $3, ver_num = ver_num + 1, mod_time = $2 WHERE application_id = $1`,
      [lead.application_id, now, JSON.stringify({ ...lead.doc, ...conversion })],
    );
    await syncCurrentTask(tx, lead.application_id, closed);
    await writeAudits(tx, lead.application_id, 'convert', user.userName, now, [
      { key: 'application_status', old: lead.status, new: 'COMPLETED' },
      { key: 'task.progress', old: task!.progress, new: 'Completed' },
      { key: 'convertedTo', old: null, new: applicationId },
    ], { convertedTo: applicationId });
    return buildView(tx, await findApplication(tx, applicationId), user, now);
  });
}
