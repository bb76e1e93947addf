import { api } from '@lendline/shared';
import { PORTAL, type PortalApplicant } from '../../api/portal-api';
import { applyAppRef } from '../../lib/app-ref-store';

/** Where a co-applicant or guarantor stands (GET /v3/portal/applicants/parties, domain/portal/parties.ts). */
export type PartyStatus = 'not_invited' | 'invited' | 'in_progress' | 'signed';

export interface Party {
  applicantId: string;
  type: 'secondary' | 'guarantor';
  number: number;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  relation: string | null;
  status: PartyStatus;
  linkSentAt: string | null;
  signedAt: string | null;
}

/** Who a party is to the primary applicant: the server's list (RELATIONS), labels in the language files. */
export const RELATIONS = ['spouse', 'parent', 'child', 'sibling', 'business_partner', 'other'] as const;

export const PARTIES_API = { list: '/v3/portal/applicants/parties' } as const;

export async function loadParties(applicationId: string): Promise<Party[]> {
  applyAppRef(applicationId);
  return (await api.get<{ data: { parties: Party[] } }>(`${PARTIES_API.list}?application_id=${encodeURIComponent(applicationId)}`)).data.parties;
}

export interface Invitation {
  email?: string;
  firstName?: string;
  lastName?: string;
  mobile?: string;
  relation?: string;
}

/**
 * Sends (or, without an e-mail, resends to the recorded address) a party their own link; what the primary says about
 * them prefills their flow. Empty answers are left out, so the server keeps what it has.
 */
export async function invite(applicationId: string, applicantId: string, details: Invitation): Promise<PortalApplicant> {
  applyAppRef(applicationId);
  const body = Object.fromEntries(Object.entries(details).filter(([, v]) => typeof v === 'string' && v.trim() !== '').map(([k, v]) => [k, (v as string).trim()]));
  return (await api.post<{ data: { applicant: PortalApplicant } }>(PORTAL.sendLink, { application_id: applicationId, applicantId, ...body })).data.applicant;
}
