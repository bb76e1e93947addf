import pg from 'pg';
import type { Db, Queryable } from './db';
import { pgPoolMax } from '../config/call-time';

/** A real PostgreSQL server through a connection pool (DATABASE_URL). */
export async function openPostgres(url: string): Promise<Db> {
  const max = pgPoolMax();
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client whose connection the server ends (restart, failover, DROP DATABASE … FORCE)
  // makes the pool emit 'error'; unhandled, that would crash the process. The pool replaces it.
  pool.on('error', (e) => console.warn(`[db] idle PostgreSQL connection lost: ${e.message}`));
  // Fail at start-up, with the server's own message, rather than on the first request.
  const client = await pool.connect();
  client.release();
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await q.query(sql, params)).rows as T[] }),
    exec: async (sql: string) => {
      await q.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const result = await fn(wrap(c));
        await c.query('COMMIT');
        return result;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        c.release();
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}
