import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { tokenHash } from '../../crypto/tokens';
import { findSessionUser } from '../../domain/users/users';
import { onSessionEnded } from '../../identity/session-events';
import { sessionsLiveness } from '../../identity/session-liveness';
import type { CurrentUser } from '../../domain/current-user';
import { HttpError } from '../../domain/errors';
import { assertMayUseNotifications, notificationsSince, toNotification, type NotificationRow } from '../../domain/notifications/notifications';
import { onNotifications } from '../../domain/notifications/bus';
import type { RealtimeHealth } from '../../domain/platform/health';
import { EVENT_HANDLERS, runEvent } from './realtime-events';
import { installRedisAdapter } from './realtime-redis';
import { CLOSE_MESSAGES, Coalescer, EventBucket, TOO_MANY_EVENTS, type CloseReason } from './realtime-guard';
import { realtimeSettings, type RealtimeSettings } from '../../config/realtime';
import { currentTrace, formatTraceparent } from '../../http/trace-context';

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

/** What a socket holds of its session: the token it was opened with (hashed), how long that works, when last checked. */
interface SocketAuth {
  tokenHash: string;
  validUntil: number;
  checkedAt: number;
  checking?: Promise<boolean>;
}

/** An event on a socket whose session was checked longer ago than this re-checks it first (the session cache's bound). */
export const EVENT_RECHECK_MS = 5000;
/** Sockets re-checked per query by the timer. */
const CHECK_BATCH = 500;

/** A handshake refusal: the client's connect_error carries the message and the §8-shaped body as `data`. */
function refusal(code: number, message: string, reason?: string): Error & { data: object } {
  return Object.assign(new Error(message), { data: reason ? { code: 1101, message: 'Validation Failed', data: [{ label: 'NOTIFICATION', reason }] } : { code, message } });
}

/**
 * The notification socket. A handshake needs access_token + sessionId of a live staff session with the NOTIFICATION
 * role (§6), looked up in the database like the auth hook does (not its memo: a socket lives long, so it starts from
 * the current state). Each socket joins `user:<userName>`, `team:<teamId>` for each of its teams, and its session's
 * room, which is told LOGOUT and dropped when that session ends. A socket lives no longer than its session and
 * token (re-checked on a timer and before events: closed with LOGOUT, or SOCKET_CLOSED {reason} when only its
 * token died; this also catches a session that ended between the handshake and the join), and its events go
 * through a per-socket token bucket (realtime-guard.ts). Notification records are pushed (NOTIFICATION, then NEW)
 * to the recipient's room once their transaction committed (domain/notifications/bus.ts). With a Redis URL the
 * socket.io Redis adapter carries those emits and disconnects to the sockets other processes hold (realtime-redis.ts).
 */
export default fp<{ redisUrl?: string; settings?: RealtimeSettings }>(
  async (app, opts) => {
    const settings = opts.settings ?? realtimeSettings();
    const coalescer = new Coalescer();
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
        socket.data.auth = { tokenHash: tokenHash(accessToken), validUntil: found.validUntil, checkedAt: Date.now() } satisfies SocketAuth;
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
      const bucket = new EventBucket(settings.eventBurst, settings.eventsPerSecond);
      for (const event of Object.keys(EVENT_HANDLERS)) {
        socket.on(event, async (payload: unknown) => {
          const verdict = bucket.take();
          if (verdict === 'abuse') return close(socket, 'RATE_LIMITED');
          if (verdict === 'drop') return void socket.emit(`${event}_RESULT`, TOO_MANY_EVENTS);
          if (!(await stillLive(socket))) return;
          socket.emit(`${event}_RESULT`, await runEvent(app.db, user, event, payload, app.log, coalescer));
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

    /**
     * The §7 events' payloads are as they were; the trace of the request that wrote the notification travels as a
     * second argument ({traceparent}), which clients that do not look for it ignore.
     */
    const push = (rows: NotificationRow[]) => {
      const trace = currentTrace();
      const meta = trace ? [{ traceparent: formatTraceparent(trace) }] : [];
      for (const row of rows) {
        const room = row.username ? userRoom(row.username) : teamRoom(row.team_id!);
        const n = toNotification(row);
        io.to(room).emit('NOTIFICATION', n, ...meta);
        io.to(room).emit('NEW', { notificationId: n.notificationId, type: n.metadata.type }, ...meta);
      }
    };
    /**
     * Tells the client why (LOGOUT for an ended session, as §7 has it; SOCKET_CLOSED {reason, message} otherwise),
     * then disconnects it. Queued packets are flushed before the close, so the reason arrives before the disconnect.
     */
    const close = (socket: Socket, reason: CloseReason) => {
      if (socket.disconnected) return;
      if (reason === 'SESSION_ENDED') socket.emit('LOGOUT', { reason: 'session ended', message: CLOSE_MESSAGES[reason] });
      else socket.emit('SOCKET_CLOSED', { reason, message: CLOSE_MESSAGES[reason] });
      socket.disconnect(true);
    };

    /** Re-checks sockets' sessions in the database (one query per CHECK_BATCH) and closes those that no longer hold. */
    const recheck = async (sockets: Socket[]) => {
      for (let i = 0; i < sockets.length; i += CHECK_BATCH) {
        const batch = sockets.slice(i, i + CHECK_BATCH).filter((s) => s.connected && s.data.auth);
        const at = Date.now();
        const live = await sessionsLiveness(app.db, batch.map((s) => ({ sessionId: (s.data.user as CurrentUser).sessionId!, tokenHash: (s.data.auth as SocketAuth).tokenHash })));
        for (const s of batch) {
          const auth = s.data.auth as SocketAuth;
          const state = live.get(`${(s.data.user as CurrentUser).sessionId}\u0000${auth.tokenHash}`);
          if (!state || state.ended) close(s, 'SESSION_ENDED');
          else if (state.validUntil <= Date.now()) close(s, 'TOKEN_EXPIRED');
          else Object.assign(auth, { validUntil: state.validUntil, checkedAt: at });
        }
      }
    };

    /**
     * Before each event: the token must still be within its life as last seen (else TOKEN_EXPIRED, at once), and a
     * check older than EVENT_RECHECK_MS is redone first (one at a time per socket), so a revoke or a refresh's grace
     * running out is seen by the next event even between timer ticks.
     */
    const stillLive = async (socket: Socket): Promise<boolean> => {
      const auth = socket.data.auth as SocketAuth;
      if (auth.validUntil <= Date.now()) {
        close(socket, 'TOKEN_EXPIRED');
        return false;
      }
      if (Date.now() - auth.checkedAt > EVENT_RECHECK_MS) {
        auth.checking ??= recheck([socket]).then(
          () => socket.connected,
          (err: unknown) => {
            app.log.error({ err }, 'socket session check failed'); // kept until the next check: the database hiccuped
            return socket.connected;
          },
        ).finally(() => (auth.checking = undefined));
        return auth.checking;
      }
      return true;
    };

    /** Every SOCKET_SESSION_CHECK_SECONDS: this process's sockets, their sessions re-checked (others check their own). */
    let sweeping = false;
    const sweep = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      recheck([...io.of('/').sockets.values()])
        .catch((err: unknown) => app.log.error({ err }, 'socket session sweep failed'))
        .finally(() => (sweeping = false));
    }, settings.sessionCheckSeconds * 1000);
    sweep.unref();

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
      clearInterval(sweep);
      stopPush();
      stopEnd();
      io.engine.close();
    });
    if (redis) app.addHook('onClose', () => redis.close());
  },
  { name: 'realtime', dependencies: ['db'] },
);
