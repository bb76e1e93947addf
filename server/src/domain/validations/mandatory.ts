import type { FieldConfig, PageRule, RuleCondition } from '@lendline/shared/contract';
import type { Db, Queryable } from '../../db/db';
import { flowConfig } from '../config/config-service';
import { findApplication, type ApplicationRow } from '../applications/row';

const empty = (v: unknown) => v == null || v === '' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);

function conditionHolds(c: RuleCondition, values: Record<string, unknown>): boolean {
  const v = values[c.key];
  switch (c.operator ?? 'EQUAL') {
    case 'EQUAL': return v === c.value;
    case 'NOT_EQUAL': return v !== c.value;
    case 'IN': return Array.isArray(c.value) && c.value.includes(v);
    case 'NOT_IN': return Array.isArray(c.value) && !c.value.includes(v);
    case 'GREATER_THAN': return Number(v) > Number(c.value);
    case 'LESS_THAN': return Number(v) < Number(c.value);
    case 'EMPTY': return empty(v);
    case 'NOT_EMPTY': return !empty(v);
  }
}

/** §5 page rules: HIDE always; CONDITIONAL_HIDE when its 'and' all hold and (if any) one 'or' holds. */
function hiddenBy(rules: PageRule[], values: Record<string, unknown>): Set<string> {
  const hidden = new Set<string>();
  for (const r of rules) {
    const fires = r.type === 'HIDE' || ((r.and ?? []).every((c) => conditionHolds(c, values)) && (!r.or?.length || r.or.some((c) => conditionHolds(c, values))));
    if (!fires) continue;
    for (const f of r.fields ?? []) hidden.add(f);
    for (const g of r.groups ?? []) hidden.add(`group:${g}`);
  }
  return hidden;
}

/** Is a mandatory value present (checkbox and toggle: must be true; uploads: a document; signature: a fileId)? */
function satisfied(f: FieldConfig, v: unknown): boolean {
  switch (f.field_type_details.type) {
    case 'checkbox':
    case 'toggle': return v === true;
    case 'fileUploadHub': return Array.isArray((v as { uploadedDocuments?: unknown[] })?.uploadedDocuments) && (v as { uploadedDocuments: unknown[] }).uploadedDocuments.length > 0;
    case 'signaturePad': return !!(v as { fileId?: string })?.fileId;
    case 'otp': return (v as { isVerified?: boolean })?.isVerified === true;
    case 'button': case 'timer': case 'accordion': case 'gauge_chart': return true;
    default: return !empty(v);
  }
}

/** A mandatory field still missing, with where the form keeps it (so staff can be sent there). */
export interface MissingField {
  key: string;
  label: string;
  sectionId: string;
  sectionName: string;
  subSectionName: string;
}

/**
 * Mandatory fields of the application's flow that are still missing: the applicable sub-sections
 * (new/existing customer, single/joint), customer-filled fields not hidden by configuration or page
 * rules. Values are the application's customFields. Documents (fileUploadHub), the signature (signaturePad)
 * and consents (mandatory checkbox/toggle) are fields of the flow, so they are checked here too.
 * `sectionIds` limits the check to the sections a lifecycle step covers (absent: the whole flow).
 */
export async function missingMandatoryFields(q: Queryable, app: ApplicationRow, sectionIds?: readonly string[]): Promise<MissingField[]> {
  if (!app.flow_id) return [];
  const flow = await flowConfig(q, app.flow_id, app.flow_ver_num);
  if (!flow) return [];
  const values = app.custom_fields;
  const existing = app.doc.existing_or_new_customer === 'existing';
  const joint = app.single_or_joint === 'Joint';
  const missing: MissingField[] = [];
  for (const section of flow.sections) {
    if (section.hide || (sectionIds && !sectionIds.includes(section.sectionId))) continue;
    for (const sub of section.subSections) {
      if (sub.hide || (sub.skipForNewCustomer && !existing) || (sub.skipForExistingCustomer && existing) || (sub.skipForSingle && !joint) || (sub.skipForJoint && joint)) continue;
      for (const component of sub.components ?? []) {
        const hidden = hiddenBy(component.ruleConfigs ?? [], values);
        for (const f of component.fields) {
          if (!f.field_type_details.mandatory || f.hide || f.field_identifier === 'H' || f.category === 'EXTERNAL' || f.enable === false) continue;
          if (hidden.has(f.key) || (f.groupKey && hidden.has(`group:${f.groupKey}`))) continue;
          if (!satisfied(f, values[f.key])) missing.push({ key: f.key, label: f.label ?? f.value ?? f.key, sectionId: section.sectionId, sectionName: section.name, subSectionName: sub.name ?? '' });
        }
      }
    }
  }
  return missing;
}

/** POST /validations/addMandatoryValidations: queue a run for the application. */
export async function queueMandatoryValidation(db: Db, applicationId: string) {
  await findApplication(db, applicationId);
  const { rows } = await db.query(
    `INSERT INTO validation_queue (application_id, status, requested) VALUES ($1, 'QUEUED', 1)
     ON CONFLICT (application_id) DO UPDATE SET status = CASE WHEN validation_queue.status = 'RUNNING' THEN 'RUNNING' ELSE 'QUEUED' END,
       requested = validation_queue.requested + 1, updated_at = now()
     RETURNING application_id, status, requested, runs`,
    [applicationId],
  );
  return rows[0];
}

/**
 * POST /validations/updateMandatoryValidations: runs the queued validation. The queue row is locked
 * for the run, so runs for one application happen one at a time (a second caller waits for the
 * first and then sees its result).
 */
export async function runMandatoryValidation(db: Db, applicationId: string) {
  return db.transaction(async (tx) => {
    await tx.query(`INSERT INTO validation_queue (application_id, status) VALUES ($1, 'QUEUED') ON CONFLICT (application_id) DO NOTHING`, [applicationId]);
    const { rows } = await tx.query<{ status: string; requested: number; runs: number }>(`SELECT status, requested, runs FROM validation_queue WHERE application_id = $1 FOR UPDATE`, [applicationId]);
    const app = await findApplication(tx, applicationId);
    const missing = await missingMandatoryFields(tx, app);
    const result = { valid: missing.length === 0, missing, checkedAt: new Date().toISOString(), verNum: app.ver_num };
    await tx.query(`UPDATE validation_queue SET status = 'DONE', runs = runs + 1, result = $2, updated_at = now() WHERE application_id = $1`, [applicationId, JSON.stringify(result)]);
    return { application_id: applicationId, status: 'DONE', runs: rows[0].runs + 1, ...result };
  });
}
