import type { Db } from '../../src/db/db';

/**
 * The same database under another object, whose close() leaves it open: a second app on it is another server on one
 * database (the in-process notification and session buses are keyed by the Db object, so the second app hears the
 * first only as a separate process would), and closing either app does not close the other's database.
 */
export const sameDatabase = (db: Db): Db => ({
  kind: db.kind,
  query: (sql, params) => db.query(sql, params),
  exec: (sql) => db.exec(sql),
  transaction: (fn) => db.transaction(fn),
  close: async () => undefined,
});
