import { create } from 'zustand';

/** Rows ticked for a bulk action. Not persisted: a selection belongs to what is on screen now. */
interface SelectionState {
  selected: Record<string, true>;
  toggle(id: string): void;
  setMany(ids: string[], on: boolean): void;
  clear(): void;
}

export const useSelectionStore = create<SelectionState>()((set) => ({
  selected: {},
  toggle: (id) =>
    set((s) => {
      const next = { ...s.selected };
      if (next[id]) delete next[id];
      else next[id] = true;
      return { selected: next };
    }),
  setMany: (ids, on) =>
    set((s) => {
      const next = { ...s.selected };
      for (const id of ids) {
        if (on) next[id] = true;
        else delete next[id];
      }
      return { selected: next };
    }),
  clear: () => set({ selected: {} }),
}));
