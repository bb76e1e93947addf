import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { OTHER } from '@lendline/shared/contract';
import { currentUser } from '../plugins/app/auth';
import { emi } from '../domain/portal/emi';

/** POST /calculations/calculate (§7): the EMI from amount, yearly interest rate and tenure in months. */
const portalCalculations: FastifyPluginAsync = async (app) => {
  app.post(
    OTHER.calculate,
    {
      schema: {
        body: Type.Object({
          type: Type.Optional(Type.Literal('EMI')),
          amount: Type.Number({ exclusiveMinimum: 0, maximum: 9999999999 }),
          rate: Type.Number({ minimum: 0, maximum: 99.99 }),
          tenureMonths: Type.Integer({ minimum: 1, maximum: 600 }),
        }),
      },
    },
    async (request) => {
      currentUser(request);
      const { amount, rate, tenureMonths } = request.body as { amount: number; rate: number; tenureMonths: number };
      return { data: { type: 'EMI', amount, rate, tenureMonths, ...emi(amount, rate, tenureMonths) } };
    },
  );
};
export default portalCalculations;
