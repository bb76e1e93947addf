import { createPersistedStore } from '../../../lib/persisted-store';
import { MAX_WIDTH, MIN_WIDTH, type Widths } from '../../../lib/column-widths';

interface ColumnLayoutState {
  /** Column widths a user set by hand, keyed like the view prefs (`${userName}:${listType}`), then by column key. */
  byList: Record<string, Widths>;
  setWidth(list: string, column: string, width: number | null): void;
  reset(list?: string): void;
}

/** A stored layout is read back only as far as it is sane: finite widths within the bounds. */
function sane(widths: unknown): Widths {
  const out: Widths = {};
  if (!widths || typeof widths !== 'object') return out;
  for (const [k, v] of Object.entries(widths as Record<string, unknown>)) if (typeof v === 'number' && v >= MIN_WIDTH && v <= MAX_WIDTH) out[k] = Math.round(v);
  return out;
}

/** Remembered column widths per user and list (localStorage, like the other list choices). */
export const useColumnLayoutStore = createPersistedStore<ColumnLayoutState>(
  'lendline.applications.columnLayout',
  (set) => ({
    byList: {},
    setWidth: (list, column, width) =>
      set((s) => {
        const mine = { ...sane(s.byList[list]) };
        if (width === null) delete mine[column];
        else mine[column] = width;
        return { byList: { ...s.byList, [list]: mine } };
      }),
    reset: (list) => set((s) => (list ? { byList: { ...s.byList, [list]: {} } } : { byList: {} })),
  }),
  (s) => ({ byList: s.byList }),
);

const NONE: Widths = {};

export function useColumnLayout(list: string): Widths {
  return useColumnLayoutStore((s) => s.byList[list]) ?? NONE;
}

export { sane as saneWidths };
