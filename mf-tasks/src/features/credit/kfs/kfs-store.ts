import { create } from 'zustand';
import { api } from '@lendline/shared';
import type { Quote } from '@lendline/shared/pricing';

/** The application's Key Fact Statement as GET /v3/kfs answers it (server routes/pricing/kfs.ts). */
export interface StaffKfs {
  proposalNo: string;
  version: number;
  lang: 'en' | 'hi';
  state: 'ISSUED' | 'ACCEPTED' | 'EXPIRED' | 'TERMS_CHANGED' | 'SUPERSEDED';
  issuedAt: string;
  issuedBy: string;
  validUntil: string;
  fileId: string | null;
  terms: Omit<Quote, 'disbursementDate'> & { pricingVersion: number };
  acceptance: { by: string; at: string; channel: string; sentTo: string } | null;
}

interface KfsState {
  applicationId: string | null;
  kfs: StaffKfs | null;
  loaded: boolean;
  failed: boolean;
  busy: boolean;
  load(applicationId: string): Promise<void>;
  issue(lang: 'en' | 'hi'): Promise<boolean>;
}

/** One store for the Credit tab's KFS block: what was issued and its state; issuing a new one. */
export const useKfsStore = create<KfsState>((set, get) => ({
  applicationId: null,
  kfs: null,
  loaded: false,
  failed: false,
  busy: false,
  async load(applicationId) {
    if (get().applicationId !== applicationId) set({ applicationId, kfs: null, loaded: false });
    try {
      const r = await api.get<{ data: StaffKfs | null }>(`/v3/kfs?application_id=${encodeURIComponent(applicationId)}`);
      if (get().applicationId === applicationId) set({ kfs: r.data, loaded: true, failed: false });
    } catch {
      if (get().applicationId === applicationId) set({ failed: true, loaded: true });
    }
  },
  async issue(lang) {
    const { applicationId, busy } = get();
    if (!applicationId || busy) return false;
    set({ busy: true });
    try {
      await api.post('/v3/kfs/issue', { application_id: applicationId, lang });
      return true;
    } catch {
      return false; // the shared client shows the §8 error (no priced terms, not ACTIVE…)
    } finally {
      await get().load(applicationId);
      set({ busy: false });
    }
  },
}));
