import type { ApplicantType, FieldConfig, SingleOrJoint } from '@lendline/shared/contract';
import { subSectionComponents, validateValues } from '@lendline/shared/contract';
import type { Db, Queryable } from '../../db/db';
import { hierarchyTeamIds, isStaff, teamIds, type CurrentUser } from '../current-user';
import { forbidden, refused, refusedMany, staleVersion } from '../errors';
import { fieldIndex, flowConfig } from '../config/config-service';
import { currentTask, loadLifecycle, openStepTask, syncCurrentTask } from '../lifecycle/tasks';
import { BRANCHES, resolveTeam } from '../lifecycle/types';
import { whyNotEditable } from './access';
import { writeAudits, type FieldChange } from './audit';
import { findApplication, searchTerms, type ApplicationRow } from './row';
import { buildView } from './view';

export interface SaveInput {
  application_id: string;
  verNum: number;
  customFields?: Record<string, unknown>;
  applicant?: Record<string, unknown>[];
  section_id?: string;
  sub_section_id?: string;
  progress?: unknown[];
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Wrong types for configured fields are refused (1101), whatever the client let through. */
function typeProblem(f: FieldConfig, v: unknown): string | null {
  if (v == null) return null;
  const d = f.field_type_details;
  const amount = !!(d.currency_field || d.amount_field);
  if (amount) return typeof v === 'number' || (typeof v === 'string' && NUMERIC.test(v)) ? null : 'invalidValue: must be a number';
  switch (d.type) {
    case 'checkbox': case 'toggle': return typeof v === 'boolean' ? null : 'must be true or false';
    case 'slider': case 'counter': return typeof v === 'number' ? null : 'must be a number';
    case 'text': case 'password': case 'textarea': case 'dropdown': case 'radio': case 'tabs': case 'date':
      if (d.multiple && Array.isArray(v)) return null;
      return typeof v === 'string' || typeof v === 'number' ? null : 'must be text';
    default: return null;
  }
}

async function checkTypes(q: Queryable, fields: Record<string, unknown>) {
  const index = await fieldIndex(q);
  const problems = Object.entries(fields).flatMap(([k, v]) => {
    const f = index.get(k);
    const p = f ? typeProblem(f, v) : null;
    return p ? [{ label: `customFields.${k}`, reason: p }] : [];
  });
  if (problems.length) throw refusedMany(problems);
}

/** Every field of the application's customer flow by key (first definition wins): the rules the portal applies to it. */
async function flowFields(q: Queryable, app: Pick<ApplicationRow, 'flow_id' | 'flow_ver_num'>): Promise<Map<string, FieldConfig>> {
  const flow = app.flow_id ? await flowConfig(q, app.flow_id, app.flow_ver_num) : null;
  const out = new Map<string, FieldConfig>();
  for (const section of flow?.sections ?? []) {
    for (const sub of section.subSections) for (const c of subSectionComponents(sub)) for (const f of c.fields) if (!out.has(f.key)) out.set(f.key, f);
  }
  return out;
}

/** Answers copied into lists, search and e-mail headers: never markup, whatever a configuration's pattern allows. */
const IDENTITY_KEYS = new Set(['firstName', 'lastName', 'email', 'mobile']);
const MARKUP = /[<>]/;

/**
 * The §5 rules the portal applies (the shared form engine's validateValues, with the application's own flow
 * configuration), on the answers a staff save sends: format and range problems refuse the save, as in the portal's
 * draft save (a partial save is not refused for the answers it leaves out). Each problem is a 1101 item labelled
 * with where the value was (customFields.firstName, applicant.1.email) and the engine's reason.
 */
function formProblems(fields: Map<string, FieldConfig>, values: Record<string, unknown>, where: string, applicantType: ApplicantType) {
  const present = Object.keys(values).flatMap((k) => (fields.has(k) ? [fields.get(k)!] : []));
  const problems = validateValues(present, values, { applicantType })
    .filter((i) => i.errorKey !== 'required')
    .map((i) => ({ label: `${where}.${i.key}`, reason: `${i.label}: ${i.reason}` }));
  for (const [k, v] of Object.entries(values)) {
    if (IDENTITY_KEYS.has(k) && typeof v === 'string' && MARKUP.test(v) && !problems.some((p) => p.label === `${where}.${k}`)) {
      problems.push({ label: `${where}.${k}`, reason: `${fields.get(k)?.label ?? k}: Invalid value` });
    }
  }
  return problems;
}

const APPLICANT_TYPES = ['primary', 'secondary', 'guarantor'] as const;

/**
 * The applicants after a staff save: the body's entries are changes, never the whole list. An entry with an
 * applicantId changes that applicant (its id and type stay); one without, typed primary (or untyped and first),
 * changes the primary; one without, typed secondary or guarantor, adds that party. Only an entry
 * `{ applicantId, remove: true }` removes an applicant (never the primary). Parties the body does not name are kept.
 */
function mergeApplicants(applicationId: string, existing: Record<string, unknown>[], sent: Record<string, unknown>[]): Record<string, unknown>[] {
  const out = existing.map((a) => ({ ...a }));
  const primaryId = out.find((a) => a.type === 'primary')?.applicantId as string | undefined;
  sent.forEach((entry, i) => {
    const label = `applicant.${i}`;
    const { remove, ...fields } = entry;
    const id = typeof entry.applicantId === 'string' ? entry.applicantId : undefined;
    const type = entry.type;
    if (type !== undefined && !APPLICANT_TYPES.includes(type as ApplicantType)) throw refused(`${label}.type`, 'must be primary, secondary or guarantor');
    const at = id !== undefined
      ? out.findIndex((a) => a.applicantId === id)
      : type === 'primary' || (type === undefined && i === 0) ? out.findIndex((a) => a.type === 'primary') : -1;
    if (id !== undefined && at < 0) throw refused(`${label}.applicantId`, `No applicant ${id} on application ${applicationId}`);
    if (remove !== undefined) {
      if (remove !== true || at < 0) throw refused(`${label}.remove`, 'removes an applicant named by its applicantId: { applicantId, remove: true }');
      if (out[at].type === 'primary') throw refused(`${label}.remove`, 'The primary applicant cannot be removed');
      out.splice(at, 1);
      return;
    }
    if (at >= 0) {
      if (type !== undefined && out[at].type !== undefined && type !== out[at].type) throw refused(`${label}.type`, `Applicant ${out[at].applicantId} is ${out[at].type}; its type cannot change`);
      out[at] = { ...out[at], ...fields, applicantId: out[at].applicantId, ...(out[at].type !== undefined ? { type: out[at].type } : {}) };
      return;
    }
    if (type !== 'secondary' && type !== 'guarantor') throw refused(`${label}.type`, 'A new applicant is a secondary or a guarantor (the application has its primary)');
    const prefix = `${applicationId}-${type === 'secondary' ? 'S' : 'G'}`;
    let n = 1;
    while (out.some((a) => a.applicantId === `${prefix}${n}`)) n++;
    out.push({ ...fields, applicantId: `${prefix}${n}`, type, ...(primaryId ? { primaryApplicantId: primaryId } : {}) });
  });
  return out;
}

const primaryOf = (applicants: Record<string, unknown>[]) => applicants.find((a) => a.type === 'primary') ?? applicants[0] ?? {};
const fullName = (a: Record<string, unknown>) => [a.firstName, a.lastName].filter((x) => typeof x === 'string' && x).join(' ');

/**
 * POST /v3/application/user/save_or_update: only the user the application is assigned to (§4), on an
 * editable form, with the current verNum. The answers pass the portal's §5 rules (formProblems); applicants are
 * merged, never replaced (mergeApplicants). Every changed field gets an audit row.
 */
export async function userSave(db: Db, user: CurrentUser, input: SaveInput, now = new Date()) {
  return db.transaction(async (tx) => {
    const app = await findApplication(tx, input.application_id, true);
    if (input.verNum !== app.ver_num) throw staleVersion(app.application_id, input.verNum, app.ver_num);
    const task = await currentTask(tx, app.cur_task_id);
    const why = whyNotEditable(app, task, user);
    if (why) throw refused('application_id', `You may not edit this application: ${why}`);
    if (input.customFields) await checkTypes(tx, input.customFields);
    const fields = await flowFields(tx, app);
    const existing = (app.doc.applicant ?? []) as Record<string, unknown>[];
    const merged = input.applicant ? mergeApplicants(app.application_id, existing, input.applicant) : undefined;
    const problems = [
      ...formProblems(fields, input.customFields ?? {}, 'customFields', 'primary'),
      ...(input.applicant ?? []).flatMap((entry, i) => {
        const at = merged?.find((a) => a.applicantId === entry.applicantId) ?? (entry.applicantId ? undefined : entry);
        const type = (at?.type ?? entry.type ?? 'primary') as ApplicantType;
        return formProblems(fields, entry, `applicant.${i}`, APPLICANT_TYPES.includes(type) ? type : 'primary');
      }),
    ];
    if (problems.length) throw refusedMany(problems);

    const changes: FieldChange[] = [];
    const custom = { ...app.custom_fields };
    for (const [k, v] of Object.entries(input.customFields ?? {})) {
      if (JSON.stringify(custom[k]) === JSON.stringify(v)) continue;
      changes.push({ key: `customFields.${k}`, old: custom[k], new: v });
      if (v === null) delete custom[k];
      else custom[k] = v;
    }
    const doc = { ...app.doc };
    const next: Record<string, unknown> = { ...input, applicant: merged };
    for (const k of ['section_id', 'sub_section_id', 'progress', 'applicant'] as const) {
      if (next[k] === undefined || JSON.stringify(doc[k]) === JSON.stringify(next[k])) continue;
      changes.push({ key: k, old: doc[k], new: next[k] });
      (doc as Record<string, unknown>)[k] = next[k];
    }
    if (!changes.length) return buildView(tx, app, user, now);
    const applicants = (doc.applicant ?? []) as Record<string, unknown>[];
    const primary = primaryOf(applicants);
    const mobile = (primary.mobile as string) ?? (custom.mobile as string) ?? app.mobile;
    const email = (primary.email as string) ?? (custom.email as string) ?? app.email;
    const amount = custom.loanAmount != null && NUMERIC.test(String(custom.loanAmount)) ? String(custom.loanAmount) : null;
    await tx.query(
      `UPDATE applications SET custom_fields = $2, doc = $3, loan_amount = $4, applicant_name = $5, mobile = $6, email = $7, search_terms = $8,
              ver_num = ver_num + 1, mod_time = $9 WHERE application_id = $1`,
      [app.application_id, JSON.stringify(custom), JSON.stringify(doc), amount, fullName(primary) || app.applicant_name, mobile, email,
        searchTerms(app.application_id, applicants, mobile, email), now],
    );
    await writeAudits(tx, app.application_id, 'save', user.userName, now, changes);
    return buildView(tx, await findApplication(tx, app.application_id), user, now);
  });
}

export interface CreateInput {
  product_code: string;
  singleORjoint?: SingleOrJoint;
  applicationType?: 'APPLICATION' | 'LEAD';
  applicant?: Record<string, unknown>[];
  customFields?: Record<string, unknown>;
  existing_or_new_customer?: 'new' | 'existing';
}

/**
 * A new application from the backstage: numbered from the id sequence, owned by the creator's
 * branch, first lifecycle step opened — assigned to the creator when they belong to its team.
 */
export async function createApplication(db: Db, user: CurrentUser, input: CreateInput, now = new Date(), copiedFrom?: string) {
  return db.transaction(async (tx) => buildView(tx, await findApplication(tx, await createApplicationIn(tx, user, input, now, copiedFrom)), user, now));
}

/**
 * The create itself inside the caller's transaction (a lead's conversion creates the application and closes the
 * lead in one); `origin` adds where it came from (source_id, campaign_id, convertedFrom) to the record. Answers the id.
 */
export async function createApplicationIn(tx: Queryable, user: CurrentUser, input: CreateInput, now: Date, copiedFrom?: string, origin: Record<string, unknown> = {}): Promise<string> {
  if (!isStaff(user)) throw forbidden('application', 'Customers apply through the portal');
  if (input.customFields) await checkTypes(tx, input.customFields);
  {
    const { rows: products } = await tx.query<{ product_code: string }>(`SELECT product_code FROM products WHERE product_code = $1 AND enabled`, [input.product_code]);
    if (!products.length) throw refused('product_code', `Unknown product "${input.product_code}"`);
    // The portal's §5 rules on the new application's answers, as for a save (the flow it is created with).
    const fields = await flowFields(tx, { flow_id: `${input.product_code}_FLOW`, flow_ver_num: 243 });
    const problems = [
      ...formProblems(fields, input.customFields ?? {}, 'customFields', 'primary'),
      ...(input.applicant ?? []).flatMap((a, i) => {
        const type = APPLICANT_TYPES.includes(a.type as ApplicantType) ? (a.type as ApplicantType) : i === 0 ? 'primary' : 'secondary';
        return formProblems(fields, a, `applicant.${i}`, type);
      }),
    ];
    if (problems.length) throw refusedMany(problems);
    const steps = await loadLifecycle(tx, input.product_code, 243);
    const { rows: seq } = await tx.query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('applications', 'id'))::text AS id`);
    const id = seq[0].id;
    const applicationId = `APP-${id.padStart(8, '0')}`;
    const branch = hierarchyTeamIds(user).find((t) => (BRANCHES as readonly string[]).includes(t)) ?? BRANCHES[0];
    const applicants = (input.applicant?.length ? input.applicant : [{ type: 'primary', firstName: input.customFields?.firstName, lastName: input.customFields?.lastName }])
      .map((a, i) => ({ applicantId: `${applicationId}-${i === 0 ? 'P' : `S${i}`}`, ...a }));
    const primary = primaryOf(applicants);
    const custom = input.customFields ?? {};
    const mobile = (primary.mobile as string) ?? (custom.mobile as string) ?? null;
    const email = (primary.email as string) ?? (custom.email as string) ?? null;
    const amount = custom.loanAmount != null && NUMERIC.test(String(custom.loanAmount)) ? String(custom.loanAmount) : null;
    const doc = { applicant: applicants, existing_or_new_customer: input.existing_or_new_customer ?? 'new', completedSections: 0, source_id: 'BRANCH', ...origin, ...(copiedFrom ? { copiedFrom } : {}) };
    await tx.query(
      `INSERT INTO applications (id, application_id, product_code, status, single_or_joint, applicant_name, stage, ver_num, custom_fields, doc, created_at, mod_time,
         application_type, flow_id, flow_ver_num, branch, initiated_by, mobile, email, search_terms, loan_amount)
       VALUES ($1,$2,$3,'ACTIVE',$4,$5,0,1,$6,$7,$8,$8,$9,$10,243,$11,$12,$13,$14,$15,$16)`,
      [id, applicationId, input.product_code, input.singleORjoint ?? 'Single', fullName(primary), JSON.stringify(custom), JSON.stringify(doc), now,
        input.applicationType ?? 'APPLICATION', `${input.product_code}_FLOW`, branch, user.userName, mobile, email, searchTerms(applicationId, applicants, mobile, email), amount],
    );
    const first = steps[0];
    const team = resolveTeam(first.team, branch);
    const app = await findApplication(tx, applicationId);
    const task = await openStepTask(tx, app, first, now, teamIds(user).includes(team) ? user.userName : null);
    await tx.query(`UPDATE applications SET cur_task_id = $2 WHERE application_id = $1`, [applicationId, task.task_id]);
    await syncCurrentTask(tx, applicationId, task);
    await writeAudits(tx, applicationId, copiedFrom ? 'copy' : 'create', user.userName, now, [], copiedFrom ? { copiedFrom } : origin);
    return applicationId;
  }
}

/**
 * GET /v3/application/copy/{id}: a new application with the same product, applicants and answers. The caller's
 * right to open the source (and to create) was checked by the route's access rule.
 */
export async function copyApplication(db: Db, user: CurrentUser, src: ApplicationRow, now = new Date()) {
  const applicationId = src.application_id;
  const applicants = ((src.doc.applicant ?? []) as Record<string, unknown>[]).map(({ applicantId: _id, primaryApplicantId: _p, ...rest }) => rest);
  return createApplication(db, user, {
    product_code: src.product_code,
    singleORjoint: src.single_or_joint,
    applicationType: src.application_type,
    applicant: applicants,
    customFields: src.custom_fields,
    existing_or_new_customer: src.doc.existing_or_new_customer as 'new' | 'existing',
  }, now, applicationId);
}
