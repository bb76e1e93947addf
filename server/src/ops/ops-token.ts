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

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** The operator's scripts on this machine: a loopback peer, no proxy header, the bearer token of DATA_DIR/ops.token. */
export function isOpsCaller(request: { headers: Record<string, string | string[] | undefined>; raw: { socket: { remoteAddress?: string } } }, token: string): boolean {
  const h = request.headers;
  const auth = typeof h.authorization === 'string' ? h.authorization : '';
  const bearer = /^Bearer ([0-9a-f]{64})$/.exec(auth)?.[1];
  const local = LOOPBACK.test(request.raw.socket.remoteAddress ?? '') && !h['x-forwarded-for'] && !h.forwarded && !h['x-real-ip'];
  return local && !!bearer && sameToken(bearer, token);
}
