import { createTestApp, type TestApp } from './helpers/test-app';
import { applicantConsentsToBureau } from './helpers/bureau-consent';
import { dbKind } from './helpers/test-db';
import { issueAndAcceptKfs } from './helpers/accept-kfs';
import { loginAs, type LoggedIn } from './helpers/login';
import type { Json } from './helpers/json';
import type { Caller, Target } from './authz/builders';
import { CREDIT_REQUESTS, MONEY_REQUESTS, NOT_MONEY, RELEASE_REQUESTS } from './authz/credit';

/**
 * The authorization matrix's money cases (issue 24), beside the access matrix (security-authz-matrix.test.ts): a
 * staff member who may open the application but does not hold its task is refused every money call, and the maker of
 * a request is refused its release and return, each with one §8 body that names no holder, and nothing changes.
 */
let t: TestApp;
const as: Record<string, LoggedIn> = {};
let id: string;

const NOT_HOLDER = { code: 1101, message: 'Validation Failed', data: [{ label: 'task', reason: "Only the holder of the application's current task may request money calls" }] };
const MAKER = { code: 1101, message: 'Validation Failed', data: [{ label: 'maker-checker', reason: 'You requested this money call, so a different person must release it' }] };

beforeAll(async () => {
  t = await createTestApp({ CREDIT_JOB_POLL_MS: '100' });
  for (const u of ['cpa1', 'cpa2', 'bh1', 'admin']) as[u] = await loginAs(t.app, u);
  const inject = async (user: string, url: string, payload: Json) => (await t.app.inject({ method: 'POST', url, headers: as[user].headers, payload })).json() as Json;
  const created = await inject('cpa1', '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Matrix', lastName: 'Money' }],
    customFields: { panNumber: 'ABCDE0200A', dateOfBirth: '01/01/1985', monthlyIncome: 150000, loanAmount: 600000, tenureMonths: 60 },
  });
  id = created.data.application_id;
  await applicantConsentsToBureau(t.app.db, id);
  for (const path of ['/cibil/obligation', '/perfios/transactionLink', '/decision_engine/execute/PL/CREDIT_POLICY']) await inject('cpa1', path, await target());
  await issueAndAcceptKfs(t.app, as.cpa1.headers, id); // loan creation needs the applicant's accepted KFS (kfs.test.ts)
  // The holder's request, waiting for release: what the maker then tries to release.
  expect((await inject('cpa1', '/integration/loanCreation', await target())).data.state).toBe('TO_RELEASE');
}, 180_000);
afterAll(() => t.close());

async function target(): Promise<Target & { application_id: string }> {
  const { rows } = await t.app.db.query<{ ver_num: number }>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id]);
  return { id, application_id: id, verNum: rows[0].ver_num, verificationId: 'VER-0000000000000000' };
}
async function snapshot() {
  const one = async (sql: string) => (await t.app.db.query(sql, [id])).rows;
  return {
    app: await one(`SELECT ver_num, approval_holders, mod_time FROM applications WHERE application_id = $1`),
    calls: await one(`SELECT call_id, state, amount, released_by FROM integration_calls WHERE application_id = $1 ORDER BY call_id`),
    events: await one(`SELECT count(*)::int AS n FROM integration_call_events e JOIN integration_calls c USING (call_id) WHERE c.application_id = $1`),
    audits: await one(`SELECT count(*)::int AS n FROM audits WHERE application_id = $1`),
    worklogs: await one(`SELECT count(*)::int AS n FROM worklogs WHERE application_id = $1`),
  };
}

describe(`authorization matrix: money calls on ${dbKind()}`, () => {
  test('every POST /integration/* route is classified as a money request, a release, or not money', () => {
    const routes = t.app.applicationRoutes.map((r) => `${r.method} ${r.url}`).filter((k) => k.startsWith('POST /integration/'));
    expect(routes.sort()).toEqual([...MONEY_REQUESTS, ...RELEASE_REQUESTS, ...NOT_MONEY].sort());
  });

  test('a non-holder who may open the application is refused every money call and every release; nothing changes', async () => {
    const before = await snapshot();
    const cpa2: Caller = { name: 'cpa2', session: as.cpa2, customer: false };
    // cpa2 may open it (same branch and team) but neither holds the task nor has the release role.
    expect((await t.app.inject({ method: 'GET', url: `/integration/review/${id}`, headers: as.cpa2.headers })).statusCode).toBe(200);
    for (const key of MONEY_REQUESTS) {
      const res = await t.app.inject(CREDIT_REQUESTS[key](cpa2, await target()));
      expect({ key, status: res.statusCode, body: res.json() }).toEqual({ key, status: 403, body: NOT_HOLDER });
      expect(res.body).not.toContain('cpa1');
    }
    for (const key of RELEASE_REQUESTS) {
      const res = await t.app.inject(CREDIT_REQUESTS[key](cpa2, await target()));
      expect({ key, status: res.statusCode }).toEqual({ key, status: 403 });
    }
    expect(await snapshot()).toEqual(before);
  });

  test('the maker is refused the release and the return of their own request; nothing changes', async () => {
    const before = await snapshot();
    const cpa1: Caller = { name: 'cpa1', session: as.cpa1, customer: false };
    for (const key of RELEASE_REQUESTS) {
      const res = await t.app.inject(CREDIT_REQUESTS[key](cpa1, await target()));
      expect({ key, status: res.statusCode, body: res.json() }).toEqual({ key, status: 403, body: MAKER });
    }
    expect(await snapshot()).toEqual(before);
    // The control: the branch head's release goes through.
    const ok = await t.app.inject(CREDIT_REQUESTS['POST /integration/release']({ name: 'bh1', session: as.bh1, customer: false }, await target()));
    expect(ok.statusCode).toBe(200);
  });
});
