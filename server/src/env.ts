import { resolve } from 'node:path';
import { QUESTION_TOAST_TIMEOUT_MS, SESSION_WARNING_BEFORE_S, SESSION_WARNING_MIN_EXPIRES_IN_S, VALID_SESSION_TIME_S } from '@lendline/shared/contract';

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
  /** Identity, sessions and encryption (docs/identity.md). */
  identity: IdentityEnv;
}

export interface IdentityEnv {
  /** Login expects an RSA-OAEP ciphertext password (§9: on). */
  passwordEncryption: boolean;
  /** Admin responses with status 200 are AES-encrypted (§7, §9: on). */
  adminApiEncryption: boolean;
  sessionTtlSeconds: number;
  sessionWarningBeforeSeconds: number;
  sessionWarningMinSeconds: number;
  sessionQuestionTimeoutMs: number;
  refreshTtlSeconds: number;
  passwordResetTtlSeconds: number;
  captchaTtlSeconds: number;
  /** Origin the customer portal lives at; the request's own origin when unset. */
  publicUrl?: string;
  defaultTenant: string;
  notifyAdapter: 'sandbox';
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
  const identity = loadIdentityEnv(source, problems);
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
    identity,
  };
}

function flag(source: NodeJS.ProcessEnv, name: string, problems: string[]): boolean {
  const raw = (source[name] ?? 'on').toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  problems.push(`${name} must be on or off, got "${source[name]}"`);
  return true;
}

function positiveInt(source: NodeJS.ProcessEnv, name: string, fallback: number, problems: string[]): number {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) problems.push(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

function loadIdentityEnv(source: NodeJS.ProcessEnv, problems: string[]): IdentityEnv {
  const sessionTtlSeconds = positiveInt(source, 'SESSION_TTL_SECONDS', VALID_SESSION_TIME_S, problems);
  const refreshTtlSeconds = positiveInt(source, 'REFRESH_TTL_SECONDS', 86400, problems);
  if (refreshTtlSeconds < sessionTtlSeconds) problems.push('REFRESH_TTL_SECONDS must be at least SESSION_TTL_SECONDS');
  const publicUrl = source.PUBLIC_URL || undefined;
  if (publicUrl && !/^https?:\/\/[^/]+$/.test(publicUrl.replace(/\/$/, ''))) problems.push(`PUBLIC_URL must be an origin like https://loans.example.com, got "${publicUrl}"`);
  const defaultTenant = source.DEFAULT_TENANT ?? 'lendline';
  if (!/^[a-z0-9-]{1,40}$/.test(defaultTenant)) problems.push('DEFAULT_TENANT must be lower-case letters, digits or dashes');
  const notifyAdapter = source.NOTIFY_ADAPTER ?? 'sandbox';
  if (notifyAdapter !== 'sandbox') problems.push(`NOTIFY_ADAPTER "${notifyAdapter}" is unknown (available: sandbox)`);
  return {
    passwordEncryption: flag(source, 'PASSWORD_ENCRYPTION', problems),
    adminApiEncryption: flag(source, 'ADMIN_API_ENCRYPTION', problems),
    sessionTtlSeconds,
    sessionWarningBeforeSeconds: positiveInt(source, 'SESSION_WARNING_BEFORE_SECONDS', SESSION_WARNING_BEFORE_S, problems),
    sessionWarningMinSeconds: positiveInt(source, 'SESSION_WARNING_MIN_SECONDS', SESSION_WARNING_MIN_EXPIRES_IN_S, problems),
    sessionQuestionTimeoutMs: positiveInt(source, 'SESSION_QUESTION_TIMEOUT_MS', QUESTION_TOAST_TIMEOUT_MS, problems),
    refreshTtlSeconds,
    passwordResetTtlSeconds: positiveInt(source, 'PASSWORD_RESET_TTL_SECONDS', 3600, problems),
    captchaTtlSeconds: positiveInt(source, 'CAPTCHA_TTL_SECONDS', 300, problems),
    publicUrl: publicUrl?.replace(/\/$/, ''),
    defaultTenant,
    notifyAdapter: 'sandbox',
  };
}
