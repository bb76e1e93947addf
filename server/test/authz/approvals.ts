import { get, post, type Build } from './builders';

/** Approval routes (routes/approvals): an existing-looking approval id; the access rule answers before it is read. */
export const APPROVAL_REQUESTS: Record<string, Build> = {
  'POST /v3/application/approvals/approve': post('/v3/application/approvals/approve', (a) => ({ application_id: a.id, verNum: a.verNum, subTaskId: '1', comment: 'Matrix' })),
  'POST /v3/application/approvals/reject': post('/v3/application/approvals/reject', (a) => ({ application_id: a.id, verNum: a.verNum, subTaskId: '1', reason: 'Matrix' })),
  'POST /v3/application/approvals/forward': post('/v3/application/approvals/forward', (a) => ({ application_id: a.id, verNum: a.verNum, subTaskId: '1', userName: 'bh1' })),
  'POST /v3/application/approvals/send_back': post('/v3/application/approvals/send_back', (a) => ({ application_id: a.id, verNum: a.verNum, subTaskId: '1', reason: 'Matrix' })),
  'GET /v3/application/approvals/getApprovals': get((a) => `/v3/application/approvals/getApprovals?application_id=${a.id}`),
  // The Reject dialog's decline reasons (routes/backstage/actions.ts): APPLICATIONS_ACTIONS, like the actions.
  'GET /v3/application/action/declineOptions': get((a) => `/v3/application/action/declineOptions?application_id=${a.id}`),
};
