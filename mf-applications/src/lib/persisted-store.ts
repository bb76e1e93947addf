import { create, type StateCreator, type StoreApi, type UseBoundStore } from 'zustand';

/**
 * A zustand store whose data (not its functions) is kept in localStorage under `key`. A few lines
 * instead of zustand/middleware's persist: that module is not a shared singleton and would cost
 * the list page's first load more than this whole file.
 */
export function createPersistedStore<T extends object>(key: string, init: StateCreator<T>, pick: (s: T) => Partial<T>): UseBoundStore<StoreApi<T>> {
  const store = create<T>()(init);
  try {
    const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(key) : null;
    if (saved) store.setState(JSON.parse(saved) as Partial<T>);
  } catch {
    // Unreadable or blocked storage: start from the defaults.
  }
  store.subscribe((s) => {
    try {
      localStorage.setItem(key, JSON.stringify(pick(s)));
    } catch {
      // Full or blocked storage: choices last for this page only.
    }
  });
  return store;
}
