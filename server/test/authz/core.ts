import { get, headersOf, post, PNG, type Build } from './builders';
import { aesEncrypt } from '../../src/crypto/aes';

/** One request per route, keyed "METHOD url" as the router knows it; actions share one builder. */
export const CORE_REQUESTS: Record<string, Build> = {
  'GET /v3/application/:id': get((a) => `/v3/application/${a.id}`),
  'GET /v3/application/copy/:id': get((a) => `/v3/application/copy/${a.id}`),
  'GET /v3/application/dedupe/:id': get((a) => `/v3/application/dedupe/${a.id}`),
  'POST /v3/application/user/save_or_update': post('/v3/application/user/save_or_update', (a) => ({ application_id: a.id, verNum: a.verNum, customFields: { loanPurpose: 'Matrix' } })),
  'POST /v3/application/save': post('/v3/application/save', (a) => ({ application_id: a.id, verNum: a.verNum, customFields: { loanPurpose: 'Matrix' } })),
  'GET /v3/audits/getAudits': get((a) => `/v3/audits/getAudits?application_id=${a.id}`),
  'GET /v3/taskconfigs/getConfigs': get((a) => `/v3/taskconfigs/getConfigs?application_id=${a.id}`),
  'POST /validations/addMandatoryValidations': post('/validations/addMandatoryValidations', (a) => ({ application_id: a.id })),
  'POST /validations/updateMandatoryValidations': post('/validations/updateMandatoryValidations', (a) => ({ application_id: a.id })),
  'POST /v3/application/consumer/save_or_update': post('/v3/application/consumer/save_or_update', (a) => ({
    application_id: a.id, section_id: 'HL_applicant', sub_section_id: 'HL_personal', values: { firstName: 'Mallory' }, draft: true,
  })),
  'POST /api/uploadLocalFiletoS3': post('/api/uploadLocalFiletoS3', (a) => ({
    app_id: a.id, fieldKey: 'kycDocuments', fileName: 'x.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4 matrix').toString('base64'),
  })),
  'POST /api/uploadSignaturetoS3': post('/api/uploadSignaturetoS3', (a) => ({ app_id: a.id, dataURI: PNG })),
  'POST /v3/portal/otp/send': post('/v3/portal/otp/send', (a) => ({ application_id: a.id, applicantId: `${a.id}-P`, fieldKey: 'mobileOtp', recipient: '9876500000' })),
  'POST /v3/portal/otp/verify': post('/v3/portal/otp/verify', (a) => ({ application_id: a.id, applicantId: `${a.id}-P`, fieldKey: 'mobileOtp', recipient: '9876500000', code: '123456' })),
  'POST /v3/portal/applicants/send-link': post('/v3/portal/applicants/send-link', (a) => ({ application_id: a.id, applicantId: `${a.id}-P`, email: 'mallory@example.com' })),
  'POST /v3/application/verify': post('/v3/application/verify', (a) => ({ application_id: a.id, emailVerificationId: a.verificationId })),
  'GET /v3/portal/payments': get((a) => `/v3/portal/payments?application_id=${a.id}`),
  'POST /v3/portal/payments': post('/v3/portal/payments', (a) => ({ application_id: a.id, amount: 500 })),
  'POST /v3/external-integration/issue-token': post('/v3/external-integration/issue-token', (a) => ({ application_id: a.id })),
  'POST /v3/microflow/execute/:microFlowId': (c, a) => ({
    method: 'POST',
    url: `/v3/microflow/execute/EMI_CALC?application_id=${a.id}`,
    headers: { ...headersOf(c), 'x-lendline-encrypted': 'aes-cbc' },
    payload: { data: aesEncrypt(JSON.stringify({ values: { loanAmount: 500000, interestRate: 9, tenureMonths: 60 } }), c.session.session.access_token) },
  }),
  'POST /workFlowExecution/captureAction': post('/workFlowExecution/captureAction', (a) => ({ action: 'BROWSER_BACK', application_id: a.id })),
  'POST /v3/captureAction': post('/v3/captureAction', (a) => ({ action: 'BROWSER_BACK', application_id: a.id })),
  'POST /v3/lead/convert': post('/v3/lead/convert', (a) => ({ application_id: a.id })),
  'POST /app/status_update': post('/app/status_update', (a) => ({ application_id: a.id, verNum: a.verNum, status: 'CANCELLED', reason: 'matrix' })),
};
