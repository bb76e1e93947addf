import { ERROR_CODES, ERROR_MESSAGES } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { HttpError } from '../errors';

/**
 * Limits on messages the server sends on someone's behalf (applicant links, one-time codes, password-reset and list
 * e-mails), counted per recipient, per application, per account or per staff user rather than per client address:
 * an attacker with many addresses, or with free customer sessions, still cannot make the server mail one person
 * again and again. Counts live in table message_quotas (one fixed window per kind and subject), updated by one
 * statement each, so they hold across server processes; call takeMessageQuota inside the transaction that sends, so
 * a refusal (or any later failure) takes nothing.
 */
export interface MessageQuota {
  /** What is counted, e.g. 'link:recipient'. */
  kind: string;
  max: number;
  windowSeconds: number;
  /** Said in the refusal: "Too many <what>; try again in N minutes". */
  what: string;
}

/** The limits, sized so a person never meets them; an attacker meets them within a handful of messages. */
export const MESSAGE_QUOTAS = {
  linkPerRecipient: { kind: 'link:recipient', max: 5, windowSeconds: 3600, what: 'links were sent to this e-mail address' },
  linkPerApplication: { kind: 'link:application', max: 10, windowSeconds: 3600, what: 'links were sent for this application' },
  otpPerRecipient: { kind: 'otp:recipient', max: 10, windowSeconds: 3600, what: 'codes were sent to this mobile number or e-mail address' },
  otpPerApplication: { kind: 'otp:application', max: 30, windowSeconds: 3600, what: 'codes were sent for this application' },
  resetPerAccount: { kind: 'reset:account', max: 5, windowSeconds: 3600, what: 'password reset links were sent to this account' },
  mailPerUser: { kind: 'mail:user', max: 30, windowSeconds: 3600, what: 'e-mails were sent by you' },
  mailPerApplication: { kind: 'mail:application', max: 10, windowSeconds: 3600, what: 'e-mails were sent for this application' },
} as const satisfies Record<string, MessageQuota>;

/** The §8 body of a refused message: 429, as the request limits answer, with a reason the person can act on. */
export function tooManyMessages(what: string, seconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new HttpError(429, {
    code: ERROR_CODES.VALIDATION_FAILED,
    message: ERROR_MESSAGES[ERROR_CODES.VALIDATION_FAILED],
    data: [{ reason: `Too many ${what}; try again in ${minutes} minute${minutes === 1 ? '' : 's'}` }],
  });
}

/** Recipients compared as a person would: e-mail case-insensitive, a mobile number by its digits. */
export const recipientKey = (to: string) => (to.includes('@') ? to.trim().toLowerCase() : to.replace(/\D/g, ''));

/**
 * Counts one message against each quota (subject: the recipient, application id, user id …) or refuses with 429
 * when any is used up. The insert-or-update is atomic per row: concurrent sends from any process each get their own
 * count. Within a transaction, a refusal by a later quota rolls the earlier counts back with it.
 */
export async function takeMessageQuota(q: Queryable, takes: Array<[MessageQuota, string]>, now = new Date()): Promise<void> {
  for (const [quota, subject] of takes) {
    const { rows } = await q.query<{ count: number; window_start: Date | string }>(
      `INSERT INTO message_quotas AS m (kind, subject, window_start, count) VALUES ($1, $2, $3, 1)
       ON CONFLICT (kind, subject) DO UPDATE SET
         window_start = CASE WHEN m.window_start <= $4 THEN EXCLUDED.window_start ELSE m.window_start END,
         count = CASE WHEN m.window_start <= $4 THEN 1 ELSE m.count + 1 END
       RETURNING count, window_start`,
      [quota.kind, subject.slice(0, 200), now, new Date(now.getTime() - quota.windowSeconds * 1000)],
    );
    const { count, window_start } = rows[0];
    if (count > quota.max) {
      const ends = new Date(window_start).getTime() + quota.windowSeconds * 1000;
      throw tooManyMessages(quota.what, Math.max(1, Math.ceil((ends - now.getTime()) / 1000)));
    }
  }
}

/** Windows that ran out (the longest window any quota uses): the next message would start them again anyway. */
export async function purgeMessageQuotas(q: Queryable, now = new Date()): Promise<number> {
  const longest = Math.max(...Object.values(MESSAGE_QUOTAS).map((m) => m.windowSeconds));
  const { rows } = await q.query<{ n: number }>(
    `WITH gone AS (DELETE FROM message_quotas WHERE window_start < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [new Date(now.getTime() - longest * 1000)],
  );
  return rows[0]?.n ?? 0;
}
