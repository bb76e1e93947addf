import { APPLICATIONS, api, TASKS } from '@lendline/shared';
import type { InboxBucket, InboxItem, InboxKind, InboxScope, InboxTab, Page, WorklogEntry } from '@lendline/shared';

/** The server calls of the tasks module (server/src/routes/tasks/). Paths of the inbox and tabs: §7 names none, so they sit in its taskconfigs family. */
export const WORK_PATHS = {
  inbox: '/v3/taskconfigs/inbox',
  inboxCounts: '/v3/taskconfigs/inbox/counts',
  worklogs: (id: string) => `/v3/taskconfigs/worklogs/${encodeURIComponent(id)}`,
  notes: (id: string) => `/v3/taskconfigs/notes/${encodeURIComponent(id)}`,
  addNote: '/v3/taskconfigs/addNote',
  updateNote: '/v3/taskconfigs/updateNote',
  deleteNote: '/v3/taskconfigs/deleteNote',
} as const;

// The wire types are the contract's (one definition for the server and this module).
export type { InboxBucket, InboxItem, InboxKind, InboxScope, Page, PageInfo, WorklogEntry } from '@lendline/shared';
export type DetailTab = InboxTab;

export interface InboxQuery {
  bucket: InboxBucket;
  kind: InboxKind | 'ALL';
  scope: InboxScope;
  limit: number;
  cursor?: string | null;
}

export const fetchInbox = (q: InboxQuery, signal?: AbortSignal) =>
  api.get<Page<InboxItem>>(WORK_PATHS.inbox, { query: { bucket: q.bucket, kind: q.kind, scope: q.scope, limit: q.limit, cursor: q.cursor ?? undefined }, signal });

/** How many items each bucket holds for these filters (at most 999 each; capped says a bucket has more). */
export interface InboxCounts {
  Today: number;
  Future: number;
  All: number;
  capped: boolean;
}
export const fetchInboxCounts = async (q: Pick<InboxQuery, 'kind' | 'scope'>) =>
  (await api.get<{ data: InboxCounts }>(WORK_PATHS.inboxCounts, { query: { kind: q.kind, scope: q.scope } })).data;

export const fetchWorklogs = (applicationId: string, limit: number, cursor?: string | null) =>
  api.get<Page<WorklogEntry>>(WORK_PATHS.worklogs(applicationId), { query: { limit, cursor: cursor ?? undefined } });

export interface Note {
  noteId: string;
  application_id: string;
  userId: string;
  userName: string;
  text: string;
  at: string;
  editedAt: string | null;
  verNum: number;
  mine: boolean;
}
export const fetchNotes = (applicationId: string, limit: number, cursor?: string | null) =>
  api.get<Page<Note>>(WORK_PATHS.notes(applicationId), { query: { limit, cursor: cursor ?? undefined } });
export const addNote = (application_id: string, text: string) => api.post<{ data: Note }>(WORK_PATHS.addNote, { application_id, text });
export const updateNote = (application_id: string, note: Note, text: string) =>
  api.post<{ data: Note }>(WORK_PATHS.updateNote, { application_id, noteId: note.noteId, verNum: note.verNum, text });
export const deleteNote = (application_id: string, noteId: string) => api.post<{ data: { noteId: string } }>(WORK_PATHS.deleteNote, { application_id, noteId });

/** A task as GET /v3/taskconfigs/getConfigs answers it (§3 Task + §4 due time). */
export interface TaskConfig {
  taskId: string;
  name: string;
  progress: string;
  assignedTo: string | null;
  assignedTeam: string[];
  stepInfo: { stepType: string; stepName: string; stepNumber: number };
  activeOn?: string;
  dueAt: string | null;
  slaBreached: boolean;
  createdAt: string;
}
export const fetchTasks = (applicationId: string) => api.get<{ data: TaskConfig[] }>(TASKS.getConfigs, { query: { application_id: applicationId } });

export interface SubTask {
  subTaskId: string;
  taskId: string | null;
  type: 'QUERY' | 'APPROVAL' | 'EXCEPTION';
  status: 'OPEN' | 'CLOSED';
  subject: string;
  assignedTo: string | null;
  assignedTeam: string | null;
  raisedBy: string | null;
  createdAt: string;
  closedAt: string | null;
}
export const fetchSubTasks = (applicationId: string) => api.get<{ data: SubTask[] }>(TASKS.subTaskList(applicationId, 'ALL', 'ALL', 'ALL'));

export interface SnoozedTask {
  taskId: string;
  name: string;
  progress: string;
  assignedTo: string | null;
  dueAt: string | null;
  activeOn: string | null;
  reviewBucket: 'Today' | 'Future';
}
export const snooze = (body: { application_id: string; verNum: number; taskId?: string; snoozeTime: string; reason: string }) =>
  api.post<{ data: SnoozedTask; application: { verNum: number } }>(TASKS.updateSnoozeTime, body);
export const removeSnooze = (body: { application_id: string; verNum: number; taskId?: string; reason?: string }) =>
  api.post<{ data: SnoozedTask; application: { verNum: number } }>(TASKS.removeSnoozeTime, body);

/** §4 application actions behind the task actions the inbox offers (OpenTask → assign to self, Leave → release). */
export const runAction = (action: 'assign' | 'release', application_id: string, verNum: number) => api.post<unknown>(APPLICATIONS.action(action), { application_id, verNum });
