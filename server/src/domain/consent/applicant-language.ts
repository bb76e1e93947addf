import type { Queryable } from '../../db/db';
import { standingConsents } from './records';

/**
 * The language the applicant reads: the one they last read a consent notice in (the primary applicant's latest
 * consent record), else English. What a document made for them is written in when no language is asked for (decline
 * letter, generated PDFs, the Key Fact Statement).
 */
export async function applicantLanguage(q: Queryable, applicationId: string): Promise<'en' | 'hi'> {
  const mine = (await standingConsents(q, applicationId)).filter((c) => c.applicantType === 'primary').sort((a, b) => b.at.localeCompare(a.at));
  return mine[0]?.lang === 'hi' ? 'hi' : 'en';
}
