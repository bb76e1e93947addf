import { get, type Build } from './builders';

/**
 * Every party is an applicant (issue 28): the primary's list of co-applicants and guarantors. Resending an invitation
 * is POST /v3/portal/applicants/send-link (authz/core.ts). What a party's own appRefId may call is
 * test/portal-parties.test.ts.
 */
export const PARTY_REQUESTS: Record<string, Build> = {
  'GET /v3/portal/applicants/parties': get((a) => `/v3/portal/applicants/parties?application_id=${a.id}`),
};
