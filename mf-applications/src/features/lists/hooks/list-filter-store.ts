import { createPersistedStore } from '../../../lib/persisted-store';
import type { ListFilter } from '@lendline/shared';

/** What narrows one list: §5 filters, the clicked count (stage, task, version) and local search. */
export interface ListNarrowing {
  filters: ListFilter[];
  stepName?: string;
  taskName?: string;
  verNum?: number;
  searchText?: string;
  /** Show the Drafts (All applications) instead of the work. */
  drafts?: boolean;
}

export const EMPTY_NARROWING: ListNarrowing = { filters: [] };

interface ListFilterState {
  /** Keyed by `${userName}:${listType}`. */
  byList: Record<string, ListNarrowing>;
  setNarrowing(key: string, patch: Partial<ListNarrowing>): void;
  clear(key: string): void;
  reset(): void;
}

export const useListFilterStore = createPersistedStore<ListFilterState>(
  'lendline.applications.listFilters',
  (set) => ({
      byList: {},
      setNarrowing: (key, patch) => set((s) => ({ byList: { ...s.byList, [key]: { ...EMPTY_NARROWING, ...s.byList[key], ...patch } } })),
      clear: (key) => set((s) => ({ byList: { ...s.byList, [key]: EMPTY_NARROWING } })),
      reset: () => set({ byList: {} }),
  }),
  (s) => ({ byList: s.byList }),
);

export function useListNarrowing(key: string): ListNarrowing {
  return useListFilterStore((s) => s.byList[key]) ?? EMPTY_NARROWING;
}
