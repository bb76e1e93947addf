import { createHash, randomBytes } from 'node:crypto';
import { notFound } from '../errors';

/** How long a request-for-information link opens its request (hours). */
export const RFI_LINK_VALIDITY_HOURS = 72;

/** Where the link opens the applicant's page (mf-portal features/request-info), under the §2 customer area. */
export const RFI_PAGE_PATH = '/dynamic-resume/request-info';

/** The link's secret: 32 random bytes, base64url (43 characters). Only its SHA-256 is stored. */
export const newSecret = () => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export const rfiLink = (origin: string, applicationId: string, secret: string) =>
  `${origin}${RFI_PAGE_PATH}?application_id=${encodeURIComponent(applicationId)}&rfi=${encodeURIComponent(secret)}`;

/**
 * Every misuse of a link gets this one answer — unknown, of another application, expired, answered, sent again
 * (replaced) or withdrawn — the §2 invalid-URL text, so a link tells nothing about why it no longer opens.
 */
export const LINK_REFUSAL = 'The link is either expired or invalid or your application has already been submitted for further processing.';
export const linkRefused = () => notFound('requestForInfoId', LINK_REFUSAL);
