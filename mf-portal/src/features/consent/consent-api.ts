import { api } from '@lendline/shared';
import type { ConsentNotice, ConsentPurpose, ConsentRecord, GrievanceOfficer } from '@lendline/shared';

/** The consent and decline calls of the server (routes/portal/consent.ts, decline.ts). */
export const CONSENT_API = {
  consents: '/v3/portal/consent',
  link: '/v3/portal/consent/link',
  withdrawal: '/v3/portal/consent/withdrawal',
  decline: '/v3/portal/decline',
  grievanceOfficer: '/setup/configs/GLOBAL/GrievanceOfficer',
} as const;

export interface Standing {
  applicantId: string;
  consents: ConsentRecord[];
  notices: ConsentNotice[];
}

export interface DeclineView {
  declined: boolean;
  reasons: string[];
  lang: string;
  letterFileId: string | null;
  grievanceOfficer: GrievanceOfficer | null;
}

/** The e-mail's withdrawal link: opens one applicant's consents. */
export async function openLink(applicationId: string, token: string, lang: string): Promise<Standing> {
  return (await api.post<{ data: Standing }>(CONSENT_API.link, { application_id: applicationId, token, lang })).data;
}

/** Withdraws through the link (it can only withdraw). */
export async function withdrawByLink(applicationId: string, token: string, lang: string, purposes: ConsentPurpose[]): Promise<Standing> {
  return (await api.post<{ data: Standing }>(CONSENT_API.withdrawal, { application_id: applicationId, token, lang, purposes })).data;
}

/** Gives or withdraws in the applicant's own session (the appRefId is applied by the caller). */
export async function answer(applicationId: string, applicantId: string | undefined, lang: string, purposes: Partial<Record<ConsentPurpose, boolean>>): Promise<Standing> {
  return (await api.post<{ data: Standing }>(CONSENT_API.consents, { application_id: applicationId, ...(applicantId ? { applicantId } : {}), lang, purposes })).data;
}
