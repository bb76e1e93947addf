import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { OTHER } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { emi } from '../../domain/portal/emi';
import { errorReplies } from '../common/schemas';
import { route } from '../common/route';

const Emi = Type.Object({
  type: Type.Literal('EMI'),
  amount: Type.Number(),
  rate: Type.Number({ description: 'Yearly interest rate, %' }),
  tenureMonths: Type.Integer(),
  emi: Type.Number({ description: 'Monthly instalment, rounded to paise' }),
  totalPayment: Type.Number(),
  totalInterest: Type.Number(),
});

/** POST /calculations/calculate (§7): the EMI from amount, yearly interest rate and tenure in months. */
const portalCalculations: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    OTHER.calculate,
    route.portal(null, 'Calculate an EMI',
      'The monthly instalment of a loan: amount, yearly rate % and tenure in months → emi, totalPayment and totalInterest ' +
        '(rounded to paise). Any signed-in caller (the customer account or staff); no permission. Errors: 400/1101 for ' +
        'values out of range.', {
      body: Type.Object({
          type: Type.Optional(Type.Literal('EMI')),
          amount: Type.Number({ exclusiveMinimum: 0, maximum: 9999999999 }),
          rate: Type.Number({ minimum: 0, maximum: 99.99 }),
          tenureMonths: Type.Integer({ minimum: 1, maximum: 600 }),
        }),
      response: { 200: Type.Object({ data: Emi }, { description: 'The EMI and the totals' }), ...errorReplies },
    }),
    async (request) => {
      currentUser(request);
      const { amount, rate, tenureMonths } = request.body;
      return { data: { type: 'EMI' as const, amount, rate, tenureMonths, ...emi(amount, rate, tenureMonths) } };
    },
  );
};
export default portalCalculations;
