import { api } from '@lendline/shared';

/** One match as GET /v3/application/dedupe/{id} sends it (server: domain/applications/dedupe.ts). */
export interface DedupeMatch {
  applicantId: string;
  applicantType: 'primary' | 'secondary' | 'guarantor';
  matchedOn: ('PAN' | 'MOBILE' | 'EMAIL')[];
  kind: 'CUSTOMER' | 'APPLICATION';
  matchedApplicantType: 'primary' | 'secondary' | 'guarantor';
  /** Null when the viewer may not open the matched record: it is then described without its data. */
  applicationId: string | null;
  applicantName: string | null;
  status: string | null;
  description: string;
}

export async function fetchDedupeMatches(id: string, signal?: AbortSignal): Promise<DedupeMatch[]> {
  const r = await api.get<{ data?: { matches?: DedupeMatch[] }; matches?: DedupeMatch[] }>(`/v3/application/dedupe/${encodeURIComponent(id)}`, { signal });
  return r.data?.matches ?? r.matches ?? [];
}
