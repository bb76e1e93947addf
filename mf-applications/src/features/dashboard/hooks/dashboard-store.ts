import { create } from 'zustand';
import { defaultPeriod, fetchDashboard, type DashboardData, type DashboardFilter } from '../api/dashboard-api';

/** The dashboard page's filter and the figures of the last applied filter (one store for the page). */
interface DashboardState {
  filter: DashboardFilter;
  data: DashboardData | null;
  loading: boolean;
  error: string | null;
  setFilter(patch: Partial<DashboardFilter>): void;
  load(): Promise<void>;
}

let seq = 0;

export const useDashboardStore = create<DashboardState>((set, get) => ({
  filter: { ...defaultPeriod(), branch: [], product_code: [] },
  data: null,
  loading: false,
  error: null,
  setFilter: (patch) => set((s) => ({ filter: { ...s.filter, ...patch } })),
  async load() {
    const mine = ++seq;
    set({ loading: true, error: null });
    try {
      const data = await fetchDashboard(get().filter);
      // A slower earlier answer never overwrites a newer one.
      if (mine === seq) set({ data, loading: false });
    } catch (e) {
      if (mine === seq) set({ loading: false, error: e instanceof Error ? e.message : String(e) });
    }
  },
}));
