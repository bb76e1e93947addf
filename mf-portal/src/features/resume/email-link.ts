/** The five parts of a decrypted applicant link (§5), joined by '|'. */
export interface ApplicantLink {
  applicationId: string;
  verificationId: string;
  expiryEnabled: boolean;
  createdAt: number | null;
  validityHours: number | null;
}

export function parseApplicantLink(text: string): ApplicantLink | null {
  const parts = text.split('|').map((p) => p.trim());
  if (parts.length < 2 || !parts[0] || !parts[1]) return null;
  const num = (v?: string) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
  return { applicationId: parts[0], verificationId: parts[1], expiryEnabled: parts[2] === 'true' || parts[2] === '1', createdAt: num(parts[3]), validityHours: num(parts[4]) };
}

/**
 * §5: with the flag true or 1, now must lie between creation and creation + validity hours; a missing timestamp
 * or missing hours also counts as expired (→ /expired-link).
 */
export function isApplicantLinkExpired(link: ApplicantLink, now: number): boolean {
  if (link.createdAt === null || link.validityHours === null) return true;
  if (!link.expiryEnabled) return false;
  return now < link.createdAt || now > link.createdAt + link.validityHours * 3600_000;
}
