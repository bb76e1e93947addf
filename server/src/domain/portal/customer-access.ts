import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { HttpError } from '../errors';
import type { CurrentUser } from '../current-user';

/**
 * Which application may the shared customer account (portal-customer, one account for every applicant) open?
 * Only the one whose application reference it presents: header `appRefId` (SPEC §3 Session, §7). The reference
 * is 32 random bytes, given out once when the portal creates the application and again for each verified e-mail
 * link (the link proves possession); the server keeps only its SHA-256 (table application_refs).
 * This file holds the customer side of the rule: the application-access plugin (plugins/app/application-access.ts)
 * resolves the header of every customer request and checks the routes that name their application;
 * assertVisible's customer branch calls assertCustomerHolds. Staff are never affected.
 */
export const APP_REF_HEADER = 'appRefId';

export type AppRefIssuedFor = 'CREATE' | 'LINK' | 'EXTERNAL';

/** 32 random bytes as base64url: 43 characters. */
const REF_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The application the caller's appRefId opens, per request user object (a fresh object per request), and the party
 * (co-applicant or guarantor) it is limited to when it was issued for that party's link (null: the whole application).
 */
const held = new WeakMap<object, { applicationId: string; party: string | null }>();

export const notYours = () => new HttpError(403, { code: 403, message: 'This application is not yours' });

export const hashAppRef = (ref: string) => createHash('sha256').update(ref, 'utf8').digest('hex');

/** A new reference for the application; only its hash is stored. Returned to the caller once. */
export async function issueAppRef(q: Queryable, applicationId: string, issuedFor: AppRefIssuedFor, now = new Date(), party: string | null = null): Promise<string> {
  const ref = randomBytes(32).toString('base64url');
  await q.query(`INSERT INTO application_refs (ref_hash, application_id, issued_for, created_at, applicant_id) VALUES ($1, $2, $3, $4, $5)`, [hashAppRef(ref), applicationId, issuedFor, now, party]);
  return ref;
}

/** Looks up the presented reference (absent, malformed or unknown: the caller holds no application). */
export async function resolveAppRef(q: Queryable, user: object, ref: unknown): Promise<void> {
  held.delete(user);
  if (typeof ref !== 'string' || !REF_SHAPE.test(ref)) return;
  const { rows } = await q.query<{ application_id: string; applicant_id: string | null }>(`SELECT application_id, applicant_id FROM application_refs WHERE ref_hash = $1`, [hashAppRef(ref)]);
  if (rows[0]) held.set(user, { applicationId: rows[0].application_id, party: rows[0].applicant_id });
}

/**
 * The co-applicant or guarantor a customer's appRefId is limited to (issued for their link), else null: staff, the
 * primary's device, or no reference at all.
 */
export function heldParty(user: object): string | null {
  return held.get(user)?.party ?? null;
}

/**
 * For a customer caller: 403 'This application is not yours' unless its appRefId is this application's. A reference
 * limited to one party (heldParty) opens the whole application nowhere (GraphQL, assertVisible): only the routes that
 * declare what a party may do (application-access.ts, `party`), which pass `party: 'checked'`.
 */
export function assertCustomerHolds(user: CurrentUser, applicationId: string, party: 'refused' | 'checked' = 'refused'): void {
  const ref = held.get(user);
  if (ref?.applicationId !== applicationId) throw notYours();
  if (ref.party && party === 'refused') throw notYours();
}
