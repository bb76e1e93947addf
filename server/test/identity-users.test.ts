import { staffApp } from './helpers/staff-app';
import { dbKind } from './helpers/test-db';

const s = staffApp(['bcm1']);

const get = (url: string) => s.app.inject({ method: 'GET', url, headers: s.logins.bcm1.headers });
const post = (url: string, payload?: object) => s.app.inject({ method: 'POST', url, headers: s.logins.bcm1.headers, payload });

describe(`users and groups on ${dbKind()}`, () => {
  test('GET /v3/users/{userid} answers the §3 user; unknown users 404', async () => {
    const res = await get('/v3/users/bh1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      userId: 'bh1',
      userName: 'bh1',
      firstName: 'Harish',
      lastName: 'Rao',
      displayName: 'Harish Rao',
      name: 'Harish Rao',
      teams: [
        { id: 'BR-SOUTH', type: '_HIERARCHY' },
        { id: 'APPROVAL', type: '_DEPT' },
        { id: 'CREDIT', type: '_DEPT' },
      ],
      attributes: { areaIDs: ['AREA-S1'], branchList: ['SOUTH'], regionIDs: ['REGION-WEST'], zoneIDs: ['ZONE-1'] },
    });
    expect((await get('/v3/users/nobody')).statusCode).toBe(404);
    expect((await get('/v3/users/portal-customer')).statusCode).toBe(404);
  });

  test('GET /v3/users lists the staff, filterable by team and role', async () => {
    expect(
      (await get('/v3/users')).json().data.map((u: { userName: string }) => u.userName),
    ).toEqual(['admin', 'bcm1', 'bh1', 'cc1', 'cpa1', 'cpa2', 'dev1', 'nsm1', 'viewer1']);
    expect((await get('/v3/users?team=BR-NORTH')).json().data.map((u: { userName: string }) => u.userName)).toEqual(['bcm1', 'cpa1', 'cpa2', 'nsm1']);
    expect((await get('/v3/users?role=DEVELOPER')).json()).toMatchObject({ count: 1, data: [{ userName: 'dev1' }] });
  });

  test('roles: GET for the caller, POST {userName} for anyone', async () => {
    expect((await get('/v3/users/roles')).json().data).toEqual(['BCM', 'NOTIFICATION', 'APPLICATIONS_ACTIONS', 'MANAGE_DOCUMENT', 'TASK_REVIEW_DATE', 'TEAM_APPLICATIONS_ASSIGN', 'TEAM_APPLICATIONS_REASSIGN', 'TEAM_APPLICATIONS_ASSIGN_SELF']);
    expect((await post('/v3/users/roles', { userName: 'viewer1' })).json().data).toEqual(['APPLICATION_ACCESS']);
    expect((await post('/v3/users/roles', { userName: 'ghost' })).statusCode).toBe(404);
  });

  test('groups of the caller: team groups and activity groups', async () => {
    const byId = (await get('/v3/users/groupsByUserId')).json().data;
    const names = byId.map((g: { name: string }) => g.name);
    expect(names).toEqual(expect.arrayContaining(['BR-NORTH', 'CPA-NORTH', 'CREDIT', 'REPORTS', 'EXPORT']));
    expect(byId.find((g: { name: string }) => g.name === 'CREDIT')).toMatchObject({ kind: 'TEAM', type: '_DEPT' });
    expect((await post('/v3/users/getGroup', { token: s.logins.bcm1.session.access_token })).json().data).toEqual(byId);
  });

  test('group members and group detail by name', async () => {
    const members = (await post('/v3/users/getGroupMembers', { groupid: 'CPA-NORTH' })).json();
    expect(members.data.map((m: { userName: string }) => m.userName)).toEqual(['bcm1', 'cpa1', 'cpa2']);
    expect(members.data.find((m: { userName: string }) => m.userName === 'bcm1').isLead).toBe(true);
    const detail = (await post('/v3/users/getGroupDetailByGroupName', { team: 'APPROVAL' })).json().data;
    expect(detail).toMatchObject({ groupId: 'APPROVAL', type: '_DEPT', members: [{ userName: 'bh1', displayName: 'Harish Rao' }] });
    expect((await post('/v3/users/getGroupMembers', { groupid: 'NOPE' })).statusCode).toBe(404);
  });

  test('update_selected_teams stores a subset of the caller’s teams', async () => {
    const res = await post('/v3/users/update_selected_teams', { teams: ['CREDIT'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.selectedTeams).toEqual(['CREDIT']);
    expect((await get('/v3/users/bcm1')).json().data.selectedTeams).toEqual(['CREDIT']);
  });
});
