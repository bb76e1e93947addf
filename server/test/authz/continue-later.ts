import { post, type Build } from './builders';

/** "Save and continue later" (issue 28): the link's verification id (builders' verificationId) is the credential of code and open. */
export const CONTINUE_LATER_REQUESTS: Record<string, Build> = {
  'POST /v3/portal/continue-later/send': post('/v3/portal/continue-later/send', (a) => ({ application_id: a.id, route: 'loan_details' })),
  'POST /v3/portal/continue-later/code': post('/v3/portal/continue-later/code', (a) => ({ application_id: a.id, emailVerificationId: a.verificationId })),
  'POST /v3/portal/continue-later/open': post('/v3/portal/continue-later/open', (a) => ({ application_id: a.id, emailVerificationId: a.verificationId, code: '123456' })),
};
