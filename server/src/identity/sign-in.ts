import type { Db } from '../db/db';
import type { LoginLockoutEnv } from '../config/env';
import { validationFailed } from '../domain/errors';
import { verifyPassword } from '../crypto/password';
import { openSession, refreshSession, revokeSession, sessionOfRefreshToken, type IssuedTokens, type SessionTimes } from './sessions';
import { findUser, passwordHashOf, publicUser, type PublicUser } from '../domain/users/users';
import { beginLoginAttempt, loginFailed, loginSucceeded } from './login-lockout';

/** The reply of login, refresh-token and getToken (docs/identity.md): the tokens and the §3 user. */
export interface SignedIn extends IssuedTokens {
  user: PublicUser;
}

export type SignInOutcome =
  | { kind: 'signed-in'; reply: SignedIn }
  | { kind: 'wrong-credentials' }
  /** `justLocked`: this attempt used up the allowance (worth a warning in the log). */
  | { kind: 'locked'; lockedUntil: Date; justLocked: boolean };

/**
 * Staff sign-in with a plaintext password (the route decrypts it). Lockout counts by the name as typed, known or
 * not, and by the client address it came from (login-lockout.ts), before the password is checked, so the outcome
 * never tells whether the user exists.
 */
export async function signIn(db: Db, username: string, password: string, address: string, cfg: { lockout: LoginLockoutEnv; times: SessionTimes }): Promise<SignInOutcome> {
  const attempt = await beginLoginAttempt(db, username, address, cfg.lockout);
  if (!attempt.allowed) return { kind: 'locked', lockedUntil: attempt.lockedUntil, justLocked: false };
  const ok = await verifyPassword(password, await passwordHashOf(db, username));
  const user = ok ? await findUser(db, username) : null;
  if (!user) {
    const lockedUntil = await loginFailed(db, username, address, cfg.lockout);
    return lockedUntil ? { kind: 'locked', lockedUntil, justLocked: true } : { kind: 'wrong-credentials' };
  }
  await loginSucceeded(db, username, address);
  const tokens = await openSession(db, user.userId, cfg.times);
  return { kind: 'signed-in', reply: { ...tokens, user: publicUser(user) } };
}

/** A new session for an account without a password (the built-in customer account); null if it is missing. */
export async function openSessionFor(db: Db, userId: string, times: SessionTimes): Promise<SignedIn | null> {
  const user = await findUser(db, userId);
  if (!user) return null;
  return { ...(await openSession(db, user.userId, times)), user: publicUser(user) };
}

/**
 * Rotates a refresh token (sessions.ts): new tokens for the same session. A rotated token presented again
 * ('reused') has revoked the whole session; a disabled user ends it too ('no-user').
 */
export async function renewSession(
  db: Db,
  refreshToken: string,
  times: SessionTimes,
): Promise<{ ok: true; reply: SignedIn } | { ok: false; reason: 'unknown' | 'reused' | 'revoked' | 'expired' | 'no-user' }> {
  const result = await refreshSession(db, refreshToken, times);
  if (!result.ok) return result;
  const user = await findUser(db, result.userId);
  if (!user) return { ok: false, reason: 'no-user' };
  return { ok: true, reply: { ...result.tokens, user: publicUser(user) } };
}

/** end-session: the refresh token must belong to the caller's own session (400/1101 otherwise, nothing revoked). */
export async function endOwnSession(db: Db, sessionId: string | undefined, refreshToken: string): Promise<string> {
  const owner = await sessionOfRefreshToken(db, refreshToken);
  if (!sessionId || owner?.sessionId !== sessionId) throw validationFailed([{ label: 'refresh_token', reason: 'does not belong to this session' }]);
  await revokeSession(db, sessionId, 'end-session');
  return sessionId;
}

/** Logout by a refresh token (current or an earlier one of its chain): false when it names no session. */
export async function logOut(db: Db, refreshToken: string): Promise<boolean> {
  const owner = await sessionOfRefreshToken(db, refreshToken);
  if (!owner) return false;
  await revokeSession(db, owner.sessionId, 'logout');
  return true;
}
