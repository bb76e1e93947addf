import { staffApp } from './helpers/staff-app';
import { portalSession } from './helpers/portal-session';
import { dbKind } from './helpers/test-db';
import { purgeDrafts } from '../src/domain/portal/drafts';
import type { Json } from './helpers/json';
import { findUser } from '../src/domain/users/users';
import { buildListRequest, fetchCounts } from '../src/domain/lists/list-service';

/**
 * Drafts are not work (issue 25): a portal application without the identity its product asks for first (name and
 * mobile) is a draft — absent from Team applications, All applications, the task inbox and the counts, listed under
 * Drafts — until that identity is given; untouched drafts are purged with an audit row.
 */
const s = staffApp(['cpa1', 'admin', 'bh1']);
const { headers: staff } = s;
const portal = portalSession(s);
const portalSave = portal.save;
const start = portal.start;
async function list(user: string, body: Json) {
  const res = await s.app.inject({ method: 'POST', url: '/backstage/getApplications', headers: staff[user], payload: { pagination: { pageSize: 100 }, ...body } });
  expect(res.statusCode).toBe(200);
  return res.json() as Json;
}
const ids = (page: Json) => (page.data as Json[]).map((r) => r.application_id as string);
async function inboxIds(user: string): Promise<string[]> {
  const res = await s.app.inject({ method: 'GET', url: '/v3/taskconfigs/inbox?limit=100', headers: staff[user] });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Json[]).map((i) => i.application_id as string);
}
const personal = { firstName: 'Asha', lastName: 'Rao', dateOfBirth: '15/08/1990', gender: 'Female', mobile: '9876543210', email: 'asha.drafts@example.com', panNumber: 'AAAPD1234Q' };

