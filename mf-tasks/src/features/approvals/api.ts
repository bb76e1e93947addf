import { APPLICATIONS, api, type Approvals } from '@lendline/shared';

/** §7 "Applications: approvals" as the server answers them: the wire types shared with it (@lendline/shared, wire/approvals.ts). */
export type { Approvals, ApprovalState, ApprovalEntry as ChainEntry } from '@lendline/shared';

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
