import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { USERS } from '@lendline/shared/contract';
import { strictValidatorCompiler } from '../../http/strict-validator';
import { acceptEmptyJsonBodies } from '../../http/empty-json';
import { HttpError } from '../../domain/errors';
import { staffUser } from '../../plugins/app/auth';
import { findUser, listUsers, publicUser, selectTeams } from '../../domain/users/users';
import { findGroup, groupsOfUser, membersOf } from '../../identity/groups';
import { liftLockout } from '../../identity/login-lockout';
import { hasRole } from '../../domain/current-user';
import { forbidden } from '../../domain/errors';
import { GroupMemberReply, GroupReply, UserReply, errors } from './schemas';
import { route } from '../common/route';

const Id = Type.String({ minLength: 1, maxLength: 100 });
const notFound = (what: string) => new HttpError(404, { code: 404, message: `${what} not found` });

const STAFF = 'Staff only (the customer account → 403).';
const READ_ERRORS = errors(400, 401, 403, 429, 500);
const FIND_ERRORS = errors(400, 401, 403, 404, 429, 500);

const Roles = Type.Object({ data: Type.Array(Type.String(), { description: 'Business role and §6 permission codes' }) });
const Groups = Type.Object({ data: Type.Array(GroupReply) });
const Members = Type.Object({ data: Type.Array(GroupMemberReply), count: Type.Integer() });

