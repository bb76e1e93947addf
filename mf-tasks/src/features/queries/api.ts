import { APPLICATIONS, api, TASKS, type ApplicationAfterChange, type ApplicationQueries, type InfoRequestState } from '@lendline/shared';

/** A query as GET /v3/queries/{application_id} answers it, and what a change answers about the application (wire types). */
export type Query = ApplicationQueries['data'][number];
export type QueryList = ApplicationQueries;
export type RequestState = InfoRequestState;
export type AppState = ApplicationAfterChange;
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
