import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { staffUser } from '../../plugins/app/auth';
import { listTargets, loanAmountOf, overallTarget, setTarget, startedBy } from '../../domain/managers/targets';
import { Code, Int4 } from '../../domain/bounds';
import { errorReplies, Enum, Nullable } from '../common/schemas';
import { Period } from './schemas';
import { route } from '../common/route';

const ACHIEVED = 'Achieved = the applications the user initiated that were COMPLETED within the month (count, sum of loan amounts), from the book; a team\'s is the sum of its members\'.';
const READ = 'Access: one\'s own figures; a manager (NSM, RM, AM, BH) those of their reportees and branch teams; a TEAM_APPLICATIONS_ASSIGN holder those of the teams they lead and their members; ADMIN and ALL_APPLICATIONS_ASSIGN holders everyone\'s. Errors: 404 for a user the caller may not see (same as unknown); 400/1101 naming a bad input.';

const Figures = Type.Object({ count: Type.Integer(), amount: Type.Number() });
const Scope = Enum(['USER', 'TEAM']);
const TargetItem = Type.Object({
  id: Type.String(), scope: Scope, subject: Type.String(), product_code: Type.String({ description: "'*' = every product" }), period: Type.String(),
  target: Figures, achieved: Figures, verNum: Type.Integer(), setBy: Type.String(), updatedAt: Type.String({ format: 'date-time' }),
});
const UserPeriod = { userId: Code(100), period: Type.Optional(Period) };
const Amount = Type.Number({ minimum: 0, maximum: 9_999_999_999.99, description: '§9: at most 10 integer digits' });

/** §7 Other: the target calls (and setting a target, which §7 does not list). */
const targetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/target/getOveallTarget', route.managers(null, 'The caller\'s overall target this month',
      `Sum of the USER targets the caller may read for the month (default the current one), and what those users achieved. ${ACHIEVED} ${READ}`, {
      querystring: Type.Object({ period: Type.Optional(Period) }),
      response: { 200: Type.Object({ data: Type.Object({ period: Type.String(), users: Type.Integer(), target: Figures, achieved: Figures, percent: Nullable(Type.Number()) }) }), ...errorReplies },
    }), async (request) => ({ data: await overallTarget(app.db, staffUser(request), request.query.period) }));

  app.post('/target/getTarget', route.managers(null, 'Targets of a month with their achievement',
      `The targets the caller may read, optionally of one scope, subject or product. ${ACHIEVED} ${READ}`, {
      body: Type.Object({ period: Type.Optional(Period), scope: Type.Optional(Scope), subject: Type.Optional(Code(100)), product_code: Type.Optional(Code(40)) }),
      response: { 200: Type.Object({ data: Type.Array(TargetItem) }), ...errorReplies },
    }), async (request) => ({ data: await listTargets(app.db, staffUser(request), request.body) }));

  app.post('/target/getTargetByUserID', route.managers(null, 'One user\'s targets with their achievement',
      `${ACHIEVED} ${READ}`, {
      body: Type.Object(UserPeriod),
      response: { 200: Type.Object({ data: Type.Array(TargetItem) }), ...errorReplies },
    }), async (request) => ({ data: await listTargets(app.db, staffUser(request), { period: request.body.period, scope: 'USER', subject: request.body.userId }) }));

  app.post('/target/getLoanAmountByUserID', route.managers(null, 'One user\'s achieved loan amount in a month',
      `${ACHIEVED} ${READ}`, {
      body: Type.Object({ ...UserPeriod, product_code: Type.Optional(Code(40)) }),
      response: { 200: Type.Object({ data: Type.Object({ userId: Type.String(), period: Type.String(), product_code: Type.String(), count: Type.Integer(), amount: Type.Number() }) }), ...errorReplies },
    }), async (request) => ({ data: await loanAmountOf(app.db, staffUser(request), request.body.userId, request.body.period, request.body.product_code) }));

  const Started = Type.Object({
    userId: Type.String(), period: Type.String(), count: Type.Integer(),
    data: Type.Array(Type.Object({ product_code: Type.String(), status: Type.String(), count: Type.Integer(), amount: Type.Number() })),
  });
  app.post('/target/getApplicationByInitiatedByAndProductType', route.managers(null, 'Applications a user started in a month, by product and status',
      `Counted on the creation day (UTC) with today's status; leads are not counted. ${READ}`, {
      body: Type.Object({ initiatedBy: Code(100), period: Type.Optional(Period), product_code: Type.Optional(Code(40)), productType: Type.Optional(Code(40)) }),
      response: { 200: Type.Object({ data: Started }), ...errorReplies },
    }), async (request) => {
    const b = request.body;
    return { data: await startedBy(app.db, staffUser(request), b.initiatedBy, b.period, { product: b.product_code ?? b.productType }) };
  });
  app.post('/target/getApplicationCountByInitiatedByAndFlowName', route.managers(null, 'How many applications of a flow a user started in a month',
      `Counted on the creation day (UTC) with today's status; leads are not counted. ${READ}`, {
      body: Type.Object({ initiatedBy: Code(100), flowName: Code(80), period: Type.Optional(Period) }),
      response: { 200: Type.Object({ data: Started }), ...errorReplies },
    }), async (request) => ({ data: await startedBy(app.db, staffUser(request), request.body.initiatedBy, request.body.period, { flowName: request.body.flowName }) }));

  app.post('/target/setTarget', route.managers(null, 'Set a target (not in §7)',
      'Creates or replaces the target of a user or team for a product (default every product) and month, with a history row. ' +
        'Access: ADMIN and ALL_APPLICATIONS_ASSIGN holders for anyone; a manager (NSM, RM, AM, BH) for their reportees and branch teams; ' +
        'a TEAM_APPLICATIONS_ASSIGN holder for the teams they lead and their members (§6 assignment permissions: those who distribute the work set its goals). ' +
        'Errors: 403 for anyone else; 404 unknown user, team or product; 409 stale verNum; 400/1101 a bad input.', {
      body: Type.Object({
        scope: Scope, subject: Code(100), product_code: Type.Optional(Code(40)), period: Period,
        amount: Amount, count: Int4(), verNum: Type.Optional(Int4()),
      }),
      response: { 200: Type.Object({ data: TargetItem }), ...errorReplies },
    }), async (request) => ({ data: await setTarget(app.db, staffUser(request), request.body) }));
};
export default targetRoutes;
