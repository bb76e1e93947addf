import { get, post, type Build } from './builders';

/** A well-formed request-for-information secret that opens nothing (the link's credential). */
const NO_SECRET = 'x'.repeat(43);

/** Queries and requests-for-information routes (routes/queries). */
export const QUERY_REQUESTS: Record<string, Build> = {
  'GET /v3/queries/:application_id': get((a) => `/v3/queries/${a.id}`),
  'POST /queries/createOrUpdateQuery': post('/queries/createOrUpdateQuery', (a) => ({ application_id: a.id, verNum: a.verNum, subject: 'Matrix query', assignedTeam: 'CPA-NORTH' })),
  'POST /queries/updateQuery': post('/queries/updateQuery', (a) => ({ application_id: a.id, verNum: a.verNum, subTaskId: '1', comment: 'Matrix' })),
  'POST /v3/application/queries/requestInfo': post('/v3/application/queries/requestInfo', (a) => ({ application_id: a.id, verNum: a.verNum, fields: ['loanPurpose'], message: 'Matrix' })),
  'POST /v3/application/queries/requestUserInfo': post('/v3/application/queries/requestUserInfo', (a) => ({ application_id: a.id, verNum: a.verNum, assignedTeam: 'CPA-NORTH', message: 'Matrix' })),
  'POST /v3/queries/recipients': post('/v3/queries/recipients', (a) => ({ application_id: a.id, search: 'a' })),
  'POST /v3/queries/getFields': post('/v3/queries/getFields', (a) => ({ application_id: a.id })),
  'POST /v3/queries/sendRequestForInfoNotifications': post('/v3/queries/sendRequestForInfoNotifications', (a) => ({ application_id: a.id, verNum: a.verNum, subTaskId: '1' })),
  'GET /v3/queries/fetchFieldsForReqInfo/:requestForInfoId': get((a) => `/v3/queries/fetchFieldsForReqInfo/${NO_SECRET}?application_id=${encodeURIComponent(a.id)}`),
  'POST /v3/queries/updateAndResolveQuery': post('/v3/queries/updateAndResolveQuery', (a) => ({ application_id: a.id, requestForInfoId: NO_SECRET, values: { loanPurpose: 'Travel' } })),
};
