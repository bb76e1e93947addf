import type { TableColumn } from '@lendline/shared';

// These live in the remote, not in @lendline/shared: at run time a remote gets the shell's copy of
// the shared package (a loaded-first singleton), so it may not call functions newer than the shell.

/** The name a column sorts by on the server (its row key unless the table config names another). */
export const sortFieldOf = (c: Pick<TableColumn, 'key' | 'sortKey'>): string => c.sortKey ?? c.key;

/** The name a column filters by on the server (its row key unless the table config names another). */
export const filterFieldOf = (c: Pick<TableColumn, 'key' | 'filterKey'>): string => c.filterKey ?? c.key;
