import type { FastifyPluginAsync } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { USERS } from '@lendline/shared/contract';
import { strictValidatorCompiler } from '../http/strict-validator';
import { acceptEmptyJsonBodies } from '../http/empty-json';
import { HttpError, validationFailed } from '../domain/errors';
import { staffUser } from '../plugins/app/auth';
import { findUser, listUsers, publicUser } from '../identity/users';
import { findGroup, groupsOfUser, membersOf } from '../identity/groups';

const Id = Type.String({ minLength: 1, maxLength: 100 });
const notFound = (what: string) => new HttpError(404, { code: 404, message: `${what} not found` });

/** §7 users and groups (staff only; the built-in customer account gets 403). */
const users: FastifyPluginAsync = async (app) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  acceptEmptyJsonBodies(app);
  app.addHook('preHandler', async (request) => {
    staffUser(request);
  });

  app.get(USERS.list, { schema: { querystring: Type.Object({ team: Type.Optional(Id), role: Type.Optional(Id) }) } }, async (request) => {
    const { team, role } = request.query as { team?: string; role?: string };
    const data = (await listUsers(app.db, { team, role })).map(publicUser);
    return { data, count: data.length };
  });

  app.get(USERS.roles, async (request) => ({ data: staffUser(request).roles }));

  app.get(USERS.groupsByUserId, { schema: { querystring: Type.Object({ userId: Type.Optional(Id) }) } }, async (request) => {
    const { userId } = request.query as { userId?: string };
    return { data: await groupsOfUser(app.db, userId ?? staffUser(request).userId) };
  });

  app.get('/v3/users/:userid', { schema: { params: Type.Object({ userid: Id }) } }, async (request) => {
    const { userid } = request.params as { userid: string };
    const user = await findUser(app.db, userid);
    if (!user || user.kind !== 'STAFF') throw notFound(`User ${userid}`);
    return { data: publicUser(user) };
  });

  const TeamsBody = Type.Object({ teams: Type.Array(Id, { maxItems: 50 }) });
  app.post(USERS.updateSelectedTeams, { schema: { body: TeamsBody } }, async (request) => {
    const caller = staffUser(request);
    const { teams } = request.body as Static<typeof TeamsBody>;
    const own = new Set(caller.teams.map((t) => t.id));
    const wrong = teams.map((t, i) => ({ t, i })).filter(({ t }) => !own.has(t));
    if (wrong.length) throw validationFailed(wrong.map(({ t, i }) => ({ label: `teams.${i}`, reason: `${t} is not one of your teams` })));
    await app.db.query(`UPDATE users SET selected_teams = $2 WHERE user_id = $1`, [caller.userId, JSON.stringify([...new Set(teams)])]);
    const user = await findUser(app.db, caller.userId);
    return { data: user && publicUser(user) };
  });

  // "token" is the caller's own token (§7): the answer is the caller's groups.
  app.post(USERS.getGroup, async (request) => ({
    data: await groupsOfUser(app.db, staffUser(request).userId),
  }));

  const GroupIdBody = Type.Object({ groupid: Id });
  app.post(USERS.getGroupMembers, { schema: { body: GroupIdBody } }, async (request) => {
    const { groupid } = request.body as Static<typeof GroupIdBody>;
    const group = await findGroup(app.db, { id: groupid });
    if (!group) throw notFound(`Group ${groupid}`);
    const data = await membersOf(app.db, group.groupId);
    return { data, count: data.length };
  });

  const UserNameBody = Type.Object({ userName: Id });
  app.post(USERS.rolesByUserName, { schema: { body: UserNameBody } }, async (request) => {
    const { userName } = request.body as Static<typeof UserNameBody>;
    const user = await findUser(app.db, userName);
    if (!user || user.kind !== 'STAFF') throw notFound(`User ${userName}`);
    return { data: user.roles };
  });

  const TeamBody = Type.Object({ team: Id });
  app.post(USERS.getGroupDetailByGroupName, { schema: { body: TeamBody } }, async (request) => {
    const { team } = request.body as Static<typeof TeamBody>;
    const group = await findGroup(app.db, { name: team });
    if (!group) throw notFound(`Group ${team}`);
    return { data: { ...group, members: await membersOf(app.db, group.groupId) } };
  });
};
export default users;
