import { staffApp } from './helpers/staff-app';
import { applicantConsentsToBureau } from './helpers/bureau-consent';
import { grantCompleteOverride, OVERRIDE_REASON } from './helpers/complete-override';
import { dbKind } from './helpers/test-db';
import { issueAndAcceptKfs } from './helpers/accept-kfs';
import type { Json } from './helpers/json';
import { verifyDisbursementAccount } from './helpers/verify-account';
import { eventually } from './helpers/eventually';

/**
 * Money moves only by the right people (issue 24): a loan creation, tranche or mandate is requested only by the holder
 * of the application's current task, waits TO_RELEASE (nothing sent) until a second, different person releases it,
 * and only then goes QUEUED → SENT → CONFIRMED through the runner. The maker cannot release their own request; a
 * release level with nobody but the maker escalates up the hierarchy, as does a deviation raised by the only branch
 * head. A tranche replayed with another amount is 409. Sandbox adapters: no network.
 */
const s = staffApp(['cpa1', 'cpa2', 'bcm1', 'bh1', 'admin', 'viewer1'], { env: { CREDIT_JOB_POLL_MS: '100' }, prepare: (app) => grantCompleteOverride(app.db, ['cpa1']) });
const { headers, call, rows, verNumOf, target } = s;

const callsOf = async (id: string, user = 'cpa1') => (await call(user, 'GET', `/integration/review/${id}`)).body.data.calls as Json[];
const refusal = (label: string, reason: string) => ({ code: 1101, message: 'Validation Failed', data: [{ label, reason }] });
const NOT_HOLDER = refusal('task', "Only the holder of the application's current task may request money calls");

/** An application cpa1 holds (data entry) with an APPROVE decision. */
async function approved(): Promise<string> {
  const r = await call('cpa1', 'POST', '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Ravi', lastName: 'Kumar' }],
    customFields: { panNumber: 'ABCDE0200A', dateOfBirth: '01/01/1985', monthlyIncome: 150000, loanAmount: 600000, tenureMonths: 60 },
  });
  expect(r.status).toBe(201);
  const id = r.body.data.application_id as string;
  await applicantConsentsToBureau(s.app.db, id);
  for (const path of ['/cibil/obligation', '/perfios/transactionLink']) expect((await call('cpa1', 'POST', path, await target(id))).status).toBe(200);
  expect((await call('cpa1', 'POST', '/decision_engine/execute/PL/CREDIT_POLICY', await target(id))).body.data.outcome).toBe('APPROVE');
  await verifyDisbursementAccount(s.app, headers.cpa1, id); // money only to the borrower's verified account (bank-verification.test.ts)
  await issueAndAcceptKfs(s.app, headers.cpa1, id); // loan creation needs the applicant's accepted KFS (kfs.test.ts)
  return id;
}
async function settle(id: string, callId: string, states = ['CONFIRMED', 'FAILED']): Promise<Json> {
  return eventually(async () => (await callsOf(id)).find((x) => x.callId === callId), (c): c is Json => !!c && states.includes(c.state), `${callId} did not reach ${states.join('/')}`);
}
const release = async (user: string, id: string, callId: string, comment?: string) => call(user, 'POST', '/integration/release', { ...(await target(id)), callId, ...(comment ? { comment } : {}) });
/** Requested by cpa1 and released by bh1, then confirmed. */
async function loanCreated(id: string) {
  expect((await call('cpa1', 'POST', '/integration/loanCreation', await target(id))).status).toBe(200);
  expect((await release('bh1', id, `LOAN-${id}`)).status).toBe(200);
  await settle(id, `LOAN-${id}`, ['CONFIRMED']);
}
async function myApprovals(user: string) {
  const r = await call(user, 'POST', '/backstage/getApplications', { queryType: 'MY_APPROVALS', pagination: { pageSize: 100 } });
  expect(r.status).toBe(200);
  return (r.body.data as Json[]).map((a) => a.application_id as string);
}

