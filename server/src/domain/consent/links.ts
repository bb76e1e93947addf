import type { Notifier } from '../../adapters/notify';
import type { ApplicationRow } from '../applications/row';
import { notFound } from '../errors';
import { openLink, sealLink } from '../portal/links';
import type { PortalApplicant } from '../portal/applicants';

/**
 * The withdrawal link of the e-mails: "consent|applicationId|applicantId|createdAtMs", sealed with the applicant-link
 * key (domain/portal/links.ts) so only this server makes one. It opens one applicant's consents of one application
 * and can only withdraw (never give): withdrawal must stay as easy as giving, so it does not expire.
 */
export function consentLinkToken(key: Buffer, applicationId: string, applicantId: string, now = new Date()): string {
  return sealLink(['consent', applicationId, applicantId, String(now.getTime())].join('|'), key);
}

/** The same 404 for a token this server did not make, one of another application and any application id: it reveals nothing. */
export const consentLinkInvalid = () => notFound('token', 'The link is invalid: open it again from the e-mail, or from the status page of your application');

export function openConsentLink(key: Buffer, token: string, applicationId: string): { applicantId: string } {
  let plain: string;
  try {
    plain = openLink(token, key);
  } catch {
    throw consentLinkInvalid();
  }
  const [kind, appId, applicantId] = plain.split('|');
  if (kind !== 'consent' || appId !== applicationId || !applicantId) throw consentLinkInvalid();
  return { applicantId };
}

export const consentPageUrl = (origin: string, applicationId: string, token: string) =>
  `${origin}/dynamic-resume/consent?application_id=${encodeURIComponent(applicationId)}&token=${encodeURIComponent(token)}`;

/** Where the applicant's e-mails go: their own recorded address (the primary's may be the application's). */
export function applicantEmail(app: ApplicationRow, applicant: PortalApplicant): string | null {
  const own = typeof applicant.email === 'string' && applicant.email.trim() ? applicant.email.trim() : null;
  return own ?? (applicant.type === 'primary' && app.email?.trim() ? app.email.trim() : null);
}

/** The confirmation of a consent given, with the withdrawal link (DPDP: how to withdraw is told with the consent). */
export async function sendConsentConfirmation(notifier: Notifier, key: Buffer, app: ApplicationRow, applicant: PortalApplicant, origin: string, purposes: string[]) {
  const to = applicantEmail(app, applicant);
  if (!to || !purposes.length) return null;
  const link = consentPageUrl(origin, app.application_id, consentLinkToken(key, app.application_id, applicant.applicantId));
  return notifier.send({
    channel: 'EMAIL',
    to,
    subject: 'Your consent is recorded',
    body: `For application ${app.application_id} you consented to: ${purposes.join(', ')}. You can see or withdraw your consent at any time: ${link}`,
    link,
  });
}
