import { resolve } from 'node:path';

/** Server configuration, read once from the environment and validated with clear messages. */
export interface Env {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  releasesDir: string;
  shellDir: string;
  logLevel: string;
  janusUrl?: string;
  bodyLimit: number;
}

const REPO_ROOT = resolve(__dirname, '..', '..');

export class EnvError extends Error {
  constructor(problems: string[]) {
    super(`Invalid environment:\n  - ${problems.join('\n  - ')}`);
    this.name = 'EnvError';
  }
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const problems: string[] = [];
  const port = Number(source.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be an integer 0-65535, got "${source.PORT}"`);
  const host = source.HOST ?? '127.0.0.1';
  const databaseUrl = source.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  const redisUrl = source.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must start with redis:// or rediss://');
  const bodyLimit = Number(source.BODY_LIMIT_BYTES ?? 12 * 1024 * 1024);
  if (!Number.isInteger(bodyLimit) || bodyLimit <= 0) problems.push('BODY_LIMIT_BYTES must be a positive integer');
  const logLevel = source.LOG_LEVEL ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) problems.push(`LOG_LEVEL "${logLevel}" is not a pino level`);
  if (problems.length) throw new EnvError(problems);
  return {
    host,
    port,
    dataDir: resolve(source.DATA_DIR ?? './data'),
    databaseUrl,
    redisUrl,
    releasesDir: resolve(source.RELEASES_DIR ?? resolve(REPO_ROOT, 'releases')),
    shellDir: resolve(source.SHELL_DIR ?? resolve(REPO_ROOT, 'shell', 'dist')),
    logLevel,
    janusUrl: source.JANUS_URL || undefined,
    bodyLimit,
  };
}