describe(`drafts on ${dbKind()}`, () => {
  test('a nameless portal start is a draft: no task, not in Team applications, All applications, the inbox or the counts; listed under Drafts', async () => {
    const teamBefore = await list('cpa1', { queryType: 'TEAM_APPLICATIONS' });
    const allBefore = await list('admin', { queryType: 'ALL_APPLICATIONS' });
    const draftsBefore = await list('admin', { queryType: 'ALL_APPLICATIONS', drafts: true });
    const { id } = await start();

    const view = await s.app.inject({ method: 'GET', url: `/v3/application/${id}`, headers: staff.admin });
    expect(view.statusCode).toBe(200);
    expect(view.json().data).toMatchObject({ draft: true, currentTask: null, tasks: [], application_status: 'ACTIVE' });

    const team = await list('cpa1', { queryType: 'TEAM_APPLICATIONS' });
    expect(ids(team)).not.toContain(id);
    expect(team.count).toBe(teamBefore.count);
    const all = await list('admin', { queryType: 'ALL_APPLICATIONS' });
    expect(ids(all)).not.toContain(id);
    expect(all.count).toBe(allBefore.count);
    expect(await inboxIds('cpa1')).not.toContain(id);

    const drafts = await list('admin', { queryType: 'ALL_APPLICATIONS', drafts: true });
    expect(ids(drafts)[0]).toBe(id);
    expect(drafts.count).toBe((draftsBefore.count as number) + 1);
    expect((drafts.data as Json[])[0]).toMatchObject({ applicant_name: '', taskId: null, slaDueAt: null, progress: null });
    // A team list shows no drafts even when asked: a draft is nobody's work.
    expect(ids(await list('cpa1', { queryType: 'TEAM_APPLICATIONS', drafts: true }))).not.toContain(id);
  });

  test('counts summed from application_counts agree with a scan, for the Drafts and for the work', async () => {
    await start();
    for (const u of ['admin', 'cpa1']) {
      const user = (await findUser(s.app.db, u))!;
      for (const queryType of ['ALL_APPLICATIONS', 'TEAM_APPLICATIONS']) {
        for (const drafts of [true, false]) {
          const req = await buildListRequest(s.app.db, user, { queryType, drafts });
          expect(req.countable).toBe(true);
          expect(await fetchCounts(s.app.db, req, true)).toEqual(await fetchCounts(s.app.db, req, true, true));
        }
      }
    }
    const drafts = await buildListRequest(s.app.db, (await findUser(s.app.db, 'admin'))!, { queryType: 'ALL_APPLICATIONS', drafts: true });
    expect((await fetchCounts(s.app.db, drafts, false)).count).toBeGreaterThanOrEqual(1);
  });

  test('a draft leaves draft once the applicant gives name and mobile: its first task opens and it is work', async () => {
    const { id, ref } = await start();
    // A draft save of the first name alone keeps it a draft.
    const partial = await portalSave({ application_id: id, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: { firstName: 'Asha' }, draft: true }, ref);
    expect(partial.statusCode).toBe(200);
    expect(partial.json().data.draft).toBe(true);
    expect(ids(await list('cpa1', { queryType: 'TEAM_APPLICATIONS' }))).not.toContain(id);

    const saved = await portalSave({ application_id: id, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: personal }, ref);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.draft).toBe(false);
    expect(saved.json().data.currentTask).toMatchObject({ progress: 'Pending' });

    const team = await list('cpa1', { queryType: 'TEAM_APPLICATIONS' });
    expect((team.data as Json[]).find((r) => r.application_id === id)).toMatchObject({ applicant_name: 'Asha Rao', progress: 'Pending', stepName: 'Data Entry' });
    expect(ids(await list('admin', { queryType: 'ALL_APPLICATIONS', drafts: true }))).not.toContain(id);
    const audits = await s.app.db.query<{ action: string }>(`SELECT action FROM audits WHERE application_id = $1 AND field_key = 'draft'`, [id]);
    expect(audits.rows).toEqual([{ action: 'leave_draft' }]);
  });

  test('the dashboard counts no drafts: the pipeline of the branch is the same before and after a portal start', async () => {
    const pipeline = async () => {
      const res = await s.app.inject({ method: 'POST', url: '/backstage/dashboard', headers: staff.bh1, payload: { from: '2020-01-01', to: '2020-01-31', branch: ['BR-NORTH'] } });
      expect(res.statusCode).toBe(200);
      return res.json().data.pipeline as Json[];
    };
    const before = await pipeline();
    await start();
    expect(await pipeline()).toEqual(before);
  });

  test('the Drafts flag is bounded: anything but true or false is refused', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/backstage/getApplications', headers: staff.admin, payload: { queryType: 'ALL_APPLICATIONS', drafts: 'yes' } });
    expect(res.statusCode).toBe(400);
  });

  test('drafts untouched for N days are purged with an audit row; newer drafts and work stay', async () => {
    const old = await start();
    const recent = await start();
    const work = await start();
    await portalSave({ application_id: work.id, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: { ...personal, mobile: '9876500001', email: 'w@example.com', panNumber: 'AAAPW1234Q' } }, work.ref);
    const longAgo = new Date(Date.now() - 31 * 86_400_000);
    await s.app.db.query(`UPDATE applications SET mod_time = $2 WHERE application_id = ANY($1::text[])`, [[old.id, work.id], longAgo]);

    const purged = await purgeDrafts(s.app.db, 30);
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await s.app.db.query<{ application_id: string }>(`SELECT application_id FROM applications WHERE application_id = ANY($1::text[]) ORDER BY application_id`, [[old.id, recent.id, work.id]]);
    expect(left.rows.map((r) => r.application_id)).toEqual([recent.id, work.id].sort());
    const audit = await s.app.db.query<{ action: string; user_id: string; new_value: Json }>(
      `SELECT action, user_id, new_value FROM audits WHERE application_id = $1 AND field_key = '_action' ORDER BY id DESC LIMIT 1`, [old.id]);
    expect(audit.rows[0]).toMatchObject({ action: 'purge_draft', user_id: 'system', new_value: { action: 'purge_draft', reason: 'Draft untouched for 30 day(s)', product_code: 'PL' } });
    // The purged draft is gone for everyone: staff get the not-found answer, its appRefId opens nothing.
    expect((await s.app.inject({ method: 'GET', url: `/v3/application/${old.id}`, headers: staff.admin })).statusCode).toBe(404);
    expect(ids(await list('admin', { queryType: 'ALL_APPLICATIONS', drafts: true }))).not.toContain(old.id);
  });
});
