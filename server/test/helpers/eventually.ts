/**
 * How long a test waits for work the server does after its reply (the money-call runner, the e-mails after a
 * confirmation), in the same process as the test. Bounded by time, not by a count of polls: under the full run's load
 * (two lanes and three journey shards on two cores) a retried money call took over 40 s where it takes 3 s alone.
 * A wait that succeeds returns at once; the bound only decides when a real hang is reported.
 */
export const AFTER_REPLY_WAIT_MS = 120_000;

/** Reads until `done` holds, every 100 ms, within `ms`; otherwise fails saying `what`. */
export async function eventually<T, S extends T>(read: () => Promise<T> | T, done: (v: T) => v is S, what: string, ms?: number): Promise<S>;
export async function eventually<T>(read: () => Promise<T> | T, done: (v: T) => boolean, what: string, ms?: number): Promise<T>;
export async function eventually<T>(read: () => Promise<T> | T, done: (v: T) => boolean, what: string, ms = AFTER_REPLY_WAIT_MS): Promise<T> {
  for (const until = Date.now() + ms; Date.now() < until; ) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} (waited ${ms / 1000} s)`);
}
