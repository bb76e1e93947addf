import type { FastifyPluginAsync } from 'fastify';
import approvals from './approvals';

/** §7 "Applications: approvals" (mf-tasks ApprovalsTab): approve, reject, forward, send_back, getApprovals. */
const approvalRoutes: FastifyPluginAsync = async (app) => {
  await app.register(approvals);
};
export default approvalRoutes;
