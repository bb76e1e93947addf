import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { staffUser } from '../../plugins/app/auth';
import { dashboard } from '../../domain/managers/dashboard';
import { errorReplies, Nullable } from '../common/schemas';
import { DashboardFilter } from './schemas';
import { route } from '../common/route';

const Int = () => Type.Integer();
const Rate = () => Nullable(Type.Number({ description: 'Percent with one decimal, null when nothing was decided' }));

export const DashboardReply = Type.Object({
  filter: Type.Object({ from: Type.String(), to: Type.String(), branches: Type.Array(Type.String()), products: Type.Array(Type.String()) }),
  branchOptions: Type.Array(Type.Object({ teamId: Type.String(), name: Type.String() }), { description: 'The branches the caller may filter by' }),
  pipeline: Type.Array(Type.Object({ stepName: Type.String(), product_code: Type.String(), count: Int() }), { description: 'ACTIVE applications now, by step and product' }),
  turnaround: Type.Array(Type.Object({ stepName: Type.String(), count: Int(), medianMinutes: Type.Number(), p90Minutes: Type.Number() }), {
    description: 'Steps finished in the period: minutes from start to end (exact below 100 min, two significant digits above)',
  }),
  slaByTeam: Type.Array(Type.Object({ team: Type.String(), finished: Int(), breached: Int(), openOverdue: Int() }), {
    description: 'Per team: steps finished in the period, how many after their SLA limit, and open work past its due time now',
  }),
  slaTrend: Type.Array(Type.Object({ day: Type.String(), finished: Int(), breached: Int() }), { description: 'Per day of the period' }),
  outcomes: Type.Object({
    approved: Int(), rejected: Int(), cancelled: Int(), approvalRate: Rate(), rejectionRate: Rate(),
    products: Type.Array(Type.Object({ product_code: Type.String(), approved: Int(), rejected: Int(), cancelled: Int(), approvalRate: Rate(), rejectionRate: Rate() })),
  }, { description: 'Applications closed in the period: approved = COMPLETED; rates over approved + rejected' }),
  targets: Type.Object({
    period: Type.String(),
    officers: Type.Array(Type.Object({ userId: Type.String(), product_code: Type.String(), targetAmount: Type.Number(), achievedAmount: Type.Number(), targetCount: Int(), achievedCount: Int() })),
  }, { description: 'USER targets of the month the period ends in, against what each officer achieved' }),
  straightThrough: Type.Object({
    submitted: Int(), straightThrough: Int(), running: Int(),
    share: Type.Number({ description: 'straightThrough / submitted, 0–1 (0 when nothing was submitted)' }),
    p50Seconds: Nullable(Type.Number()), p95Seconds: Nullable(Type.Number()),
    referralReasons: Type.Array(Type.Object({ code: Type.String(), count: Int() }), { maxItems: 20 }),
  }, { description: 'Applications submitted in the period: how many were decided with nobody touching them, submission → decision p50/p95 (seconds), and why the others went to an officer, by reason code' }),
});

/** The managers' dashboard: every chart for one filter in one call. */
const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/backstage/dashboard', route.managers(null, 'The managers\' dashboard',
      'Pipeline by step and product (now), turnaround per step (median, p90), SLA breaches by team and per day, approval and rejection ' +
        'rates, targets vs achieved per officer, for a period of days (UTC, at most 366), branches and products. Every figure is bounded by the ' +
        'branches the caller sees (a manager\'s geography, ALL_APPLICATIONS_* holders everything, others their own branches). ' +
        'Access: members of the REPORTS activity group. Errors: 403 otherwise; 400/1101 a bad period.', {
      body: Type.Object({
        ...DashboardFilter,
      }),
      response: { 200: Type.Object({ data: DashboardReply }), ...errorReplies },
    }), async (request) => ({ data: await dashboard(app.db, staffUser(request), request.body) }));
};
export default dashboardRoutes;
