import { createStore } from 'zustand/vanilla';
import { fetchApprovals, postApprovalAction, type ActionInput, type ApprovalAction, type Approvals } from './api';

/** The approvals tab's state: the chain of the application on screen, and whether an action is running. */
export interface ApprovalsState {
  applicationId: string | null;
  data: Approvals | null;
  loading: boolean;
  failed: boolean;
  busy: boolean;
  load(applicationId: string): Promise<void>;
  /** Runs an action with the chain's verNum; true when it went through (the chain is then reloaded). */
  act(action: ApprovalAction, input: Omit<ActionInput, 'application_id' | 'verNum'>): Promise<boolean>;
}

export const approvalsStore = createStore<ApprovalsState>((set, get) => ({
  applicationId: null,
  data: null,
  loading: false,
  failed: false,
  busy: false,
  async load(applicationId) {
    const same = get().applicationId === applicationId;
    set({ applicationId, loading: true, failed: false, data: same ? get().data : null });
    try {
      const data = await fetchApprovals(applicationId);
      if (get().applicationId === applicationId) set({ data, loading: false });
    } catch {
      if (get().applicationId === applicationId) set({ loading: false, failed: true });
    }
  },
  async act(action, input) {
    const { data, applicationId } = get();
    if (!data || !applicationId) return false;
    set({ busy: true });
    try {
      await postApprovalAction(action, { application_id: applicationId, verNum: data.verNum, ...input });
      return true;
    } catch {
      // The §8 refusal is in the shell's error modal; the form stays open so the user can change it or cancel.
      return false;
    } finally {
      set({ busy: false });
      await get().load(applicationId);
    }
  },
}));
