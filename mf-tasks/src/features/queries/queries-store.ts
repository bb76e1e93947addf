import { create } from 'zustand';
import { fetchQueries, type AppState, type Query } from './api';

/**
 * The queries of the application on screen, and the version to send with the next write. verNum comes from the
 * application the detail page passed in, then from every change's answer, so two changes in a row never send a
 * stale one; a 409 (someone else changed it) is shown by the shell's error modal and the list is re-read.
 */
interface QueriesState {
  applicationId: string | null;
  queries: Query[];
  open: number;
  closed: number;
  verNum: number;
  loading: boolean;
  failed: boolean;
  /** The demo's copy of the last link sent to the applicant (sandbox notifier only). */
  sandboxLink: string | null;
  load(applicationId: string, verNum: number): Promise<void>;
  applied(state: AppState, sandboxLink?: string): Promise<void>;
}

export const useQueriesStore = create<QueriesState>((set, get) => ({
  applicationId: null,
  queries: [],
  open: 0,
  closed: 0,
  verNum: 0,
  loading: false,
  failed: false,
  sandboxLink: null,
  async load(applicationId, verNum) {
    const fresh = get().applicationId !== applicationId;
    set({ applicationId, verNum: fresh ? verNum : Math.max(verNum, get().verNum), loading: true, failed: false, ...(fresh ? { queries: [], sandboxLink: null } : {}) });
    try {
      const list = await fetchQueries(applicationId);
      if (get().applicationId === applicationId) set({ queries: list.data, open: list.open, closed: list.closed, loading: false });
    } catch {
      set({ loading: false, failed: true });
    }
  },
  async applied(state, sandboxLink) {
    set({ verNum: state.verNum, ...(sandboxLink ? { sandboxLink } : {}) });
    await get().load(state.application_id, state.verNum);
  },
}));
