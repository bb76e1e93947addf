import type { SlaSnapshot } from '../sla/state';

// What the work routes answer (task inbox, worklogs), typed once for the server that writes them and the
// remotes that read them. The server's TypeBox response schemas check the same shapes on the wire.

export type InboxKind = 'task' | 'query' | 'approval';
export type InboxBucket = 'Today' | 'Future' | 'All';
export type InboxScope = 'mine' | 'teams' | 'all';
/** The application page's tab an inbox item opens on. */
export type InboxTab = 'queries' | 'approvals' | 'snooze' | 'relatedTasks';

/** One row of the task inbox: a step (task), a query or an approval waiting on the user or their teams. */
export interface InboxItem {
  kind: InboxKind;
  id: string;
  application_id: string;
  applicantName: string;
  productCode: string;
  /** The application's verNum, for a quick action (OpenTask, Leave) from the inbox. */
  verNum: number;
  taskId: string | null;
  title: string;
  stepName: string;
  dueAt: string | null;
  breached: boolean;
  /** A task's SLA state, its application's (shared/src/sla/state.ts); null for queries and approvals. */
  sla: SlaSnapshot | null;
  reviewAt: string | null;
  bucket: 'Today' | 'Future';
  heldBy: { user: string | null; team: string | null };
  raisedBy: string | null;
  actions: { type: string; value: string }[];
  tab: InboxTab;
}

/** One entry of an application's timeline (the worklogs tab). */
export interface WorklogEntry {
  id: string;
  at: string;
  userId: string;
  userName: string;
  action: string;
  comment: string;
  taskId: string | null;
  /** What was done in each language, for entries written with a key (issue 30); otherwise only `comment`. */
  texts?: Record<string, string>;
}

/** Keyset paging: the cursor of the next page, if any. */
export interface PageInfo {
  nextCursor: string | null;
  hasMore: boolean;
}

export interface Page<T> {
  data: T[];
  pageInfo: PageInfo;
}
