import { APPLICATIONS, api, type SubStatus, type Applicant, type AppLifeCycle, type ApplicationAction, type ApplicationActionRequest, type ApplicationStatus, type Task, type SlaSnapshot } from '@lendline/shared';

/** The current task as GET /v3/application/{id} sends it: §3 Task plus the §4 due time. */
export type DetailTask = Task & {
  dueAt?: string | null;
  slaBreached?: boolean;
  accessControl?: string | null;
  /** The bank's clock stopped while waiting on the applicant (a request for information): since when, minutes so far. */
  slaPause?: { pausedAt: string | null; pausedMins: number };
};

/**
 * GET /v3/application/{id}: the §3 Application with its lifecycle and the §4 flags the server
 * computes for the caller (assigned to the current user, editable form), so the page shows what
 * the writes will enforce.
 */
export interface ApplicationView {
  application_id: string;
  /** The SLA state by status, as the server computed it (shared/src/sla/state.ts). */
  sla?: SlaSnapshot;
  product_code: string;
  product_name?: string;
  application_status: ApplicationStatus;
  applicationType?: 'APPLICATION' | 'LEAD';
  singleORjoint?: string;
  applicant: Applicant[];
  verNum: number;
  flowId?: string | null;
  flowVerNum?: number;
  mod_time?: string;
  cre_time?: string;
  customFields?: Record<string, unknown>;
  appLifeCycle?: AppLifeCycle;
  currentTask?: DetailTask | null;
  openQueries?: number;
  openApprovals?: number;
  openExceptions?: number;
  callback?: { at?: string } | null;
  /** §2 sub-status as the server computes it: QUERIES, APPROVAL, or null. */
  subStatus?: SubStatus | null;
  assignedToCurrentUser: boolean;
  editableBackstageForm: boolean;
  canSave?: boolean;
  canAct?: boolean;
  /** A portal application whose applicant has not given the identity asked first: in no queue yet. */
  draft?: boolean;
}

const unwrap = <T,>(r: T | { data: T }, key: keyof T): T => (r && typeof r === 'object' && 'data' in r && !(key in (r as object)) ? (r as { data: T }).data : (r as T));

export async function fetchApplicationView(id: string, signal?: AbortSignal): Promise<ApplicationView> {
  return unwrap(await api.get<ApplicationView | { data: ApplicationView }>(APPLICATIONS.byId(id), { signal }), 'application_id');
}

/** What an application action sends (shared/src/wire/actions.ts). */
export type ActionBody = ApplicationActionRequest;

/**
 * POST /v3/application/action/{action}. Not silent: a §8 refusal (for example the §4 step
 * completion errors QUERIES_PENDING, APPROVALS_PENDING…) opens the shell's error modal.
 */
export async function runAction(action: ApplicationAction | 'drop' | 'reappraise' | 'rebook', body: ActionBody): Promise<ApplicationView | null> {
  // Rebook is the list action's call (§7 /backstage/rebook); it answers no view, so the page reads it again.
  if (action === 'rebook') {
    await api.post('/backstage/rebook', { application_id: body.application_id, verNum: body.verNum, ...(body.reason ? { reason: body.reason } : {}) });
    return null;
  }
  const url = action === 'drop' || action === 'reappraise' ? `/v3/application/action/${action}` : APPLICATIONS.action(action);
  const reply = await api.post<ApplicationView | { data?: ApplicationView } | null>(url, body);
  if (!reply) return null;
  const view = unwrap(reply as ApplicationView, 'application_id');
  return view && typeof view === 'object' && 'application_id' in view ? view : null;
}

/** POST /v3/application/user/save_or_update: the changed fields, at the version they were read. */
export async function saveApplication(view: ApplicationView, customFields: Record<string, unknown>): Promise<ApplicationView | null> {
  const reply = await api.post<ApplicationView | { data?: ApplicationView } | null>(APPLICATIONS.userSave, { application_id: view.application_id, verNum: view.verNum, customFields });
  if (!reply) return null;
  const next = unwrap(reply as ApplicationView, 'application_id');
  return next && typeof next === 'object' && 'application_id' in next ? next : null;
}

/** GET /v3/application/copy/{id}: a new application with the same data; its id is returned. */
export async function copyApplication(id: string): Promise<string> {
  const reply = await api.get<{ application_id?: string; data?: { application_id?: string } }>(APPLICATIONS.copy(id));
  const newId = reply.application_id ?? reply.data?.application_id;
  if (!newId) throw new Error('The copy did not return an application id');
  return newId;
}

export interface AuditEntry {
  id?: number | string;
  fieldKey: string;
  oldValue: unknown;
  newValue: unknown;
  action?: string;
  userId: string;
  at: string;
}

/** GET /v3/audits/getAudits?application_id&fieldKey: who changed a field, when, from what to what. */
export async function fetchFieldHistory(applicationId: string, fieldKey: string): Promise<AuditEntry[]> {
  const reply = await api.get<AuditEntry[] | { data: AuditEntry[] }>(APPLICATIONS.audits, { query: { application_id: applicationId, fieldKey } });
  return Array.isArray(reply) ? reply : reply.data ?? [];
}

/** What the Reject dialog offers (GET /v3/application/action/declineOptions). */
export interface DeclineOptions {
  reasons: { code: string; label: string }[];
  /** The caller's Reject is final at once (a role the product lets decline alone); otherwise it waits for a second person. */
  direct: boolean;
  reversalWindowHours: number;
  pending: { subTaskId: string; by: string; reason: string } | null;
}

export async function declineOptions(applicationId: string, signal?: AbortSignal): Promise<DeclineOptions> {
  const reply = await api.get<{ data: DeclineOptions } | DeclineOptions>('/v3/application/action/declineOptions', { query: { application_id: applicationId }, signal });
  return 'reasons' in reply ? reply : reply.data;
}
