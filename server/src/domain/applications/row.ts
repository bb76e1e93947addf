import type { ApplicationStatus, SingleOrJoint } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { applicationNotFound } from '../errors';

/** An applications row (001_core + 010_domain columns). */
export interface ApplicationRow {
  id: string;
  application_id: string;
  product_code: string;
  status: ApplicationStatus;
  single_or_joint: SingleOrJoint;
  applicant_name: string;
  stage: number;
  ver_num: number;
  custom_fields: Record<string, unknown>;
  doc: Record<string, unknown> & { applicant?: Record<string, unknown>[] };
  created_at: Date | string;
  mod_time: Date | string;
  application_type: 'APPLICATION' | 'LEAD';
  flow_id: string | null;
  flow_ver_num: number;
  branch: string | null;
  initiated_by: string | null;
  mobile: string | null;
  email: string | null;
  loan_amount: string | null;
  cur_task_id: string | null;
  step_name: string | null;
  task_name: string | null;
  task_progress: string | null;
  assigned_to: string | null;
  assigned_team: string | null;
  sla_due_at: Date | string | null;
  open_queries: number;
  open_approvals: number;
  open_exceptions: number;
  closed_at: Date | string | null;
  /** 079_honest_sla.sql: the running clock's limit, the applicant wait and the hold of the SLA state. */
  sla_limit_mins: number | null;
  sla_paused_at: Date | string | null;
  held_since: Date | string | null;
  sla_excluded_secs: number | string;
  /** 085_drafts.sql: a portal application without the identity its product asks for first: not work yet. */
  draft: boolean;
  /** 086_dedupe.sql: normalised PAN / mobile / e-mail keys of its applicants (generated). */
  dedupe_keys?: string[];
}

/** The row, or null when there is none. */
export async function loadApplication(q: Queryable, applicationId: string, lock = false): Promise<ApplicationRow | null> {
  const { rows } = await q.query<ApplicationRow>(`SELECT * FROM applications WHERE application_id = $1${lock ? ' FOR UPDATE' : ''}`, [applicationId]);
  return rows[0] ?? null;
}

/** The row, or 404 with the same body a caller gets for an application it may not open (errors.ts). */
export async function findApplication(q: Queryable, applicationId: string, lock = false): Promise<ApplicationRow> {
  const row = await loadApplication(q, applicationId, lock);
  if (!row) throw applicationNotFound();
  return row;
}

/** Lower-cased words global search matches (application id, applicant names, mobile, email). */
export function searchTerms(applicationId: string, applicants: Record<string, unknown>[], mobile: string | null, email: string | null): string[] {
  const words = new Set<string>([applicationId.toLowerCase()]);
  for (const a of applicants) {
    for (const k of ['firstName', 'lastName']) if (typeof a[k] === 'string' && a[k]) words.add(String(a[k]).toLowerCase());
  }
  if (mobile) words.add(mobile);
  if (email) words.add(email.toLowerCase());
  return [...words];
}
