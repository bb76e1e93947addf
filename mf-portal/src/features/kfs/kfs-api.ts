import { api, buildHeaders, sessionStore } from '@lendline/shared';
import type { Quote } from '@lendline/shared/pricing';
import { PORTAL } from '../../api/portal-api';
import { applyAppRef } from '../../lib/app-ref-store';

/** The application's Key Fact Statement as GET /v3/kfs answers it (routes/pricing/kfs.ts). */
export interface Kfs {
  proposalNo: string;
  version: number;
  lang: 'en' | 'hi';
  state: 'ISSUED' | 'ACCEPTED' | 'EXPIRED' | 'TERMS_CHANGED' | 'SUPERSEDED';
  issuedAt: string;
  validUntil: string;
  terms: Omit<Quote, 'disbursementDate'> & { pricingVersion: number };
  acceptance: { by: string; at: string; channel: string; sentTo: string } | null;
}

export const kfsPath = (applicationId: string) => `${PORTAL.kfs}?application_id=${encodeURIComponent(applicationId)}`;

export async function sendKfsCode(applicationId: string, proposalNo: string) {
  applyAppRef(applicationId);
  return (await api.post<{ data: { sentTo: string } }>(PORTAL.kfsSendCode, { application_id: applicationId, proposalNo })).data;
}

export async function acceptKfs(applicationId: string, proposalNo: string, code: string) {
  applyAppRef(applicationId);
  return (await api.post<{ data: { accepted: boolean; reason?: string; attemptsLeft?: number; kfs: Kfs | null } }>(PORTAL.kfsAccept, { application_id: applicationId, proposalNo, code })).data;
}

/** The statement's PDF, with the §7 headers (a plain link would carry none), saved under its name. */
export async function downloadKfs(applicationId: string, proposalNo: string): Promise<void> {
  applyAppRef(applicationId);
  const path = `${PORTAL.kfsFile}?application_id=${encodeURIComponent(applicationId)}&proposalNo=${encodeURIComponent(proposalNo)}`;
  const res = await fetch(path, { headers: buildHeaders({ method: 'GET', path, session: sessionStore.getState().session }) });
  if (!res.ok) throw new Error(`The statement could not be downloaded (${res.status})`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `kfs-${proposalNo}.pdf`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
