// What the query routes answer (an application's queries, each change to one), typed once for the server that writes
// it (domain/queries, domain/tasks/sub-task-row.ts) and the remote that reads it (mf-tasks' queries tab). The
// server's TypeBox response schemas (routes/queries/schemas.ts) check the same shapes on the wire.

export type SubTaskKind = 'QUERY' | 'APPROVAL' | 'EXCEPTION';
export type SubTaskStatus = 'OPEN' | 'CLOSED';

/** One message of a query's thread, oldest first. */
export interface QueryComment {
  by: string;
  at: string;
  text: string;
}

/** A sub-task (a query, an approval or a raised exception) with its thread. */
export interface SubTaskView {
  subTaskId: string;
  application_id: string;
  taskId: string | null;
  type: SubTaskKind;
  status: SubTaskStatus;
  subject: string;
  description: string;
  /** The user who holds it, or null while a team does. */
  assignedTo: string | null;
  assignedTeam: string | null;
  raisedBy: string | null;
  /** Field keys and document ids of the application it is about. */
  fields: string[];
  documents: string[];
  comments: QueryComment[];
  closedBy: string | null;
  createdAt: string;
  closedAt: string | null;
}

/** A request for information's link as staff see it (never the secret). */
export interface InfoRequestState {
  sentTo: string;
  sends: number;
  expiresAt: string;
  answeredAt: string | null;
  answeredBy: string | null;
  state: 'WAITING' | 'ANSWERED' | 'EXPIRED';
}

/** GET /v3/queries/{application_id}: the queries, open first, with the state of a request for information's link. */
export interface ApplicationQueries {
  data: Array<SubTaskView & { requestInfo: InfoRequestState | null }>;
  open: number;
  closed: number;
}

/** The application after a change to a query or approval: the version for its next write, its open counts, §2 sub-status. */
export interface ApplicationAfterChange {
  application_id: string;
  verNum: number;
  openQueries: number;
  openApprovals: number;
  subStatus: 'QUERIES' | 'APPROVAL' | null;
}
