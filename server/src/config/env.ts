import { resolve } from 'node:path';
import { QUESTION_TOAST_TIMEOUT_MS, SESSION_WARNING_BEFORE_S, SESSION_WARNING_MIN_EXPIRES_IN_S, VALID_SESSION_TIME_S } from '@lendline/shared/contract';
import { RATE_LIMIT_RULES, type RateLimitName } from '../plugins/app/rate-limit-rules';
import { loadS3Settings, type S3Settings } from '../domain/documents/storage/settings';

import { loadWebPushEnv } from './web-push';
import { checkOutboundEnv } from '../domain/outbound-guard';
import type { WebPushSettings } from '../domain/notifications/web-push';
import { loadVideoEnv, type VideoEnv } from './video';
import { loadHttpTimeouts, type HttpTimeouts } from '../http/timeouts';

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
  /** Video calls: Janus, ICE servers, recording, invitations (config/video.ts). */
  video: VideoEnv;
  bodyLimit: number;
  /** Header, body, upload and keep-alive timeouts of the HTTP server (http/timeouts.ts). */
  timeouts: HttpTimeouts;
  /**
   * Fastify's trustProxy: whose X-Forwarded-For to believe for request.ip (rate limits are per IP).
   * false: the socket's peer; true: any proxy; a number: that many hops; else a list of proxy addresses.
   */
  trustProxy: boolean | number | string[];
  rateLimit: RateLimitEnv;
  /** Identity, sessions and encryption (docs/identity.md). */
  identity: IdentityEnv;
  /** The money-call job runner (docs/ARCHITECTURE.md, Credit and disbursement). */
  creditJobs: { pollMs: number; leaseMs: number; maxAttempts: number };
  /** DRAFT_PURGE_DAYS: portal drafts untouched this many days are purged on the clean-up timer (domain/portal/drafts.ts). */
  draftPurgeDays: number;

  /** Document storage in an S3-compatible store (S3_*); absent: local disk under DATA_DIR. */
  s3?: S3Settings;

  /** Web Push of notifications (config/web-push.ts). */
  webPush: WebPushSettings;

  /** METRICS_TOKEN: /metrics answers any address bearing it; unset, only loopback callers (plugins/app/metrics.ts). */
  metricsToken?: string;
}

export interface RateLimitEnv {
  /** RATE_LIMIT=off turns every per-route limit off (load tests); the per-user lockout stays. */
  enabled: boolean;
  /** RATE_LIMITS="login=100,getToken=300/60": per rule, max requests per window (seconds). */
  overrides: Partial<Record<RateLimitName, { max: number; windowSeconds: number }>>;
}

export interface LoginLockoutEnv {
  /** Wrong passwords for one user name from one client address within windowSeconds that throttle that address... */
  addressAttempts: number;
  /** Wrong passwords for one user name from all addresses within windowSeconds that lock it for everyone... */
  attempts: number;
  windowSeconds: number;
  /** ...for this long. */
  lockSeconds: number;
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
  /** While active, the shell refreshes the session at most once per this many seconds (published with the timings). */
  sessionActivityRefreshSeconds: number;
  refreshTtlSeconds: number;
  /** Hard end of a session counted from sign-in, whatever its activity (hours; 0 = off, the default). */
  sessionAbsoluteHours: number;
  passwordResetTtlSeconds: number;
  captchaTtlSeconds: number;
  /** Origin the customer portal lives at; the request's own origin when unset. */
  publicUrl?: string;
  defaultTenant: string;
  notifyAdapter: 'sandbox';
  loginLockout: LoginLockoutEnv;
  /** How often expired customer-portal sessions are deleted (seconds). */
  sessionCleanupIntervalSeconds: number;
}

const REPO_ROOT = resolve(__dirname, '..', '..', '..');

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
  const timeouts = loadHttpTimeouts(source, problems);
  const identity = loadIdentityEnv(source, problems);
  const webPush = loadWebPushEnv(source, problems);
  checkOutboundEnv(source, problems); // OUTBOUND_ALLOW_HOSTS: read at each call by the outbound guard, checked here
  const trustProxy = loadTrustProxy(source.TRUST_PROXY, problems);
  const rateLimit = { enabled: flag(source, 'RATE_LIMIT', problems), overrides: loadRateLimitOverrides(source.RATE_LIMITS, problems) };
  const creditJobs = loadCreditJobs(source, problems);

  const s3 = loadS3Settings(source, problems);
  const video = loadVideoEnv(source, problems);
  const metricsToken = source.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,256}$/.test(metricsToken)) problems.push('METRICS_TOKEN must be 16-256 printable characters without spaces');
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
    video,
    bodyLimit,
    timeouts,
    trustProxy,
    rateLimit,
    identity,
    creditJobs,
    draftPurgeDays: positiveInt(source, 'DRAFT_PURGE_DAYS', 30, problems),

    s3,

    webPush,

    metricsToken,
  };
}

