import { createPersistedStore } from '../../../lib/persisted-store';
import { DEFAULT_PAGE_SIZE, GRID_PAGE_SIZES, PAGE_SIZES, type ListType } from '@lendline/shared';
import type { SortSpec } from '../../../api/applications-query';
import { MAX_WIDTH, MIN_WIDTH, type Widths } from '../../../lib/column-widths';

export type ListView = 'table' | 'grid';

/** How one user looks at one list: remembered across visits (§9 page sizes, grid sizes). */
export interface ListViewPrefs {
  view: ListView;
  pageSize: number;
  gridPageSize: number;
  sort: SortSpec | null;
  /** Column widths the user set by hand (by column key); the others are sized to their content. */
  widths?: Widths;
}

export const DEFAULT_VIEW_PREFS: ListViewPrefs = { view: 'table', pageSize: DEFAULT_PAGE_SIZE, gridPageSize: GRID_PAGE_SIZES[0], sort: null };

interface ListViewState {
  /** Keyed by `${userName}:${listType}` so two users of one browser keep their own choices. */
  byList: Record<string, ListViewPrefs>;
  /** The list /backstage lands on, per user. */
  defaultList: Record<string, ListType>;
  setPrefs(key: string, patch: Partial<ListViewPrefs>): void;
  setDefaultList(userName: string, type: ListType): void;
  reset(): void;
}

const valid = (p: ListViewPrefs): ListViewPrefs => ({
  view: p.view === 'grid' ? 'grid' : 'table',
  pageSize: (PAGE_SIZES as readonly number[]).includes(p.pageSize) ? p.pageSize : DEFAULT_PAGE_SIZE,
  gridPageSize: (GRID_PAGE_SIZES as readonly number[]).includes(p.gridPageSize) ? p.gridPageSize : GRID_PAGE_SIZES[0],
  sort: p.sort ?? null,
  widths: saneWidths(p.widths),
});

/** A stored layout is read back only as far as it is sane: finite widths within the bounds. */
export function saneWidths(widths: unknown): Widths {
  const out: Widths = {};
  if (widths && typeof widths === 'object') for (const [k, v] of Object.entries(widths)) if (typeof v === 'number' && v >= MIN_WIDTH && v <= MAX_WIDTH) out[k] = Math.round(v);
  return out;
}

export const useListViewStore = createPersistedStore<ListViewState>(
  'lendline.applications.listView',
  (set) => ({
      byList: {},
      defaultList: {},
      setPrefs: (key, patch) => set((s) => ({ byList: { ...s.byList, [key]: valid({ ...DEFAULT_VIEW_PREFS, ...s.byList[key], ...patch }) } })),
      setDefaultList: (userName, type) => set((s) => ({ defaultList: { ...s.defaultList, [userName]: type } })),
      reset: () => set({ byList: {}, defaultList: {} }),
  }),
  (s) => ({ byList: s.byList, defaultList: s.defaultList }),
);

export function useListViewPrefs(key: string): ListViewPrefs {
  const prefs = useListViewStore((s) => s.byList[key]);
  return prefs ?? DEFAULT_VIEW_PREFS;
}

/** The page size in force for the current view (table and grid have their own option lists). */
export const effectivePageSize = (p: ListViewPrefs) => (p.view === 'grid' ? p.gridPageSize : p.pageSize);
