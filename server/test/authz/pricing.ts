import { get, post, type Build } from './builders';

/** Key Fact Statement routes (routes/pricing/kfs.ts): one request each. Pricing itself names no application. */
const PROPOSAL = 'APP-00000000-K1-ABCDEF';
export const PRICING_REQUESTS: Record<string, Build> = {
  'GET /v3/kfs': get((a) => `/v3/kfs?application_id=${a.id}`),
  'POST /v3/kfs/issue': post('/v3/kfs/issue', (a) => ({ application_id: a.id, lang: 'hi' })),
  'POST /v3/kfs/send-code': post('/v3/kfs/send-code', (a) => ({ application_id: a.id, proposalNo: PROPOSAL })),
  'POST /v3/kfs/accept': post('/v3/kfs/accept', (a) => ({ application_id: a.id, proposalNo: PROPOSAL, code: '123456' })),
  'GET /v3/kfs/file': get((a) => `/v3/kfs/file?application_id=${a.id}&proposalNo=${PROPOSAL}`),
};
