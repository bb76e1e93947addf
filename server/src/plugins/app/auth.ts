import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AUTH, CONFIG, PLATFORM, USERS } from '@lendline/shared/contract';
import { tokenHash } from '../../crypto/tokens';
import { findSessionUser, type UserRecord } from '../../domain/users/users';
import { cachedUser, rememberUser } from '../../identity/session-cache';
import { HttpError } from '../../domain/errors';
import type { CurrentUser } from '../../domain/current-user';


declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every authenticated request; null on public routes called without a session. */
    user: CurrentUser | null;
    /** The caller's access token: the AES key source of §9. */
    accessToken: string | null;
  }
  interface FastifyContextConfig {
    /** true, or a predicate on the request, for routes callable without a session. */
    public?: boolean | ((request: FastifyRequest) => boolean);
    /** Logout: authenticated by the refresh_token header instead of the session headers (§7). */
    refreshTokenAuth?: boolean;
  }
}

/** Route URLs public by the contract whose routes this plugin does not own. */
const PUBLIC_ROUTE_URLS = new Set<string>([
  AUTH.login,
  AUTH.refreshToken,
  AUTH.publicKey,
  USERS.tokenApiGetToken,
  PLATFORM.health,
  CONFIG.remotes,
  // static hosting: the shell and the remote releases
  '/',
  '/*',
  '/releases/*',
]);

const UNAUTHORIZED = () => new HttpError(401, { code: 401, message: 'Unauthorized' });

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name.toLowerCase()];
  return typeof v === 'string' && v.length > 0 && v.length <= 512 ? v : undefined;
}

function isPublic(request: FastifyRequest): boolean {
  // Unknown paths fall through to the JSON 404 / SPA fallback, which needs no session.
  if (request.is404) return true;
  const flag = request.routeOptions.config.public;
  if (typeof flag === 'function') return flag(request);
  return flag === true || PUBLIC_ROUTE_URLS.has(request.routeOptions.url ?? '');
}

/**
 * Every route needs the headers access_token + sessionId of a live session (401 otherwise),
 * except the public ones. Public routes still see the caller when the headers are valid.
 */
export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('accessToken', null);
    // Session cache (identity/session-cache.ts): current tokens only, a few seconds at most.
    const userOfSession = async (sessionId: string, hash: string): Promise<UserRecord | null> => {
      const hit = cachedUser(sessionId, hash);
      if (hit) return hit;
      const startedAt = Date.now();
      const found = await findSessionUser(app.db, sessionId, hash);
      if (!found) return null;
      if (found.current) rememberUser(sessionId, hash, found.user, found.validUntil, startedAt);
      return found.user;
    };
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.refreshTokenAuth) return; // the route checks refresh_token itself
      const publicRoute = isPublic(request);
      const accessToken = header(request, 'access_token');
      const sessionId = header(request, 'sessionId');
      if (!accessToken || !sessionId) {
        if (publicRoute) return;
        throw UNAUTHORIZED();
      }
      const user = await userOfSession(sessionId, tokenHash(accessToken));
      if (!user) {
        if (publicRoute) return;
        throw UNAUTHORIZED();
      }
      request.accessToken = accessToken;
      request.user = {
        userId: user.userId,
        userName: user.userName,
        displayName: user.displayName ?? user.userName,
        roles: user.roles,
        teams: user.teams,
        attributes: user.attributes ?? {},
        selectedTeams: user.selectedTeams,
        kind: user.kind,
        sessionId,
      };
    });
  },
  { name: 'auth', dependencies: ['db', 'errors'] },
);

/** The caller of a handler behind the auth hook; the one place that answers 401 when there is none. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw UNAUTHORIZED();
  return request.user;
}

/** Staff-only routes (the built-in customer account may not list users or groups). */
export function staffUser(request: FastifyRequest): CurrentUser {
  const user = currentUser(request);
  if (user.kind !== 'STAFF') throw new HttpError(403, { code: 403, message: 'Forbidden' });
  return user;
}
