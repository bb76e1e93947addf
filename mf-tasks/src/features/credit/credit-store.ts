import { create } from 'zustand';
import { CREDIT, fetchReview, post, type CreditReview } from './credit-api';

/** What can be running in the tab: one at a time, so a double click sends one request. */
export type Busy = 'load' | 'bureau' | 'bank' | 'decision' | 'loan' | 'tranche' | 'mandate' | 'verify' | `retry:${string}` | `release:${string}` | `return:${string}` | null;

interface CreditState {
  applicationId: string | null;
  review: CreditReview | null;
  busy: Busy;
  failed: boolean;
  load(applicationId: string): Promise<void>;
  /** Runs one write with the current verNum and reloads the review (errors are shown by the shell's §8 modal). */
  run(busy: Exclude<Busy, null | 'load'>, path: string, body?: Record<string, unknown>): Promise<boolean>;
  /** Verify account: asks the bank who holds it (no verNum: a verification changes no field of the application). */
  verifyAccount(account: { accountNumber: string; ifsc: string }): Promise<void>;
}

/** The credit tab's state for the application on screen. */
export const useCreditStore = create<CreditState>((set, get) => ({
  applicationId: null,
  review: null,
  busy: null,
  failed: false,
  async load(applicationId) {
    if (get().applicationId !== applicationId) set({ applicationId, review: null });
    try {
      const review = await fetchReview(applicationId);
      if (get().applicationId === applicationId) set({ review, failed: false });
    } catch {
      if (get().applicationId === applicationId) set({ failed: true });
    }
  },
  async run(busy, path, body = {}) {
    const { applicationId, review } = get();
    if (!applicationId || !review || get().busy) return false;
    set({ busy });
    try {
      await post(path, { application_id: applicationId, verNum: review.verNum, ...body });
      return true;
    } catch {
      return false;
    } finally {
      await get().load(applicationId);
      set({ busy: null });
    }
  },
  async verifyAccount(account) {
    const { applicationId } = get();
    if (!applicationId || get().busy) return;
    set({ busy: 'verify' });
    try {
      await post(CREDIT.verifyAccount, { application_id: applicationId, ...account });
    } catch {
      // shown by the shell's §8 modal
    } finally {
      await get().load(applicationId);
      set({ busy: null });
    }
  },
}));

/** The decision engine's rule set is the product; the policy is the lender's credit policy. */
export const decisionPath = (productCode: string) => CREDIT.decision(productCode || 'PL', 'CREDIT_POLICY');

/** Money calls still moving (or waiting for a releaser elsewhere): the tab polls while there is one. */
export const pending = (r: CreditReview | null) => !!r?.calls.some((c) => c.state === 'TO_RELEASE' || c.state === 'QUEUED' || c.state === 'SENT');
