import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { tokenHash } from '../../crypto/tokens';
import { findSessionUser } from '../../identity/users';
import { onSessionEnded } from '../../identity/session-events';
import type { CurrentUser } from '../../domain/current-user';
import { HttpError } from '../../domain/errors';
import { assertMayUseNotifications, notificationsSince, toNotification, type NotificationRow } from '../../domain/notifications/notifications';
import { onNotifications } from '../../domain/notifications/bus';
import type { RealtimeHealth } from '../../domain/platform/health';
import { EVENT_HANDLERS, runEvent } from './realtime-events';
import { installRedisAdapter } from './realtime-redis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The §7 notification socket (socket.io at /socket.io on the server's own port). */
    io: Server;
    /** How pushes travel: 'local' (one process), or through Redis and whether it answers (GET /health). */
    realtimeHealth(): RealtimeHealth;
  }
}

export const SOCKET_PATH = '/socket.io';
export const userRoom = (userName: string) => `user:${userName}`;
export const teamRoom = (teamId: string) => `team:${teamId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The handshake credential: socket.io `auth` payload first, then the §7 request headers. */
function credential(socket: Socket, name: 'access_token' | 'sessionId'): string | undefined {
  const fromAuth = (socket.handshake.auth as Record<string, unknown> | undefined)?.[name];
  const v = typeof fromAuth === 'string' ? fromAuth : socket.handshake.headers[name.toLowerCase()];
  return typeof v === 'string' && v.length > 0 && v.length <= 512 ? v : undefined;
}

/** The last notification id the client saw (socket.io `auth.lastId`), when it reconnects and wants what it missed. */
function lastSeenId(socket: Socket): string | undefined {
  const v = (socket.handshake.auth as Record<string, unknown> | undefined)?.lastId;
  const id = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v;
  return typeof id === 'string' && /^[0-9]{1,18}$/.test(id) ? id : undefined;
}

/** A handshake refusal: the client's connect_error carries the message and the §8-shaped body as `data`. */
function refusal(code: number, message: string, reason?: string): Error & { data: object } {
  return Object.assign(new Error(message), { data: reason ? { code: 1101, message: 'Validation Failed', data: [{ label: 'NOTIFICATION', reason }] } : { code, message } });
}

/**
 * The notification socket. A handshake needs access_token + sessionId of a live staff session with the NOTIFICATION
 * role (§6), looked up in the database like the auth hook does (not its memo: a socket lives long, so it starts from
 * the current state). Each socket joins `user:<userName>`, `team:<teamId>` for each of its teams, and its session's
 * room, which is told LOGOUT and dropped when that session ends. Notification records are pushed (NOTIFICATION, then
 * NEW) to the recipient's room once their transaction committed (domain/notifications/bus.ts). With a Redis URL the
 * socket.io Redis adapter carries those emits and disconnects to the sockets other processes hold (realtime-redis.ts).
 */
export default fp<{ redisUrl?: string }>(
  async (app, opts) => {
    const io = new Server(app.server, { path: SOCKET_PATH, serveClient: false, maxHttpBufferSize: 16 * 1024 });
    app.decorate('io', io);
    const redis = opts.redisUrl ? await installRedisAdapter(io, opts.redisUrl, app.log) : undefined;
    app.decorate('realtimeHealth', () => redis?.health() ?? 'local');

    io.use(async (socket, next) => {
      const accessToken = credential(socket, 'access_token');
      const sessionId = credential(socket, 'sessionId');
      if (!accessToken || !sessionId) return next(refusal(401, 'Unauthorized'));
      try {
        const found = await findSessionUser(app.db, sessionId, tokenHash(accessToken));
        if (!found) return next(refusal(401, 'Unauthorized'));
        const u = found.user;
        const user: CurrentUser = { userId: u.userId, userName: u.userName, displayName: u.displayName ?? u.userName, roles: u.roles, teams: u.teams, kind: u.kind, sessionId };
        assertMayUseNotifications(user);
        socket.data.user = user;
        next();
      } catch (err) {
        if (err instanceof HttpError) return next(refusal(403, 'Forbidden', 'Notifications need the NOTIFICATION role'));
        app.log.error({ err }, 'socket handshake failed');
        next(refusal(500, 'Internal server error'));
      }
    });

    io.on('connection', (socket) => {
      const user = socket.data.user as CurrentUser;
      void socket.join([userRoom(user.userName), ...user.teams.map((t) => teamRoom(t.id)), sessionRoom(user.sessionId!)]);
      const since = lastSeenId(socket);
      if (since) void catchUp(socket, user, since);
      for (const event of Object.keys(EVENT_HANDLERS)) {
        socket.on(event, async (payload: unknown) => {
          socket.emit(`${event}_RESULT`, await runEvent(app.db, user, event, payload, app.log));
        });
      }
      // The client leaving (the shell logs out through REST, which ends the session): answered, then dropped.
      socket.on('LOGOUT', () => {
        socket.emit('LOGOUT_RESULT', { data: { loggedOut: true } });
        socket.disconnect(true);
      });
    });

    /**
     * Nothing lost: a socket that reconnects (after a drop, or to another process after a restart) with the last id it
     * saw gets what was written since, oldest first, as NOTIFICATION pushes, then one NEW when there is anything after
     * that id. It has joined its rooms first, so a row committed meanwhile is pushed live and may also be in this
     * replay; the client drops ids it already has (so does the lookback of notificationsSince).
     */
    const catchUp = async (socket: Socket, user: CurrentUser, since: string) => {
      try {
        const missed = await notificationsSince(app.db, user, since);
        for (const row of missed) socket.emit('NOTIFICATION', toNotification(row));
        const newer = missed.filter((r) => BigInt(r.id) > BigInt(since));
        const last = newer[newer.length - 1];
        if (last) socket.emit('NEW', { notificationId: last.id, type: last.type, missed: newer.length });
      } catch (err) {
        app.log.error({ err }, 'notification catch-up failed'); // the client still has the list to reload
      }
    };

    const push = (rows: NotificationRow[]) => {
      for (const row of rows) {
        const room = row.username ? userRoom(row.username) : teamRoom(row.team_id!);
        const n = toNotification(row);
        io.to(room).emit('NOTIFICATION', n);
        io.to(room).emit('NEW', { notificationId: n.notificationId, type: n.metadata.type });
      }
    };
    // Queued packets are flushed before the close, so LOGOUT arrives before the disconnect.
    const endSession = (sessionId: string, reason: string) => {
      io.to(sessionRoom(sessionId)).emit('LOGOUT', { reason, message: 'Session expired. Please login again.' });
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    };
    const stopPush = onNotifications(app.db, push);
    const stopEnd = onSessionEnded(app.db, endSession);

    // Before the HTTP server closes: close this process's connections so the close does not wait for them. Closing
    // the transports (not a server-side disconnect, after which socket.io clients do not reconnect) makes each client
    // reconnect — to this server once it is back, or to another process — and catch up from its last id.
    app.addHook('preClose', async () => {
      stopPush();
      stopEnd();
      io.engine.close();
    });
    if (redis) app.addHook('onClose', () => redis.close());
  },
  { name: 'realtime', dependencies: ['db'] },
);