describe(`money calls: the task holder requests, a second person releases (${dbKind()})`, () => {
  test('a staff member who may open the application but does not hold its task is refused every money call, and nothing is written', async () => {
    const id = await approved();
    const before = await verNumOf(id);
    // cpa2 works in the same branch and team: may open it, does not hold the task.
    expect((await call('cpa2', 'GET', `/integration/review/${id}`)).status).toBe(200);
    const tries: [string, Json][] = [
      ['/integration/loanCreation', {}],
      ['/integration/disbursementTranche', { trancheNo: 1, amount: 1000 }],
      ['/integration/achMandate', { accountNumber: '123456789012', ifsc: 'HDFC0001234', accountHolder: 'Ravi Kumar' }],
      ['/integration/retry', { callId: `LOAN-${id}` }],
    ];
    for (const [path, extra] of tries) {
      for (const user of ['cpa2', 'bh1', 'admin']) {
        const r = await call(user, 'POST', path, { ...(await target(id)), ...extra });
        expect({ path, user, status: r.status, body: r.body }).toEqual({ path, user, status: 403, body: NOT_HOLDER });
      }
    }
    expect(await rows(`SELECT call_id FROM integration_calls WHERE application_id = $1`, [id])).toEqual([]);
    expect(await verNumOf(id)).toBe(before);
  });

  test('a request waits TO_RELEASE and is sent only after a different person releases it; the maker may not release it', async () => {
    const id = await approved();
    const r = await call('cpa1', 'POST', '/integration/loanCreation', await target(id));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      replayed: false,
      message: 'Loan creation requested; it waits for release by a second person',
      data: { callId: `LOAN-${id}`, state: 'TO_RELEASE', requestedBy: 'cpa1', release: { role: 'BH', waitsFor: 'team APPROVAL', waitsForTeam: 'APPROVAL', releasedBy: null } },
    });
    // The runner polls every 100 ms: it does not touch a call waiting for release.
    await new Promise((res) => setTimeout(res, 600));
    const waiting = (await callsOf(id)).find((c) => c.callId === `LOAN-${id}`)!;
    expect(waiting.state).toBe('TO_RELEASE');
    expect(waiting.events.map((e: Json) => e.event)).toEqual(['REQUESTED']);
    // The releaser's "my approvals" lists it; the maker's does not.
    expect(await myApprovals('bh1')).toContain(id);
    expect(await myApprovals('cpa1')).not.toContain(id);

    // Maker-checker: the requester cannot release (nor return) it; someone without the release role cannot either.
    const before = await verNumOf(id);
    expect(await release('cpa1', id, `LOAN-${id}`)).toEqual({ status: 403, body: refusal('maker-checker', 'You requested this money call, so a different person must release it') });
    expect((await call('cpa1', 'POST', '/integration/return', { ...(await target(id)), callId: `LOAN-${id}` })).status).toBe(403);
    expect(await release('bcm1', id, `LOAN-${id}`)).toEqual({ status: 403, body: refusal('callId', 'Releasing money calls needs the BH role') });
    expect((await release('viewer1', id, `LOAN-${id}`)).status).toBe(403);
    expect(await verNumOf(id)).toBe(before);
    expect((await callsOf(id))[0].state).toBe('TO_RELEASE');

    const ok = await release('bh1', id, `LOAN-${id}`, 'Sanction letter checked');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: 'Released: the call is queued', data: { state: 'QUEUED', release: { releasedBy: 'bh1', note: 'Sanction letter checked', waitsFor: null } } });
    const done = await settle(id, `LOAN-${id}`, ['CONFIRMED']);
    expect(done.events.map((e: Json) => `${e.event}:${e.by}`)).toEqual(['REQUESTED:cpa1', 'RELEASED:bh1', 'QUEUED:bh1', 'SENT:system', 'CONFIRMED:system']);
    expect(done.release.releasedAt).toEqual(expect.any(String));
    expect(await myApprovals('bh1')).not.toContain(id);
    // Audited with who; the worklog says who released whose request.
    expect(await rows(`SELECT user_id, new_value FROM audits WHERE application_id = $1 AND action = 'integration_release' AND field_key = $2`, [id, `integration.LOAN-${id}`])).toEqual([
      { user_id: 'bh1', new_value: { state: 'QUEUED', by: 'bh1', comment: 'Sanction letter checked' } },
    ]);
    expect(await rows(`SELECT comment FROM worklogs WHERE application_id = $1 AND action = 'integration_release'`, [id])).toEqual([
      { comment: `Loan creation LOAN-${id} (₹6,00,000) released by bh1 (requested by cpa1): Sanction letter checked` },
    ]);
    // The releasers' queue (team APPROVAL) was told it waits for them; the requester, that it was released.
    const told = async (user: string, text: string) => (await rows(`SELECT 1 FROM notifications WHERE application_id = $1 AND coalesce(username, 'team:' || team_id) = $2 AND messages::text LIKE $3`, [id, user, `%${text}%`])).length;
    expect(await told('team:APPROVAL', `requested by cpa1 waits for release`)).toBe(1);
    expect(await told('cpa1', `bh1 released Loan creation LOAN-${id} (600000) on ${id}: Sanction letter checked`)).toBe(1);
    // Released once: a second release is refused.
    expect((await release('bh1', id, `LOAN-${id}`)).body).toEqual(refusal('callId', `LOAN-${id} is CONFIRMED; only a call waiting for release can be released or returned`));
  });

  test('a returned tranche is never sent and may be requested again; a replay with another amount is 409, an identical one idempotent', async () => {
    const id = await approved();
    await loanCreated(id);
    const key = `TRANCHE-${id}-1`;
    const body = async (amount: number) => ({ ...(await target(id)), trancheNo: 1, amount });
    expect((await call('cpa1', 'POST', '/integration/disbursementTranche', await body(1000))).body.data.state).toBe('TO_RELEASE');
    const same = await call('cpa1', 'POST', '/integration/disbursementTranche', await body(1000));
    expect(same).toMatchObject({ status: 200, body: { replayed: true, message: 'Tranche 1 was already requested', data: { amount: 1000 } } });
    const other = await call('cpa1', 'POST', '/integration/disbursementTranche', await body(2000));
    expect(other).toEqual({ status: 409, body: refusal('replay', `${key} was already requested with amount 1000; a different request needs a new key`) });
    expect((await rows(`SELECT amount::float8 AS amount FROM integration_calls WHERE call_id = $1`, [key]))[0].amount).toBe(1000);

    const back = await call('bh1', 'POST', '/integration/return', { ...(await target(id)), callId: key, comment: 'Wrong amount' });
    expect(back.body).toMatchObject({ message: 'Returned to the requester: nothing was sent', data: { state: 'RETURNED', release: { releasedBy: 'bh1', note: 'Wrong amount' } } });
    await new Promise((res) => setTimeout(res, 400));
    expect((await callsOf(id)).find((c) => c.callId === key)!.events.map((e: Json) => e.event)).toEqual(['REQUESTED', 'RETURNED']);
    expect(await rows(`SELECT user_id FROM audits WHERE application_id = $1 AND action = 'integration_return' AND field_key = $2`, [id, `integration.${key}`])).toEqual([{ user_id: 'bh1' }]);

    // Requested again under the same key with the right amount; released and confirmed after that.
    const again = await call('cpa1', 'POST', '/integration/disbursementTranche', await body(2000));
    expect(again.body).toMatchObject({ replayed: false, data: { state: 'TO_RELEASE', amount: 2000 } });
    expect((await release('bh1', id, key)).status).toBe(200);
    const done = await settle(id, key, ['CONFIRMED']);
    expect(done.events.map((e: Json) => e.event)).toEqual(['REQUESTED', 'RETURNED', 'REQUESTED', 'RELEASED', 'QUEUED', 'SENT', 'CONFIRMED']);
    // An identical replay after confirmation still answers the call; another amount is still 409.
    expect((await call('cpa1', 'POST', '/integration/disbursementTranche', await body(2000))).body).toMatchObject({ replayed: true, data: { state: 'CONFIRMED' } });
    expect((await call('cpa1', 'POST', '/integration/disbursementTranche', await body(3000))).status).toBe(409);
  });

  test('a tranche returned after a later one was requested: numbering goes on, the returned number may be asked again, and it counts towards nothing', async () => {
    const id = await approved();
    await loanCreated(id);
    const tranche = async (trancheNo: number, amount: number) => call('cpa1', 'POST', '/integration/disbursementTranche', { ...(await target(id)), trancheNo, amount });
    expect((await tranche(1, 100000)).status).toBe(200);
    expect((await tranche(2, 100000)).status).toBe(200);
    expect((await call('bh1', 'POST', '/integration/return', { ...(await target(id)), callId: `TRANCHE-${id}-1` })).status).toBe(200);
    // The sanctioned 600000: the returned 100000 does not count, so 500000 more fits beside tranche 2.
    expect((await tranche(3, 500000)).body.data).toMatchObject({ state: 'TO_RELEASE', trancheNo: 3 });
    const full = [{ label: 'amount', reason: 'The sanctioned ₹6,00,000 is already disbursed or requested in full: no further tranche' }];
    expect((await tranche(4, 1000)).body.data).toEqual(full);
    expect((await tranche(5, 1)).body.data).toEqual([{ label: 'trancheNo', reason: 'The next tranche is number 4' }]);
    expect((await tranche(1, 1000)).body.data).toEqual(full);
    expect((await call('bh1', 'POST', '/integration/return', { ...(await target(id)), callId: `TRANCHE-${id}-3` })).status).toBe(200);
    expect((await tranche(1, 1000)).body.data).toMatchObject({ state: 'TO_RELEASE', trancheNo: 1, amount: 1000 });
  });

  test('when the release level has nobody but the maker, the call escalates up the hierarchy to one named user', async () => {
    // The product's matrix names the branch credit manager as releaser; bcm1 is the only one, and is the maker.
    const matrix = (await rows(`SELECT body FROM approval_matrices WHERE product_code = 'PL' AND mode = 'SAVED' ORDER BY ver_num DESC LIMIT 1`, []))[0].body;
    await s.app.db.query(`UPDATE approval_matrices SET body = $1 WHERE product_code = 'PL' AND mode = 'SAVED'`, [JSON.stringify({ ...matrix, release: { role: 'BCM', team: 'CREDIT', name: 'Branch credit manager' } })]);
    try {
      const id = await approved();
      expect((await call('cpa1', 'POST', '/v3/application/action/complete_step/user', { ...(await target(id)), completionType: 'COMPLETE', reason: OVERRIDE_REASON })).status).toBe(200);
      expect((await call('bcm1', 'POST', '/v3/application/action/assign', await target(id))).status).toBe(200);
      const r = await call('bcm1', 'POST', '/integration/loanCreation', await target(id));
      expect(r.body.data).toMatchObject({ state: 'TO_RELEASE', requestedBy: 'bcm1', release: { role: 'BH', waitsFor: 'bh1', waitsForTeam: null } });
      expect(r.body.data.events.map((e: Json) => e.event)).toEqual(['REQUESTED', 'ESCALATED']);
      expect(r.body.data.events[1].detail).toBe('Escalated to bh1 (Branch head): no Branch credit manager (role BCM) other than bcm1 may release it');
      expect(await myApprovals('bh1')).toContain(id);
      expect((await release('bcm1', id, `LOAN-${id}`)).body.data[0].label).toBe('maker-checker');
      expect((await release('bh1', id, `LOAN-${id}`)).status).toBe(200);
      expect((await settle(id, `LOAN-${id}`)).state).toBe('CONFIRMED');
    } finally {
      await s.app.db.query(`UPDATE approval_matrices SET body = $1 WHERE product_code = 'PL' AND mode = 'SAVED'`, [JSON.stringify(matrix)]);
    }
  });

  test('a deviation raised by the only branch head escalates to the next level (here the administrator), who decides it', async () => {
    const id = await approved();
    const raised = await call('bh1', 'POST', '/integration/deviation', { ...(await target(id)), deviations: [{ key: 'MANUAL', reason: 'Employer unverified' }] });
    expect(raised.status).toBe(200);
    const exc = (await call('admin', 'GET', `/v3/application/approvals/getApprovals?application_id=${id}`)).body.data.exceptions as Json[];
    expect(exc).toHaveLength(1);
    expect(exc[0]).toMatchObject({
      state: 'PENDING', assignedTo: 'admin', role: 'ADMIN', levelName: 'Administrator', maker: 'bh1', actions: { decide: true },
      escalatedFrom: { role: 'BH', name: 'Branch head', reason: 'no Branch head (role BH) other than bh1, cpa1 may decide it' },
    });
    expect(await myApprovals('admin')).toContain(id);
    // The branch head who raised it still may not decide it.
    const self = await call('bh1', 'POST', '/v3/application/approvals/approve', { ...(await target(id)), subTaskId: exc[0].subTaskId });
    expect(self.status).toBe(403);
    const ok = await call('admin', 'POST', '/v3/application/approvals/approve', { ...(await target(id)), subTaskId: exc[0].subTaskId, comment: 'Verified by phone' });
    expect(ok.status).toBe(200);
    expect((await call('cpa1', 'GET', `/integration/review/${id}`)).body.data.deviations[0]).toMatchObject({ status: 'CLOSED', resolution: 'APPROVED' });
  });
});
