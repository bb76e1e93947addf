import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { verifyBankAccount } from '../../domain/bank-accounts/verify';
import { AppId, errorReplies } from '../common/schemas';
import { actRule, applicationIdIn } from '../common/application-rules';
import { Bad, BankVerification } from './schemas';
import { route } from '../common/route';

/** Issue 27, money only to the borrower: Verify account on the Credit tab. */
const bankAccountRoutes: FastifyPluginAsyncTypebox<{ tenant: string }> = async (app, opts) => {
  app.post('/integration/bankAccount/verify', route.credit({ application: actRule(applicationIdIn('body', 'application_id')) }, 'Verify the disbursement account',
      "Asks the tenant's BANK_VERIFICATION adapter (ExternalAPI config: the sandbox by default, or the provider over HTTP) who holds " +
        'the account — the one the applicant gave in the flow (customFields accountNumber and ifsc) unless both are sent — and matches ' +
        "that name with the applicant's (words in any order, initials, one-letter typos; a score 0–100 and a threshold of 80). " +
        'Records the outcome (VERIFIED, NAME_MISMATCH, INVALID_ACCOUNT, INVALID_IFSC) with who, when, the provider reference, the name ' +
        'returned and the score; audited (account masked) and in the worklog. A tranche is sent only to the account of the latest ' +
        'verification when it is VERIFIED (else 400 label disbursementAccount). The same account already verified is answered from the ' +
        'record (replayed: true). Needs APPLICATIONS_ACTIONS and an application the caller may open (else 403 / the neutral 404); 400 ' +
        'when the applicant gave no account or the application is not ACTIVE; 424 naming BANK_VERIFICATION when the provider does not answer.', {
      body: Type.Object({
        application_id: AppId,
        accountNumber: Type.Optional(Type.String({ pattern: '^[0-9]{6,18}$' })),
        ifsc: Type.Optional(Type.String({ pattern: '^[A-Z]{4}0[A-Z0-9]{6}$' })),
      }, { additionalProperties: false }),
      response: { 200: Type.Object({ data: BankVerification, replayed: Type.Boolean(), message: Type.String() }), ...errorReplies, 424: Bad },
    }), async (request) => verifyBankAccount({ db: app.db, user: currentUser(request), tenant: opts.tenant }, request.body));
};
export default bankAccountRoutes;
