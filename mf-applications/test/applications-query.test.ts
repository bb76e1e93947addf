import { LISTS, loadAes, sessionStore } from '@lendline/shared';
import { APPLICATIONS_QUERY, fetchApplications, graphQlInput, type ApplicationsInput } from '../src/api/applications-query';

const TOKEN = 'tok-0123456789abcdef0123456789abcdef-rest';

/** A saved filter as stored: more than the four filter fields. */
const saved = { field: 'customFields.loanAmount', operator: 'GREATER_THAN', value: 1000, type: 'amount', label: 'Loan amount' } as const;
/** What a page sends: that filter, an empty search text, a cursor. */
const input: ApplicationsInput = {
  queryType: 'ALL_APPLICATIONS',
  _applicationStatus: ['ACTIVE'],
  filter: [saved],
  pagination: { pageSize: 25, page: 2, cursor: 'abc' },
  sort: { field: 'cre_time', order: 'desc' },
  stepName: 'Credit Review',
  searchText: '',
  export: true,
};

const SENT = {
  queryType: 'ALL_APPLICATIONS',
  _applicationStatus: ['ACTIVE'],
  filter: [{ field: 'customFields.loanAmount', operator: 'GREATER_THAN', value: 1000, type: 'amount' }],
  pagination: { pageSize: 25, page: 2, cursor: 'abc' },
  sort: { field: 'cre_time', order: 'desc' },
  stepName: 'Credit Review',
};

describe('the applications query', () => {
  test('$input holds only what the GraphQL ApplicationsInput declares (a typed input refuses other keys)', () => {
    expect(graphQlInput(input)).toEqual(SENT);
    expect(graphQlInput({ queryType: 'MY_APPLICATIONS', pagination: { pageSize: 10 } })).toEqual({ queryType: 'MY_APPLICATIONS', pagination: { pageSize: 10 } });
  });

  test('rows select their fields (no JSON-scalar row): the columns, the actions\' verNum and taskId, the applicant', () => {
    const data = /data \{([^}]*applicant \{[^}]*\}[^}]*initiatedBy \{[^}]*\}[^}]*)\}/.exec(APPLICATIONS_QUERY)?.[1] ?? '';
    const fields = data.replace(/\{[^}]*\}/g, ' ').split(/\s+/).filter(Boolean);
    for (const key of ['application_id', 'applicant_name', 'product_code', 'customFields', 'stepName', 'taskName', 'progress', 'assignedTo', 'assignedTeam', 'slaDueAt', 'cre_time', 'branch', 'openQueries', 'openApprovals', 'verNum', 'taskId', 'application_status']) {
      expect(fields).toContain(key);
    }
  });

  test('POST /v3/graphql with the body encrypted under the session key; the typed rows come back as they are', async () => {
    sessionStore.getState().setSession({ access_token: TOKEN, refresh_token: 'r', sessionId: 's', sessionExpiryTime: 0, expires_in: 900 });
    const row = { application_id: 'APP-1', verNum: 3, customFields: { loanPurpose: 'Home' }, applicant: { name: 'Asha Rao', mobile: null, email: null } };
    const sent: { url: string; body: { data: string } }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      const reply = { data: { applications: { data: [row], count: 1, stageWise: [], taskNameWise: [], versionNumberWise: [], pageInfo: { pageSize: 25, nextCursor: null, hasMore: false } } } };
      return { ok: true, status: 200, headers: new Headers(), text: async () => JSON.stringify(reply) } as unknown as Response;
    }) as typeof fetch;
    try {
      const result = await fetchApplications(input);
      expect(result.data).toEqual([row]);
      expect(result.count).toBe(1);
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(sent[0].url).toBe(LISTS.graphql);
    const { decryptJson } = await loadAes();
    expect(decryptJson(sent[0].body.data, TOKEN)).toEqual({ query: APPLICATIONS_QUERY, variables: { input: SENT } });
  });
});
