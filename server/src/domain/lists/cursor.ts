import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { refused } from '../errors';
import { MAX_CURSOR } from './list-input';

/**
 * Keyset cursors (pagination.cursor) as this server issues them: `<payload>.<mac>`, both base64url, where the payload
 * is {id, v?, s} (the last row's id, its sort value when sorted, and which order the cursor belongs to) and the mac
 * is an HMAC-SHA256 of it under a key kept in the database (server_secrets, migration 037). Opaque to clients: they
 * pass nextCursor back as they got it. A cursor that is forged, altered, truncated, of another type or of another
 * sort order is refused with 400/1101 before anything of it reaches a query, so its id and value are always what a
 * query of ours returned (the id a bigint, the value the sort column's own text).
 */
export interface Cursor {
  id: string;
  /** The sort value of the cursor row, as the column's text (NULL sorts are coalesced, so null ends the list). */
  v?: string | null;
}

const MAC_BYTES = 16;
const keys = new WeakMap<Queryable, Promise<Buffer>>();

/** The signing key of the database behind q, read once per database handle. */
export function cursorKey(q: Queryable): Promise<Buffer> {
  let key = keys.get(q);
  if (!key) {
    key = q
      .query<{ secret: string }>(`SELECT secret FROM server_secrets WHERE name = 'list_cursor'`)
      .then(({ rows }) => {
        if (!rows.length) throw new Error('server_secrets has no list_cursor key (migration 037)');
        return Buffer.from(rows[0].secret, 'utf8');
      });
    key.catch(() => keys.delete(q));
    keys.set(q, key);
  }
  return key;
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(`list-cursor.${payload}`).digest().subarray(0, MAC_BYTES);

/** `order` names the order the cursor continues: 'id' for newest first, or the sort's column:direction. */
export function encodeCursor(key: Buffer, order: string, c: Cursor): string {
  const payload = Buffer.from(JSON.stringify({ ...c, s: order })).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

const notOurs = () => refused('pagination.cursor', 'is not a cursor this server issued for this list and order');

/** The cursor a client sent back, or null for the first page. */
export function decodeCursor(key: Buffer, order: string, sent: unknown): Cursor | null {
  if (sent == null || sent === '') return null;
  if (typeof sent !== 'string' || sent.length > MAX_CURSOR) throw notOurs();
  const [payload, signature, extra] = sent.split('.');
  if (!payload || !signature || extra !== undefined) throw notOurs();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== MAC_BYTES || !timingSafeEqual(given, mac(key, payload))) throw notOurs();
  let parsed: { id?: unknown; v?: unknown; s?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw notOurs();
  }
  // Signed by us, so these hold; checked anyway so a leaked key could not turn into a failing query.
  const { id, v, s } = parsed ?? {};
  if (s !== order || typeof id !== 'string' || !/^[1-9][0-9]{0,17}$/.test(id)) throw notOurs();
  if (order === 'id' ? v !== undefined : !(v === null || typeof v === 'string')) throw notOurs();
  return order === 'id' ? { id } : { id, v: v as string | null };
}
