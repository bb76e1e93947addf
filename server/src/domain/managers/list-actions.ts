import type { Db } from '../../db/db';
import type { Notifier } from '../../adapters/notify';
import type { CurrentUser } from '../current-user';
import { notFound, refused } from '../errors';
import { mailTemplate } from '../lists/lookups';
import { changeApplication } from '../tasks/change';
import { currentTask, syncCurrentTask, updateTask } from '../lifecycle/tasks';
import type { ApplicationRow } from '../applications/row';
import { MESSAGE_QUOTAS, takeMessageQuota } from '../messages/quota';

/**
 * What a manager does to an application from a list (issue 18): mail it with one of the list's templates
 * (sendMailCommon) and rebook it (rebook). Each runs through changeApplication (domain/tasks/change.ts): one
 * transaction with the row lock, the verNum check (409), an audit row, a worklog entry and a notification.
 */
export interface SendMailInput {
  application_id: string;
  verNum: number;
  template_id: string;
  /** Recipient: one of the application's parties (partyEmails); the primary applicant's e-mail when absent. */
  to?: string;
  /** Extra {{placeholders}} for the template; the application's own values win over a param of the same name. */
  params?: Record<string, string>;
}

const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g;
/** Fills {{key}} from the values (HTML-escaped when the template is HTML); an unknown key stays visible as it is. */
export function renderTemplate(text: string, values: Record<string, unknown>, html: boolean): string {
  const esc = (s: string) => (html ? s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`) : s);
  return text.replace(placeholder, (whole, key: string) => (values[key] == null ? whole : esc(String(values[key]))));
}

/**
 * The e-mail addresses of the application's parties: the primary's (applications.email) first, then each applicant's
 * (co-applicants and guarantors) as the application records them. The only addresses list mail goes to.
 */
export function partyEmails(app: Pick<ApplicationRow, 'email' | 'doc'>): string[] {
  const found = [app.email, ...(app.doc.applicant ?? []).map((a) => a.email)]
    .filter((e): e is string => typeof e === 'string' && e.trim() !== '')
    .map((e) => e.trim());
  return [...new Map(found.map((e) => [e.toLowerCase(), e])).values()];
}

/**
 * Mails one of the application's parties with a server-side template (template_id; the caller cannot send its own
 * text): params fill its {{placeholders}}, HTML-escaped in the body. `to`, when given, must be a party's address
 * (400 otherwise): list mail cannot be pointed at anyone else. At most MESSAGE_QUOTAS.mailPerUser per staff user and
 * mailPerApplication per application an hour (429), counted in the same transaction as the send.
 */
export async function sendMailCommon(db: Db, notifier: Notifier, user: CurrentUser, input: SendMailInput) {
  const template = await mailTemplate(db, input.template_id);
  if (template.template_type !== 'EMAIL' && template.template_type !== 'HTML') {
    throw refused('template_id', `Template ${template.template_id} is ${template.template_type}; mail needs an EMAIL or HTML template`);
  }
  const body = (template.body ?? {}) as { subject?: string; html?: string; text?: string };
  return changeApplication(db, user, input, 'sendMailCommon', { template_id: template.template_id, templateVerNum: template.verNum }, async (c) => {
    const parties = partyEmails(c.app);
    const to = input.to === undefined ? parties[0] : parties.find((p) => p.toLowerCase() === input.to!.trim().toLowerCase());
    if (!to) {
      throw refused('to', input.to === undefined
        ? `Application ${c.app.application_id} has no applicant e-mail`
        : 'is not the e-mail address of a party to this application: list mail goes only to its applicants');
    }
    await takeMessageQuota(c.tx, [[MESSAGE_QUOTAS.mailPerUser, user.userId], [MESSAGE_QUOTAS.mailPerApplication, c.app.application_id]], c.now);
    const { rows } = await c.tx.query<{ product_name: string }>(`SELECT product_name FROM products WHERE product_code = $1`, [c.app.product_code]);
    // The caller's params first: what the application says (its id, applicant, product, answers) cannot be overridden.
    const values: Record<string, unknown> = {
      ...(input.params ?? {}),
      ...(c.app.custom_fields ?? {}),
      application_id: c.app.application_id,
      applicant_name: c.app.applicant_name,
      product_name: rows[0]?.product_name ?? c.app.product_code,
    };
    const subject = renderTemplate(body.subject ?? template.template_name, values, false);
    const text = renderTemplate(body.html ?? body.text ?? '', values, true);
    c.changes.push({ key: '_mail', old: null, new: { template_id: template.template_id, to, subject } });
    c.worklog = { key: 'mailSentLog', params: { template: template.template_name, to } };
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
    c.worklog = input.reason ? { key: 'rebookedReasonLog', params: { step: task.step_name, reason: input.reason } } : { key: 'rebookedLog', params: { step: task.step_name } };
    c.notices.push({ team: task.assigned_team[0], type: 'TEAM', event: 'AssignedToTeam', text: { key: 'rebooked', params: { app: c.app.application_id } } });
    return { status: 'ACTIVE', taskId: task.task_id, stepName: task.step_name };
  });
}
