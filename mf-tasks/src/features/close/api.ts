import { APPLICATIONS, api, TASKS } from '@lendline/shared';

/** What the Close tab reads and writes (the fields it uses of GET /v3/queries/{id} and getApprovals). */
export interface OpenQuery {
  subTaskId: string;
  status: 'OPEN' | 'CLOSED';
  subject: string;
  raisedBy: string | null;
  assignedTo: string | null;
  assignedTeam: string | null;
}
export interface PendingApproval {
  subTaskId: string | null;
  type: 'APPROVAL' | 'EXCEPTION';
  level: number;
  levels: number;
  levelName: string;
  state: string;
  maker: string | null;
  exceptions: { key: string; reason: string }[];
  actions: { decide: boolean } | null;
}

export const fetchOpenQueries = async (applicationId: string) => (await api.get<{ data: OpenQuery[] }>(TASKS.queriesByApplication(applicationId))).data.filter((q) => q.status === 'OPEN');

export async function fetchDecidable(applicationId: string): Promise<PendingApproval[]> {
  const r = await api.get<{ data: { chain: PendingApproval[]; exceptions: PendingApproval[] } }>(APPLICATIONS.getApprovals, { query: { application_id: applicationId } });
  // Only what the server says the caller may decide: closing an approval is its decider's approve or reject.
  return [...r.data.chain, ...r.data.exceptions].filter((a) => a.state === 'PENDING' && !!a.subTaskId && !!a.actions?.decide);
}

/** POST /v3/taskconfigs/close (server/src/routes/tasks/work-tabs.ts); a §8 refusal is shown by the shell's modal. */
export const closeSubTask = (b: { application_id: string; verNum: number; subTaskId: string; reason: string; decision?: 'APPROVE' | 'REJECT' }) =>
  api.post<unknown>('/v3/taskconfigs/close', b);
