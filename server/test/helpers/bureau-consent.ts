import type { Queryable } from '../../src/db/db';
import { findApplication } from '../../src/domain/applications/row';
import { recordConsents } from '../../src/domain/consent/records';

/**
 * The primary applicant's bureau consent, as the applicant gives it through their link (consent records, issue 27):
 * for tests about what comes after it. Staff cannot give it (the backstage save refuses consentToBureauCheck).
 */
export async function applicantConsentsToBureau(db: Queryable, applicationId: string): Promise<void> {
  const app = await findApplication(db, applicationId);
  await recordConsents(db, app, { purposes: { BUREAU_PULL: true }, channel: 'LINK' }, 'portal-customer');
}
