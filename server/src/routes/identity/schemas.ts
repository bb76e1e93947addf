import { Type } from '@sinclair/typebox';
import { errorReplies } from '../common/schemas';

/**
 * Reply schemas of the identity routes. Fastify serializes from them and drops what they do not name, so each
 * names every field the handler sends and the clients read (shared/src/session/from-reply.ts AuthReply,
 * shared/src/types.ts User and Team, the shell's auth and session features).
 */

/** Only the error replies a route can give, so the document does not promise a 403 where none exists. */
export const errors = <C extends keyof typeof errorReplies>(...codes: C[]) =>
  Object.fromEntries(codes.map((c) => [c, errorReplies[c]])) as Pick<typeof errorReplies, C>;

const Strings = (description: string) => Type.Array(Type.String(), { description });

export const TeamReply = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Union([Type.Literal('_HIERARCHY'), Type.Literal('_DEPT')], { description: '_HIERARCHY: branch line; _DEPT: department' }),
});

/** §3 User, every field filled (domain/users/users.ts PublicUser). */
export const UserReply = Type.Object(
  {
    userId: Type.String(),
    userName: Type.String({ description: 'Equals userId' }),
    firstName: Type.String(),
    lastName: Type.String(),
    displayName: Type.String({ description: 'Display name, else first and last name, else the user name' }),
    name: Type.String({ description: 'First and last name, else the user id' }),
    roles: Strings('Business role and the §6 permission codes'),
    teams: Type.Array(TeamReply),
    attributes: Type.Object({
      areaIDs: Strings('Areas the user works in'),
      branchList: Strings('Branches whose applications the user sees'),
      regionIDs: Strings('Regions'),
      zoneIDs: Strings('Zones'),
    }),
    selectedTeams: Strings('Team ids the user chose to work in (POST /v3/users/update_selected_teams)'),
  },
  { description: '§3 User' },
);

const tokenFields = {
  access_token: Type.String({ description: 'Sent as the access_token header; its first 32 characters are the AES key of §9' }),
  refresh_token: Type.String({ description: 'One use: every refresh answers a new one; presenting a used one revokes the session' }),
  sessionid: Type.String({ description: 'Sent as the sessionId header' }),
  expiry_time: Type.Integer({ description: 'When the access token ends, epoch milliseconds' }),
  expires_in: Type.Integer({ description: 'Access token lifetime, seconds' }),
  user: UserReply,
};

/** Login and getToken. */
export const SignedInReply = Type.Object(tokenFields, { description: 'A new session and its user' });

/** Refresh: the same with error null (a refused refresh answers 401 with error "Invalid user"). */
export const RefreshedReply = Type.Object({ ...tokenFields, error: Type.Null() }, { description: 'New tokens of the same session' });

/** 401 of refresh-token: the shell ends the session on error "Invalid user" (shared/src/session/from-reply.ts). */
export const InvalidUserReply = Type.Object(
  { error: Type.Optional(Type.String()), code: Type.Integer(), message: Type.String() },
  { description: 'Rotated, revoked or unknown refresh token: { error: "Invalid user", code: 401, message: "Invalid user" }' },
);

export const MessageReply = Type.Object({ message: Type.String() });

export const GroupReply = Type.Object({
  groupId: Type.String(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('TEAM'), Type.Literal('ACTIVITY')], { description: 'TEAM: mirrors a team; ACTIVITY: a §6 group activity' }),
  type: Type.Union([Type.Literal('_HIERARCHY'), Type.Literal('_DEPT'), Type.Null()], { description: "The team's type; null for activity groups" }),
  description: Type.String(),
});

export const GroupMemberReply = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  displayName: Type.String(),
  isLead: Type.Boolean({ description: 'Leads the team the group mirrors' }),
});
