import { get, post, type Build } from './builders';

/** Credit review and disbursement routes (routes/credit): one request each; refusals come before any external call. */
export const CREDIT_REQUESTS: Record<string, Build> = {
  'POST /cibil/obligation': post('/cibil/obligation', (a) => ({ application_id: a.id, verNum: a.verNum })),
  'POST /perfios/transactionLink': post('/perfios/transactionLink', (a) => ({ application_id: a.id, verNum: a.verNum })),
  'POST /net_per_fin_config/net_financing_calculation': post('/net_per_fin_config/net_financing_calculation', (a) => ({ application_id: a.id, verNum: a.verNum })),
  'POST /decision_engine/execute/:a/:b': post('/decision_engine/execute/PL/CREDIT_POLICY', (a) => ({ application_id: a.id, verNum: a.verNum })),
  'POST /integration/deviation': post('/integration/deviation', (a) => ({ application_id: a.id, verNum: a.verNum, deviations: [{ key: 'MATRIX', reason: 'Matrix' }] })),
  'GET /integration/review/:application_id': get((a) => `/integration/review/${a.id}`),
  'GET /integration/review/:application_id/raw/:reportId': get((a) => `/integration/review/${a.id}/raw/1`),
  'POST /integration/loanCreation': post('/integration/loanCreation', (a) => ({ application_id: a.id, verNum: a.verNum })),
  'POST /integration/disbursementTranche': post('/integration/disbursementTranche', (a) => ({ application_id: a.id, verNum: a.verNum, trancheNo: 1, amount: 1000 })),
  'POST /integration/achMandate': post('/integration/achMandate', (a) => ({ application_id: a.id, verNum: a.verNum, accountNumber: '123456789', ifsc: 'HDFC0001234', accountHolder: 'Matrix' })),
  'POST /integration/retry': post('/integration/retry', (a) => ({ application_id: a.id, verNum: a.verNum, callId: `LOAN-${a.id}` })),
  'POST /integration/release': post('/integration/release', (a) => ({ application_id: a.id, verNum: a.verNum, callId: `LOAN-${a.id}` })),
  'POST /integration/return': post('/integration/return', (a) => ({ application_id: a.id, verNum: a.verNum, callId: `LOAN-${a.id}`, comment: 'Matrix' })),
  'GET /v3/portal/coolingOff': get((a) => `/v3/portal/coolingOff?application_id=${a.id}`),
  'POST /v3/portal/coolingOff/exit': post('/v3/portal/coolingOff/exit', (a) => ({ application_id: a.id })),
  'POST /integration/coolingOff/process': post('/integration/coolingOff/process', (a) => ({ application_id: a.id, reason: 'Matrix' })),
  'POST /integration/bankAccount/verify': post('/integration/bankAccount/verify', (a) => ({ application_id: a.id, accountNumber: '123456789012', ifsc: 'HDFC0001234' })),
};

/**
 * Money calls (issue 24; security-authz-money.test.ts): only the holder of the application's current task requests
 * them, and a second person releases them. Every POST /integration/* route but the deviation is one or the other, so a
 * new money route is refused a place here until it is classified.
 */
export const MONEY_REQUESTS = ['POST /integration/loanCreation', 'POST /integration/disbursementTranche', 'POST /integration/achMandate', 'POST /integration/retry'];
export const RELEASE_REQUESTS = ['POST /integration/release', 'POST /integration/return'];
// Verifying the disbursement account moves no money (it records what the bank said): APPLICATIONS_ACTIONS and access suffice.
// Processing a cooling-off exit records what was done in core banking (the repayment is the borrower's, to the lender).
export const NOT_MONEY = ['POST /integration/deviation', 'POST /integration/bankAccount/verify', 'POST /integration/coolingOff/process'];
