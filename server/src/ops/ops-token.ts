import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The running server's backup credential: a random token written at start to DATA_DIR/ops.token (mode 0600), which
 * `npm run backup` reads and sends. Whoever can read it can already read the data directory itself, so the route
 * grants nothing new; nobody else (another local user, a process without that file) can pull a copy of the book.
 * A new token every start; not part of backups.
 */
export const OPS_TOKEN_FILE = 'ops.token';

export function writeOpsToken(dataDir: string): string {
  const token = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, OPS_TOKEN_FILE), token + '\n', { mode: 0o600 });
  return token;
}

export const readOpsToken = (dataDir: string): string => readFileSync(join(dataDir, OPS_TOKEN_FILE), 'utf8').trim();

const digest = (s: string) => createHash('sha256').update(s).digest();
export const sameToken = (a: string, b: string): boolean => timingSafeEqual(digest(a), digest(b));
