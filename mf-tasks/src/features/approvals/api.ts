import { APPLICATIONS, api } from '@lendline/shared';

/** §7 "Applications: approvals" as the server answers them (server/src/routes/approvals/schemas.ts). */
export type ApprovalState = 'PENDING' | 'APPROVED' | 'REJECTED' | 'SENT_BACK' | 'WITHDRAWN' | 'WAITING';

export interface ChainEntry {
  subTaskId: string | null;
  type: 'APPROVAL' | 'EXCEPTION';
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
  escalatedFrom?: { role: string; name: string; reason: string } | null;
  /** An officer's decline waiting for a second person: approve confirms it (REJECTED), reject / send back keep it ACTIVE. */
  recommendation?: { kind: 'DECLINE'; reasonCode: string; reason: string; note: string } | null;
  actions: { decide: boolean; forward: boolean; forwardTo: { userName: string; displayName: string }[] } | null;
}

export interface Approvals {
  application_id: string;
  verNum: number;
  subStatus: 'QUERIES' | 'APPROVAL' | null;
  openApprovals: number;
  openExceptions: number;
  chain: ChainEntry[];
  exceptions: ChainEntry[];
}

export type ApprovalAction = 'approve' | 'reject' | 'forward' | 'send_back';

export interface ActionInput {
  application_id: string;
  verNum: number;
  subTaskId: string;
  comment?: string;
  reason?: string;
  userName?: string;
}

export async function fetchApprovals(applicationId: string): Promise<Approvals> {
  const r = await api.get<{ data: Approvals }>(APPLICATIONS.getApprovals, { query: { application_id: applicationId } });
  return r.data;
}

/** One approval action; a §8 refusal rejects with ApiError after the shell's error modal has shown it. */
export async function postApprovalAction(action: ApprovalAction, input: ActionInput): Promise<void> {
  await api.post(APPLICATIONS.approval(action), input);
}
