// What the approvals routes answer (§7 "Applications: approvals": getApprovals and the approval actions), typed once for
// the server that writes it (domain/approvals/read.ts) and the remote that reads it (mf-tasks' approvals tab). The
// server's TypeBox response schemas (routes/approvals/schemas.ts) check the same shapes on the wire.

export type ApprovalState = 'PENDING' | 'APPROVED' | 'REJECTED' | 'SENT_BACK' | 'WITHDRAWN' | 'WAITING';

/** What the caller may do with an open entry (null on a decided or waiting one). */
export interface ApprovalEntryActions {
  decide: boolean;
  forward: boolean;
  forwardTo: { userName: string; displayName: string }[];
}

/** One entry of an approval chain or a raised exception (WAITING: a level of the open round not reached yet). */
export interface ApprovalEntry {
  subTaskId: string | null;
  type: 'APPROVAL' | 'EXCEPTION';
  taskId: string | null;
  round: number;
  level: number;
  levels: number;
  levelName: string;
  role: string;
  team: string;
  state: ApprovalState;
  assignedTo: string | null;
  assignedTeam: string | null;
  maker: string | null;
  raisedAt: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  comment: string;
  exceptions: { key: string; reason: string }[];
  forwards: { from: string | null; to: string; by: string; at: string; comment: string }[];
  /** The level the matrix named when nobody but the makers could decide it and it went up the hierarchy. */
  escalatedFrom: { role: string; name: string; reason: string } | null;
  /** An officer's decline waiting for a second person: approve confirms it (REJECTED), reject / send back keep it ACTIVE. */
  recommendation: { kind: 'DECLINE'; reasonCode: string; reason: string; note: string } | null;
  actions: ApprovalEntryActions | null;
}

/** getApprovals: the application's approval chain (every round, oldest first) and its raised exceptions. */
export interface Approvals {
  application_id: string;
  verNum: number;
  subStatus: 'QUERIES' | 'APPROVAL' | null;
  openApprovals: number;
  openExceptions: number;
  chain: ApprovalEntry[];
  exceptions: ApprovalEntry[];
}
