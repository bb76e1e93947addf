import { APPLICATIONS, OTHER, api } from '@lendline/shared';

/** The five parts of a decrypted email link (§5). */
export interface EmailLink {
  applicationId: string;
  verificationId: string;
  expiryEnabled: boolean;
  createdAt: number | null;
  validityHours: number | null;
}

/** Splits the decrypted link; the parts are joined by '|' (or ',' as a fallback). */
export function parseEmailLink(text: string): EmailLink | null {
  const sep = text.includes('|') ? '|' : ',';
  const parts = text.split(sep).map((p) => p.trim());
  if (parts.length < 2 || !parts[0] || !parts[1]) return null;
  const num = (v?: string) => (v && Number.isFinite(Number(v)) ? Number(v) : v && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : null);
  return {
    applicationId: parts[0],
    verificationId: parts[1],
    expiryEnabled: parts[2] === 'true' || parts[2] === '1',
    createdAt: num(parts[3]),
    validityHours: parts[4] !== undefined && parts[4] !== '' && Number.isFinite(Number(parts[4])) ? Number(parts[4]) : null,
  };
}

/**
 * §5: when the expiry flag is on, now must lie between creation and creation + validity hours;
 * a missing timestamp or missing hours also counts as expired.
 */
export function isLinkExpired(link: EmailLink, now: number): boolean {
  if (!link.expiryEnabled) return false;
  if (link.createdAt === null || link.validityHours === null) return true;
  return now < link.createdAt || now > link.createdAt + link.validityHours * 3600_000;
}

export async function decryptLink(appDetails: string): Promise<string> {
  const reply = await api.post<unknown>(OTHER.decryption, { decryptMsg: appDetails }, { silent: true });
  const data = (reply as { data?: unknown })?.data ?? reply;
  if (typeof data !== 'string') throw new Error('The link could not be read');
  return data;
}

export async function verifyEmail(link: EmailLink): Promise<string> {
  const reply = await api.post<{ message?: string; data?: { message?: string } }>(APPLICATIONS.verify, { application_id: link.applicationId, emailVerificationId: link.verificationId }, { silent: true });
  return reply?.message ?? reply?.data?.message ?? '';
}
