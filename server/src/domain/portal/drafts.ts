import type { Db, Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { writeAudits } from '../applications/audit';
import { findApplication, type ApplicationRow } from '../applications/row';
import { loadLifecycle, openStepTask, syncCurrentTask } from '../lifecycle/tasks';

/** Who the clean-up timer writes into the audit. */
export const DRAFT_PURGER = 'system';

/** A value counts as given when it is a non-empty text (after trimming), a number or true. */
function given(v: unknown): boolean {
  if (typeof v === 'string') return v.trim() !== '';
  return typeof v === 'number' || v === true;
}

/** The product's identity fields (085_drafts.sql, name and mobile by default) that are still missing. */
export async function missingIdentity(q: Queryable, productCode: string, answers: Record<string, unknown>): Promise<string[]> {
  const { rows } = await q.query<{ draft_identity_fields: string[] }>(`SELECT draft_identity_fields FROM products WHERE product_code = $1`, [productCode]);
  const fields = rows[0]?.draft_identity_fields ?? ['firstName', 'mobile'];
  return fields.filter((k) => !given(answers[k]));
}

/**
 * A draft whose primary applicant has now given the identity the product asks for first becomes work: the first
 * lifecycle step's task opens unassigned in its branch's queue (as a backstage-created application's does), which
 * starts its SLA clocks and puts it in Team applications, the task inbox and the counts. Returns whether it left.
 */
export async function leaveDraftIfIdentified(q: Queryable, app: ApplicationRow, answers: Record<string, unknown>, user: CurrentUser, now: Date): Promise<boolean> {
  if (!app.draft || app.status !== 'ACTIVE') return false;
  const missing = await missingIdentity(q, app.product_code, answers);
  if (missing.length) return false;
  const steps = await loadLifecycle(q, app.product_code, app.flow_ver_num);
  await q.query(`UPDATE applications SET draft = false WHERE application_id = $1`, [app.application_id]);
  const fresh = await findApplication(q, app.application_id);
  const task = await openStepTask(q, fresh, steps[0], now, null);
  await syncCurrentTask(q, app.application_id, task);
  await writeAudits(q, app.application_id, 'leave_draft', user.userName, now, [{ key: 'draft', old: true, new: false }], { task: task.task_id });
  return true;
}

/**
 * Deletes drafts nobody changed for `days` days, each with an audit row (audits outlive the application: no foreign
 * key), in batches, oldest first along applications_drafts_mod_idx. What a draft can hold from the portal goes
 * with it (its appRefIds, one-time codes, applicant links, integration tokens); a draft holding documents, payments
 * or a video call is kept, as those are records of their own. Returns how many were purged.
 */
export async function purgeDrafts(db: Db, days: number, now = new Date(), batch = 200): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ application_id: string; product_code: string; created_at: Date; mod_time: Date }>(
        `SELECT application_id, product_code, created_at, mod_time FROM applications a
          WHERE draft AND mod_time < $1
            AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.application_id = a.application_id)
            AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.application_id = a.application_id)
            AND NOT EXISTS (SELECT 1 FROM video_calls v WHERE v.application_id = a.application_id)
          ORDER BY mod_time LIMIT $2 FOR UPDATE`,
        [cutoff, batch],
      );
      if (!rows.length) return 0;
      const ids = rows.map((r) => r.application_id);
      for (const table of ['application_refs', 'portal_otps', 'applicant_links', 'external_integration_tokens']) {
        await tx.query(`DELETE FROM ${table} WHERE application_id = ANY($1::text[])`, [ids]);
      }
      // draft re-checked under the lock: a save that took it out of draft in between keeps it.
      const { rows: gone } = await tx.query<{ application_id: string }>(
        `DELETE FROM applications WHERE application_id = ANY($1::text[]) AND draft RETURNING application_id`, [ids]);
      for (const r of rows.filter((x) => gone.some((g) => g.application_id === x.application_id))) {
        await writeAudits(tx, r.application_id, 'purge_draft', DRAFT_PURGER, now, [], {
          reason: `Draft untouched for ${days} day(s)`,
          product_code: r.product_code,
          created: new Date(r.created_at).toISOString(),
          last_change: new Date(r.mod_time).toISOString(),
        });
      }
      return gone.length;
    });
    total += n;
    if (n < batch) return total;
  }
}
