import { get, type Build } from './builders';

/** The applicant's live decision status (issue 29, straight-through processing). */
export const STP_REQUESTS: Record<string, Build> = {
  'GET /v3/portal/decision-status': get((a) => `/v3/portal/decision-status?application_id=${a.id}`),
};
