import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../../../db/db';

/**
 * What a crashed process leaves behind, removed at start-up before the server listens (so never a file a request of
 * this process is writing):
 * - staged uploads (`*.part` in the staging directory): an upload cut by a crash before put() published it;
 * - stored files no documents row references: bytes put() into the disk store whose row's transaction never
 *   committed (storeThenRecord removes them when the transaction fails, but not when the process dies in between).
 *
 * `minAgeMs` protects other live processes: 0 when this process holds the data directory alone (the embedded
 * database's lock, db/data-dir-lock.ts); otherwise (DATABASE_URL, several processes may share DATA_DIR) only files
 * older than any upload or transaction can take are removed. S3 is not swept: the bucket is shared by every live
 * process and listing it whole at each start is costly; an object left by a crash there costs storage only (no row
 * points at it, so nobody can read it).
 */

/** Removes staged upload files (*.part) older than minAgeMs; returns their names. */
export async function removeStagedLeftovers(dir: string, minAgeMs: number, now = Date.now()): Promise<string[]> {
  return removeOld(dir, (await names(dir)).filter((n) => n.endsWith('.part')), minAgeMs, now);
}

/**
 * Removes files under `<root>/files/` (the disk store's keys files/<fileId>) that no documents row names in its
 * `path` (deleted documents keep their rows, so their bytes stay); returns the keys removed.
 */
export async function removeUnreferencedFiles(q: Queryable, root: string, minAgeMs: number, now = Date.now()): Promise<string[]> {
  const dir = join(root, 'files');
  const all = await names(dir);
  const unreferenced: string[] = [];
  for (let i = 0; i < all.length; i += 1000) {
    const keys = all.slice(i, i + 1000).map((n) => `files/${n}`);
    const { rows } = await q.query<{ path: string }>('SELECT path FROM documents WHERE path = ANY($1::text[])', [keys]);
    const known = new Set(rows.map((r) => r.path));
    unreferenced.push(...keys.filter((k) => !known.has(k)).map((k) => k.slice('files/'.length)));
  }
  return (await removeOld(dir, unreferenced, minAgeMs, now)).map((n) => `files/${n}`);
}

async function names(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

async function removeOld(dir: string, candidates: string[], minAgeMs: number, now: number): Promise<string[]> {
  const removed: string[] = [];
  for (const name of candidates) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < minAgeMs) continue;
    if (await unlink(path).then(() => true, () => false)) removed.push(name);
  }
  return removed;
}
