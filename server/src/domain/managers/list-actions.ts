import type { Db } from '../../db/db';
import type { Notifier } from '../../adapters/notify';
import type { CurrentUser } from '../current-user';
import { notFound, refused } from '../errors';
import { mailTemplate } from '../lists/lookups';
import { changeApplication } from '../tasks/change';
import { currentTask, syncCurrentTask, updateTask } from '../lifecycle/tasks';

/**
 * What a manager does to an application from a list (issue 18): mail it with one of the list's templates
 * (sendMailCommon) and rebook it (rebook). Each runs through changeApplication (domain/tasks/change.ts): one
 * transaction with the row lock, the verNum check (409), an audit row, a worklog entry and a notification.
 */
export interface SendMailInput {
  application_id: string;
  verNum: number;
  template_id: string;
  /** Recipient; the primary applicant's e-mail when absent. */
  to?: string;
  /** Extra {{placeholders}} for the template. */
  params?: Record<string, string>;
}

const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g;
/** Fills {{key}} from the values (HTML-escaped when the template is HTML); an unknown key stays visible as it is. */
export function renderTemplate(text: string, values: Record<string, unknown>, html: boolean): string {
  const esc = (s: string) => (html ? s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`) : s);
  return text.replace(placeholder, (whole, key: string) => (values[key] == null ? whole : esc(String(values[key]))));
}

export async function sendMailCommon(db: Db, notifier: Notifier, user: CurrentUser, input: SendMailInput) {
  const template = await mailTemplate(db, input.template_id);
  if (template.template_type !== 'EMAIL' && template.template_type !== 'HTML') {
    throw refused('template_id', `Template ${template.template_id} is ${template.template_type}; mail needs an EMAIL or HTML template`);
  }
  const body = (template.body ?? {}) as { subject?: string; html?: string; text?: string };
  return changeApplication(db, user, input, 'sendMailCommon', { template_id: template.template_id, templateVerNum: template.verNum }, async (c) => {
    const to = input.to ?? c.app.email;
    if (!to) throw refused('to', `Application ${c.app.application_id} has no applicant e-mail; give one in "to"`);
    const { rows } = await c.tx.query<{ product_name: string }>(`SELECT product_name FROM products WHERE product_code = $1`, [c.app.product_code]);
    const values: Record<string, unknown> = {
      ...(c.app.custom_fields ?? {}),
      application_id: c.app.application_id,
      applicant_name: c.app.applicant_name,
      product_name: rows[0]?.product_name ?? c.app.product_code,
      ...(input.params ?? {}),
    };
    const subject = renderTemplate(body.subject ?? template.template_name, values, false);
    const text = renderTemplate(body.html ?? body.text ?? '', values, true);
    c.changes.push({ key: '_mail', old: null, new: { template_id: template.template_id, to, subject } });
    c.worklog = `Mail "${template.template_name}" sent to ${to}`;
    // Sent last inside the transaction: a refusal or a failed send leaves neither a mail nor an audit row.
    const sent = await notifier.send({ channel: 'EMAIL', to, subject, body: text });
    return { messageId: sent.messageId, to, subject, template_id: template.template_id };
  });
}

/**
 * §4 Rebook: a CANCELLED application goes back to work on the step it was cancelled at, when that step's lifecycle
 * actions offer Rebook (tasks.actions, copied from the lifecycle). The step's task queues again for its team.
 */
export async function rebook(db: Db, user: CurrentUser, input: { application_id: string; verNum: number; reason?: string }) {
  return changeApplication(db, user, input, 'rebook', { reason: input.reason ?? '' }, async (c) => {
    if (c.app.status !== 'CANCELLED') throw refused('rebook', `Application ${c.app.application_id} is ${c.app.status}; rebook needs CANCELLED`);
    const task = await currentTask(c.tx, c.app.cur_task_id, true);
    if (!task) throw notFound('rebook', `Application ${c.app.application_id} has no task to rebook`);
    if (!task.actions.some((a) => a.type === 'Rebook')) throw refused('rebook', `The ${task.step_name} step does not allow Rebook`);
    const reopened = await updateTask(c.tx, task.task_id, {
      progress: 'Pending', assigned_to: null, overall_start: c.now, overall_end: null, queued_start: c.now, queued_end: null, assigned_start: null, assigned_end: null,
    }, c.now);
    await c.tx.query(`UPDATE applications SET status = 'ACTIVE', closed_at = NULL WHERE application_id = $1`, [c.app.application_id]);
    await syncCurrentTask(c.tx, c.app.application_id, reopened);
    c.changes.push({ key: 'application_status', old: c.app.status, new: 'ACTIVE' });
    c.worklog = `Rebooked at ${task.step_name}${input.reason ? `: ${input.reason}` : ''}`;
    c.notices.push({ team: task.assigned_team[0], type: 'TEAM', event: 'AssignedToTeam', message: `${c.app.application_id} was rebooked` });
    return { status: 'ACTIVE', taskId: task.task_id, stepName: task.step_name };
  });
}