/** §7 users and groups (staff only; the built-in customer account gets 403). */
const users: FastifyPluginAsyncTypebox = async (app) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  acceptEmptyJsonBodies(app);
  app.addHook('preHandler', async (request) => {
    staffUser(request);
  });

  app.get(
    USERS.list,
    route.identity(null, 'List staff users',
      `The enabled staff users, by user id, optionally only members of a team or holders of a role. ${STAFF}`, {
      querystring: Type.Object({ team: Type.Optional(Id), role: Type.Optional(Id) }),
      response: { 200: Type.Object({ data: Type.Array(UserReply), count: Type.Integer() }), ...READ_ERRORS },
    }),
    async (request) => {
      const data = (await listUsers(app.db, request.query)).map(publicUser);
      return { data, count: data.length };
    },
  );

  app.get(
    USERS.roles,
    route.identity(null, "The caller's roles",
      `The caller's business role and permission codes. ${STAFF}`, {
      response: { 200: Roles, ...READ_ERRORS },
    }),
    async (request) => ({ data: staffUser(request).roles }),
  );

  app.get(
    USERS.groupsByUserId,
    route.identity(null, "A user's groups",
      `The team and activity groups of a user (the caller when userId is left out). ${STAFF}`, {
      querystring: Type.Object({ userId: Type.Optional(Id) }),
      response: { 200: Groups, ...READ_ERRORS },
    }),
    async (request) => ({ data: await groupsOfUser(app.db, request.query.userId ?? staffUser(request).userId) }),
  );

  app.get(
    '/v3/users/:userid',
    route.identity(null, 'One staff user',
      `The §3 user. ${STAFF} 404 for an unknown, disabled or non-staff user.`, {
      params: Type.Object({ userid: Id }),
      response: { 200: Type.Object({ data: UserReply }), ...FIND_ERRORS },
    }),
    async (request) => {
      const { userid } = request.params;
      const user = await findUser(app.db, userid);
      if (!user || user.kind !== 'STAFF') throw notFound(`User ${userid}`);
      return { data: publicUser(user) };
    },
  );

  app.post(
    USERS.updateSelectedTeams,
    route.identity(null, 'Choose the teams to work in',
      `Stores the teams the caller works in; each must be one of the caller's teams (400/1101 naming teams.N otherwise, nothing stored). ${STAFF}`, {
      body: Type.Object({ teams: Type.Array(Id, { maxItems: 50 }) }),
      response: { 200: Type.Object({ data: Type.Union([UserReply, Type.Null()]) }), ...READ_ERRORS },
    }),
    async (request) => ({ data: await selectTeams(app.db, staffUser(request), request.body.teams) }),
  );

  // "token" is the caller's own token (§7): the answer is the caller's groups. No body schema: clients send the
  // token, or nothing at all.
  app.post(
    USERS.getGroup,
    route.identity(null, "The caller's groups",
      `The caller's team and activity groups. The body ({token}: the caller's own access token) may be left out. ${STAFF}`, {
      response: { 200: Groups, ...READ_ERRORS },
    }),
    async (request) => ({ data: await groupsOfUser(app.db, staffUser(request).userId) }),
  );

  app.post(
    USERS.getGroupMembers,
    route.identity(null, 'Members of a group',
      `The enabled members of a group, by user id, with whether each leads its team. ${STAFF} 404 for an unknown group.`, {
      body: Type.Object({ groupid: Id }),
      response: { 200: Members, ...FIND_ERRORS },
    }),
    async (request) => {
      const { groupid } = request.body;
      const group = await findGroup(app.db, { id: groupid });
      if (!group) throw notFound(`Group ${groupid}`);
      const data = await membersOf(app.db, group.groupId);
      return { data, count: data.length };
    },
  );

  app.post(
    USERS.rolesByUserName,
    route.identity(null, "A user's roles",
      `The business role and permission codes of a staff user. ${STAFF} 404 for an unknown or non-staff user.`, {
      body: Type.Object({ userName: Id }),
      response: { 200: Roles, ...FIND_ERRORS },
    }),
    async (request) => {
      const { userName } = request.body;
      const user = await findUser(app.db, userName);
      if (!user || user.kind !== 'STAFF') throw notFound(`User ${userName}`);
      return { data: user.roles };
    },
  );

  // Not in the spec's list: the admin's way to lift a sign-in lock before it runs out (docs/identity.md "Lockout").
  app.post(
    '/v3/users/unlock',
    route.identity(null, 'Lift a sign-in lock (admin)',
      'Lifts every sign-in lock of a staff user: the account-wide one and those of single addresses, and forgets their ' +
        'counts; recorded in identity_audits (who, whom, when). ADMIN only (others → 403). 404 for an unknown or non-staff user.', {
      body: Type.Object({ userName: Id }),
      response: {
          200: Type.Object({ data: Type.Object({ userName: Type.String(), wasLocked: Type.Boolean({ description: 'Whether a lock was in force' }) }), message: Type.String() }),
          ...FIND_ERRORS,
        },
    }),
    async (request) => {
      const caller = staffUser(request);
      if (!hasRole(caller, 'ADMIN')) throw forbidden('permission', 'Only an administrator may lift a sign-in lock');
      const { userName } = request.body;
      const user = await findUser(app.db, userName);
      if (!user || user.kind !== 'STAFF') throw notFound(`User ${userName}`);
      const wasLocked = await app.db.transaction((tx) => liftLockout(tx, user.userName, caller.userName, 'unlock'));
      request.log.info({ userName: user.userName, by: caller.userName, wasLocked }, 'sign-in lock lifted');
      return { data: { userName: user.userName, wasLocked }, message: wasLocked ? `${user.userName} may sign in again` : `${user.userName} was not locked` };
    },
  );

  app.post(
    USERS.getGroupDetailByGroupName,
    route.identity(null, 'A group and its members, by name',
      `The group named team with its members. ${STAFF} 404 for an unknown group.`, {
      body: Type.Object({ team: Id }),
      response: { 200: Type.Object({ data: Type.Object({ ...GroupReply.properties, members: Type.Array(GroupMemberReply) }) }), ...FIND_ERRORS },
    }),
    async (request) => {
      const { team } = request.body;
      const group = await findGroup(app.db, { name: team });
      if (!group) throw notFound(`Group ${team}`);
      return { data: { ...group, members: await membersOf(app.db, group.groupId) } };
    },
  );
};
export default users;
