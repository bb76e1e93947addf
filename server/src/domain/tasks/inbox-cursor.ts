import { createHmac, timingSafeEqual } from 'node:crypto';
import { refused } from '../errors';

/**
 * Keyset cursors of the task inbox and the per-application pages (worklogs, notes): `<payload>.<mac>`, base64url,
 * signed with the list cursor key (domain/lists/cursor.ts cursorKey, server_secrets) under a label of their own,
 * so a list cursor is not an inbox cursor. The payload carries the last row's sort key and `s`, what the cursor
 * belongs to (user, filters, application): a cursor that is altered, forged, of another user or of another
 * filter is refused with 400/1101 before any of it reaches a query.
 */
export type PageKey = (string | number | null)[];

const MAC_BYTES = 16;
const MAX_LENGTH = 600;
const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(`page-cursor.${payload}`).digest().subarray(0, MAC_BYTES);

export function encodePageCursor(key: Buffer, scope: string, k: PageKey): string {
  const payload = Buffer.from(JSON.stringify({ k, s: scope })).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The key a client sent back (null for the first page), checked to be ours and of this scope. */
export function decodePageCursor(key: Buffer, scope: string, sent: string | undefined, label = 'cursor'): PageKey | null {
  if (sent == null || sent === '') return null;
  const notOurs = () => refused(label, 'is not a cursor this server issued for this list');
  if (sent.length > MAX_LENGTH) throw notOurs();
  const [payload, signature, extra] = sent.split('.');
  if (!payload || !signature || extra !== undefined) throw notOurs();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== MAC_BYTES || !timingSafeEqual(given, mac(key, payload))) throw notOurs();
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { k?: unknown; s?: unknown };
    if (parsed.s !== scope || !Array.isArray(parsed.k)) throw notOurs();
    return parsed.k as PageKey;
  } catch {
    throw notOurs();
  }
}
