/** The one database interface the server uses: PostgreSQL dialect on PGlite or on a real server. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs several statements at once (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool right now (/metrics); the embedded database has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}
