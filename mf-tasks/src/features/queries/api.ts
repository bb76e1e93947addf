import { APPLICATIONS, api, TASKS } from '@lendline/shared';

/** A query (sub-task) as GET /v3/queries/{application_id} answers it. */
export interface QueryComment {
  by: string;
  at: string;
  text: string;
}
export interface RequestState {
  sentTo: string;
  sends: number;
  expiresAt: string;
  answeredAt: string | null;
  answeredBy: string | null;
  state: 'WAITING' | 'ANSWERED' | 'EXPIRED';
}
export interface Query {
  subTaskId: string;
  application_id: string;
  taskId: string | null;
  status: 'OPEN' | 'CLOSED';
  subject: string;
  description: string;
  assignedTo: string | null;
  assignedTeam: string | null;
  raisedBy: string | null;
  fields: string[];
  documents: string[];
  comments: QueryComment[];
  closedBy: string | null;
  createdAt: string;
  closedAt: string | null;
  requestInfo: RequestState | null;
}
export interface QueryList {
  data: Query[];
  open: number;
  closed: number;
}
/** What a change answers about the application: the version for the next write, counts, §2 sub-status. */
export interface AppState {
  application_id: string;
  verNum: number;
  openQueries: number;
  subStatus: 'QUERIES' | 'APPROVAL' | null;
}
export interface Requestable {
  key: string;
  label: string;
  type: string;
}

export const fetchQueries = (applicationId: string) => api.get<QueryList>(TASKS.queriesByApplication(applicationId));

export const fetchRequestable = async (applicationId: string) =>
  (await api.post<{ data: { fields: Requestable[]; documents: Requestable[] } }>(TASKS.queryFields, { application_id: applicationId })).data;

interface Target {
  application_id: string;
  verNum: number;
}
type Changed = { application: AppState };

export const raiseQuery = (b: Target & { subject: string; description?: string; assignedTo?: string; assignedTeam?: string; fields?: string[]; documents?: string[] }) =>
  api.post<Changed>(TASKS.createOrUpdateQuery, b);
export const commentOn = (b: Target & { subTaskId: string; comment: string }) => api.post<Changed>(TASKS.addCommentToTask, b);
export const closeQuery = (b: Target & { subTaskId: string; comment?: string }) => api.post<Changed>(TASKS.closeSubTask, b);
export const reopenQuery = (b: Target & { subTaskId: string; comment?: string }) => api.post<Changed>(TASKS.reopenSubTask, b);
export const requestInfo = (b: Target & { fields: string[]; documents: string[]; message: string }) =>
  api.post<Changed & { data: { sentTo: string; sandboxLink?: string } }>(APPLICATIONS.requestInfo, b);
export const resendRequest = (b: Target & { subTaskId: string }) =>
  api.post<Changed & { data: { sentTo: string; sandboxLink?: string } }>(TASKS.sendRequestForInfoNotifications, b);

/** Someone a query may go to, as the picker route answers (issue 26). */
export interface Recipient {
  kind: 'user' | 'team';
  id: string;
  name: string;
}
export const searchRecipients = async (applicationId: string, search: string): Promise<Recipient[]> => {
  const r = await api.post<{ data: { users: { userName: string; name: string }[]; teams: { teamId: string; name: string }[] } }>(TASKS.queryRecipients, { application_id: applicationId, search });
  return [...r.data.users.map((u) => ({ kind: 'user' as const, id: u.userName, name: u.name })), ...r.data.teams.map((x) => ({ kind: 'team' as const, id: x.teamId, name: x.name }))];
};