/** CREDIT_JOB_POLL_MS (1000), CREDIT_JOB_LEASE_MS (60000), CREDIT_JOB_MAX_ATTEMPTS (5). */
function loadCreditJobs(source: NodeJS.ProcessEnv, problems: string[]) {
  const int = (name: string, fallback: number, min: number, max: number) => {
    const v = Number(source[name] ?? fallback);
    if (!Number.isInteger(v) || v < min || v > max) problems.push(`${name} must be an integer ${min}-${max}`);
    return v;
  };
  return { pollMs: int('CREDIT_JOB_POLL_MS', 1000, 50, 600000), leaseMs: int('CREDIT_JOB_LEASE_MS', 60000, 1000, 3600000), maxAttempts: int('CREDIT_JOB_MAX_ATTEMPTS', 5, 1, 50) };
}

function loadTrustProxy(raw: string | undefined, problems: string[]): boolean | number | string[] {
  const value = (raw ?? '').trim();
  if (!value || ['off', 'false', '0', 'no'].includes(value.toLowerCase())) return false;
  if (['on', 'true', 'yes'].includes(value.toLowerCase())) return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (!list.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(a))) problems.push(`TRUST_PROXY must be on, off, a hop count or a comma list of proxy IPs/CIDRs, got "${raw}"`);
  return list;
}

function loadRateLimitOverrides(raw: string | undefined, problems: string[]): RateLimitEnv['overrides'] {
  const out: RateLimitEnv['overrides'] = {};
  for (const part of (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([A-Za-z]+)=(\d+)(?:\/(\d+))?$/.exec(part);
    if (!m || !(m[1] in RATE_LIMIT_RULES) || Number(m[2]) < 1 || (m[3] !== undefined && Number(m[3]) < 1)) {
      problems.push(`RATE_LIMITS item "${part}" must be name=max or name=max/seconds with a name of ${Object.keys(RATE_LIMIT_RULES).join(', ')}`);
      continue;
    }
    const name = m[1] as RateLimitName;
    out[name] = { max: Number(m[2]), windowSeconds: m[3] ? Number(m[3]) : RATE_LIMIT_RULES[name].windowSeconds };
  }
  return out;
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

function nonNegativeInt(source: NodeJS.ProcessEnv, name: string, fallback: number, problems: string[]): number {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) problems.push(`${name} must be 0 or a positive integer, got "${raw}"`);
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
    sessionActivityRefreshSeconds: positiveInt(source, 'SESSION_ACTIVITY_REFRESH_SECONDS', 60, problems),
    refreshTtlSeconds,
    sessionAbsoluteHours: nonNegativeInt(source, 'SESSION_ABSOLUTE_HOURS', 0, problems),
    passwordResetTtlSeconds: positiveInt(source, 'PASSWORD_RESET_TTL_SECONDS', 3600, problems),
    captchaTtlSeconds: positiveInt(source, 'CAPTCHA_TTL_SECONDS', 300, problems),
    publicUrl: publicUrl?.replace(/\/$/, ''),
    defaultTenant,
    notifyAdapter: 'sandbox',
    loginLockout: {
      addressAttempts: positiveInt(source, 'LOGIN_ADDRESS_ATTEMPTS', 5, problems),
      attempts: positiveInt(source, 'LOGIN_LOCKOUT_ATTEMPTS', 20, problems),
      windowSeconds: positiveInt(source, 'LOGIN_LOCKOUT_WINDOW_SECONDS', 900, problems),
      lockSeconds: positiveInt(source, 'LOGIN_LOCKOUT_SECONDS', 900, problems),
    },
    sessionCleanupIntervalSeconds: positiveInt(source, 'SESSION_CLEANUP_INTERVAL_SECONDS', 600, problems),
  };
}
