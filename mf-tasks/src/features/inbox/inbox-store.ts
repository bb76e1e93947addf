import { createStore } from 'zustand/vanilla';
import type { InboxBucket, InboxKind, InboxScope } from '../../api/tasks-api';

/** §9 page sizes. */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;

export interface InboxFilters {
  bucket: InboxBucket;
  kind: InboxKind | 'ALL';
  scope: InboxScope;
  limit: number;
}
interface InboxState extends InboxFilters {
  set(patch: Partial<InboxFilters>): void;
}

/** The inbox's filters (one store for the concern; kept while the user moves between pages of the backstage). */
export const inboxStore = createStore<InboxState>((set) => ({
  bucket: 'Today',
  kind: 'ALL',
  scope: 'mine',
  limit: 10,
  set: (patch) => set(patch),
}));
