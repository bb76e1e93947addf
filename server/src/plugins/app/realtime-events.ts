import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ERROR_MESSAGES } from '@lendline/shared/contract';
import type { Db } from '../../db/db';
import type { CurrentUser } from '../../domain/current-user';
import { HttpError } from '../../domain/errors';
import { countByUser, countNew, deleteNotification, setStatus } from '../../domain/notifications/notifications';
import type { Coalescer } from './realtime-guard';

/** A notification id as the list gives it (`_id` / `notificationId`, a bigint as text), or as a number. */
const NotificationId = Type.Union([
  Type.String({ pattern: '^[1-9][0-9]{0,17}$', maxLength: 18 }),
  Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
]);
const One = Type.Object({ notificationId: NotificationId });
/** Events that act on all of the caller's notifications take no payload (an empty object, or nothing). */
const Nothing = Type.Union([Type.Undefined(), Type.Null(), Type.Object({}, { additionalProperties: false })]);

/** `shared`: the event acts on all of the caller's notifications, so concurrent ones of one user share a run. */
type Handler<S extends TSchema> = { schema: S; run: (db: Db, user: CurrentUser, payload: Static<S>) => Promise<unknown>; shared?: boolean };
const handler = <S extends TSchema>(schema: S, run: Handler<S>['run'], shared = false) => ({ schema, run, shared }) as Handler<TSchema>;
const idOf = (p: Static<typeof One>) => String(p.notificationId);

/** §7 client events → the §4 transition each makes; each is answered by `<EVENT>_RESULT`. LOGOUT is the plugin's. */
export const EVENT_HANDLERS: Record<string, Handler<TSchema>> = {
  UPDATE_COUNT: handler(Nothing, (db, user) => countNew(db, user), true),
  UPDATE_COUNT_BY_USER: handler(Nothing, (db, user) => countByUser(db, user), true),
  UPDATE_VIEW: handler(One, (db, user, p) => setStatus(db, user, idOf(p), '1')),
  UPDATE_UNREAD: handler(One, (db, user, p) => setStatus(db, user, idOf(p), '0')),
  DELETE_NOTIFICATION: handler(One, (db, user, p) => deleteNotification(db, user, idOf(p))),
};

/** A §8 body naming what is wrong with the payload (at most five items, like the HTTP validator). */
function badPayload(schema: TSchema, payload: unknown) {
  const data = [...Value.Errors(schema, payload)].slice(0, 5).map((e) => ({ label: e.path.replace(/^\//, '').replace(/\//g, '.') || 'payload', reason: e.message }));
  return { code: 1101, message: ERROR_MESSAGES[1101], data };
}

/**
 * Runs one event: `{ data }` on success, a §8 body otherwise (never throws: a bad event must not end the socket).
 * Count events go through `coalescer`, keyed by the caller and their teams: however many sockets and events ask at
 * once, one count runs at a time per user and the calls made meanwhile share the next (each with the same answer).
 */
export async function runEvent(db: Db, user: CurrentUser, event: string, payload: unknown, log: { error(o: object, m: string): void }, coalescer?: Coalescer) {
  const h = EVENT_HANDLERS[event];
  if (!Value.Check(h.schema, payload)) return badPayload(h.schema, payload);
  try {
    const run = () => h.run(db, user, payload);
    const key = `${event}\u0000${user.userName}\u0000${user.teams.map((t) => t.id).join(',')}`;
    return { data: await (h.shared && coalescer ? coalescer.run(key, run) : run()) };
  } catch (err) {
    if (err instanceof HttpError) return err.body;
    log.error({ err, event }, 'notification event failed');
    return { code: 1100, message: ERROR_MESSAGES[1100] };
  }
}
