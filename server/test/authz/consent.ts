import { get, post, type Build } from './builders';

/** Consent records and the decline view (issue 27): the token of a withdrawal link is the credential (builders' verificationId). */
export const CONSENT_REQUESTS: Record<string, Build> = {
  'GET /v3/portal/consent': get((a) => `/v3/portal/consent?application_id=${a.id}`),
  'POST /v3/portal/consent': post('/v3/portal/consent', (a) => ({ application_id: a.id, purposes: { BUREAU_PULL: true } })),
  'POST /v3/portal/consent/link': post('/v3/portal/consent/link', (a) => ({ application_id: a.id, token: a.verificationId })),
  'POST /v3/portal/consent/withdrawal': post('/v3/portal/consent/withdrawal', (a) => ({ application_id: a.id, token: a.verificationId, purposes: ['BUREAU_PULL'] })),
  'GET /v3/portal/decline': get((a) => `/v3/portal/decline?application_id=${a.id}`),
};
