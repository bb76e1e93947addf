// What an applicant is told and agrees to (issue 27), typed once for the server that writes it and the remotes
// that read it: the grievance officer of the tenant, the consent notices per purpose and the consent records.

/** The tenant's grievance officer (setup config GLOBAL/GrievanceOfficer), shown on every portal page and document. */
export interface GrievanceOfficer {
  name: string;
  phone: string;
  email: string;
}

/** The purposes an applicant consents to one by one (DPDP Act 2023: consent is per purpose). */
export const CONSENT_PURPOSES = ['BUREAU_PULL', 'BANK_STATEMENT', 'COMMUNICATION', 'PARTNER_SHARING'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** How the consent was given or withdrawn: in the applicant's own portal session, or through a link staff sent. */
export type ConsentChannel = 'PORTAL' | 'LINK';

/** One version of the notice for a purpose, in one language: what data, why, who, how long, how to withdraw. */
export interface ConsentNotice {
  purpose: ConsentPurpose;
  version: number;
  lang: string;
  title: string;
  data: string;
  why: string;
  who: string;
  retention: string;
  withdraw: string;
}

/** An applicant's standing on a purpose: the latest record wins (given, then perhaps withdrawn). */
export interface ConsentRecord {
  applicantId: string;
  applicantType: string;
  purpose: ConsentPurpose;
  given: boolean;
  noticeVersion: number;
  lang: string;
  channel: ConsentChannel;
  at: string;
}
