import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { decisionStatus } from '../../domain/stp/status';
import { stpSettings } from '../../domain/stp/sweep';
import { AppId, errorReplies } from '../common/schemas';
import { applicationIdIn } from '../common/application-rules';
import { route } from '../common/route';

export const DECISION_STATUS = '/v3/portal/decision-status';

const Stage = Type.Union(['NOT_SUBMITTED', 'CHECKING_CREDIT', 'CHECKING_BANK_STATEMENT', 'DECIDING', 'OFFER', 'DECLINED', 'REVIEW', 'CLOSED'].map((s) => Type.Literal(s)));

/** The applicant's live decision status (issue 29): what the status page polls while the chain runs. */
const portalDecisionStatus: FastifyPluginAsyncTypebox = async (app) => {
  app.get(DECISION_STATUS, route.portal({ application: { id: applicationIdIn('query', 'application_id'), permission: 'read', customer: 'appRef' } }, 'Where the decision on an application stands, as the applicant is told',
      'The straight-through stage (docs/ARCHITECTURE.md "Straight-through processing"): NOT_SUBMITTED, CHECKING_CREDIT, CHECKING_BANK_STATEMENT, ' +
        'DECIDING (the portal polls while one of these), then OFFER (the Key Fact Statement to accept: proposal number, amount, tenure, rate, EMI, APR, ' +
        'valid until, its state), DECLINED (reasons: GET /v3/portal/decline), REVIEW (an officer reviews it; referralHours is the expected time) or CLOSED (ended otherwise). ' +
        'Never the rules, scores or reasons of a referral. The customer with the appRefId; staff who may open it.', {
      querystring: Type.Object({ application_id: AppId }),
      response: {
        200: Type.Object({
          data: Type.Object({
            stage: Stage,
            passed: Type.Array(Stage, { maxItems: 3 }),
            referralHours: Type.Union([Type.Number(), Type.Null()]),
            offer: Type.Union([
              Type.Object({
                proposalNo: Type.String(), amount: Type.Number(), tenureMonths: Type.Integer(), ratePercent: Type.Number(), emi: Type.Number(), apr: Type.Number(),
                validUntil: Type.String(), kfsState: Type.String(),
              }),
              Type.Null(),
            ]),
          }),
        }),
        ...errorReplies,
      },
    }), async (request) => ({ data: await decisionStatus(app.db, stpSettings.tenant, request.application!) }));
};
export default portalDecisionStatus;
