import approvals from './approvals';
import { areaOf } from '../common/area';

/** §7 "Applications: approvals" (mf-tasks ApprovalsTab): approve, reject, forward, send_back, getApprovals. */
const approvalRoutes = areaOf(
  approvals,
);
export default approvalRoutes;
