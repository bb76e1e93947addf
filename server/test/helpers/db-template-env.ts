/** Where this jest run's database template is (db-template.ts): shared by global-setup.ts and global-teardown.ts, which import nothing of the app. */
export const TEMPLATE_DIR_ENV = 'LENDLINE_TEST_TEMPLATE_DIR';
/** In that folder: the PGlite template's data directory as a tarball. */
export const PGLITE_FILE = 'pglite.tar';
/** In that folder: the PostgreSQL template database's name. */
export const POSTGRES_FILE = 'postgres-template';
/**
 * Set by scripts/test-all.mjs, which runs the PGlite suite as several jest runs (batches two lanes take from one queue):
 * a folder every run of the batch shares, so the template is built by the first run and reused by the others instead
 * of being built once per run. PGlite only; kept by the runs' teardown, removed by test-all.mjs.
 */
export const SHARED_TEMPLATE_DIR_ENV = 'LENDLINE_TEST_SHARED_TEMPLATE_DIR';
