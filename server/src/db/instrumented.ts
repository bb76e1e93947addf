import type { Db, Queryable } from './db';

/** What a query costs, told to whoever watches (the metrics plugin). `ok` false: the query threw. */
export type QueryObserver = (seconds: number, ok: boolean) => void;

const OBSERVER = Symbol('queryObserver');
type Observed = Db & { [OBSERVER]?: QueryObserver };

/** Times one query or exec, reporting to the db's current observer (if any) whether it succeeds or throws. */
function timed<A extends unknown[], R>(db: Observed, fn: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    const observe = db[OBSERVER];
    if (!observe) return fn(...args);
    const start = process.hrtime.bigint();
    let ok = false;
    try {
      const r = await fn(...args);
      ok = true;
      return r;
    } finally {
      observe(Number(process.hrtime.bigint() - start) / 1e9, ok);
    }
  };
}

const wrapQueryable = (db: Observed, q: Queryable): Queryable => ({ query: timed(db, q.query.bind(q)) as Queryable['query'], exec: timed(db, q.exec.bind(q)) });

/**
 * Times every query the server makes on `db` (inside transactions too) for /metrics. The object is patched in place,
 * not wrapped: code keys things by the db object (the notification bus, list cursor keys), and tests share one db
 * between several apps, so it is patched once and each new app only replaces the observer.
 */
export function observeQueries(db: Db, observer: QueryObserver): void {
  const o = db as Observed;
  if (!(OBSERVER in o)) {
    const { query, exec, transaction } = { query: o.query.bind(o), exec: o.exec.bind(o), transaction: o.transaction.bind(o) };
    o.query = timed(o, query) as Db['query'];
    o.exec = timed(o, exec);
    o.transaction = (fn) => transaction((tx) => fn(wrapQueryable(o, tx)));
  }
  o[OBSERVER] = observer;
}
