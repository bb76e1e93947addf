import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { findSetupConfig } from '../setup/setup-configs';
import type { CurrentUser } from '../current-user';
import { issueAppRef } from './customer-access';

/**
 * External integration (§7 POST /v3/external-integration/validate-token, §8): staff issue a single-use token for
 * an application; a partner sends the customer to /newapplication?transactionToken=…; the portal validates it and
 * gets the application id (and an appRefId that opens it on that device). Feature switch: setup config
 * Admin/Features, feature EXTERNAL_INTEGRATION. Any refusal is the same error flag without an id.
 */
export const EXTERNAL_FEATURE = 'EXTERNAL_INTEGRATION';
export const DEFAULT_TOKEN_MINUTES = 30;

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export async function externalIntegrationEnabled(db: Queryable, tenant = '*'): Promise<boolean> {
  const row = await findSetupConfig(db, { category: 'Admin', subCategory: 'Features', tenant, onlyEnabled: true });
  const features = row?.config.features;
  return Array.isArray(features) && features.some((f) => f && typeof f === 'object' && (f as { name?: unknown }).name === EXTERNAL_FEATURE && (f as { enabled?: unknown }).enabled === true);
}

/** Who may ask (staff with APPLICATIONS_ACTIONS on an application they may open) is the route's access rule. */
export async function issueExternalToken(db: Queryable, user: CurrentUser, applicationId: string, validityMinutes = DEFAULT_TOKEN_MINUTES, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + validityMinutes * 60_000);
  await db.query(`INSERT INTO external_integration_tokens (token_hash, application_id, issued_by, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)`, [
    hashToken(token),
    applicationId,
    user.userName,
    expiresAt,
    now,
  ]);
  return { transactionToken: token, application_id: applicationId, expiresAt: expiresAt.toISOString() };
}

export type TokenCheck = { ok: true; applicationId: string; appRefId: string } | { ok: false; reason: 'FEATURE_DISABLED' | 'INVALID_TOKEN' };

/** Uses the token up (one statement: two concurrent checks cannot both succeed) and issues an appRefId. */
export async function validateExternalToken(db: Queryable, token: string, now = new Date()): Promise<TokenCheck> {
  if (!(await externalIntegrationEnabled(db))) return { ok: false, reason: 'FEATURE_DISABLED' };
  const { rows } = await db.query<{ application_id: string }>(
    `UPDATE external_integration_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING application_id`,
    [hashToken(token), now],
  );
  if (!rows[0]) return { ok: false, reason: 'INVALID_TOKEN' };
  return { ok: true, applicationId: rows[0].application_id, appRefId: await issueAppRef(db, rows[0].application_id, 'EXTERNAL', now) };
}
