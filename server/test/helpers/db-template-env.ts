/** Where this jest run's database template is (db-template.ts): shared by global-setup.ts and global-teardown.ts, which import nothing of the app. */
export const TEMPLATE_DIR_ENV = 'LENDLINE_TEST_TEMPLATE_DIR';
/** In that folder: the PGlite template's data directory as a tarball. */
export const PGLITE_FILE = 'pglite.tar';
/** In that folder: the PostgreSQL template database's name. */
export const POSTGRES_FILE = 'postgres-template';
