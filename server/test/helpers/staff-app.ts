import type { FastifyInstance } from 'fastify';
import { testAppWith } from './test-app';
import { loginAs, type LoggedIn } from './login';
import type { Json } from './json';

export interface StaffApp {
  /** The file's app (from its beforeAll on). */
  readonly app: FastifyInstance;
  /** Each named user's request headers (bearer token and session), by user name. */
  readonly headers: Record<string, Record<string, string>>;
  /** Each named user's whole login (headers and the session reply), by user name. */
  readonly logins: Record<string, LoggedIn>;
  /** A request as that user: its status and JSON body. */
  call(user: string, method: 'GET' | 'POST', url: string, payload?: Json): Promise<{ status: number; body: Json }>;
  /** The rows of a query on the file's database. */
  rows(sql: string, params?: unknown[]): Promise<Json[]>;
  /** An application's current verNum (what every write sends). */
  verNumOf(applicationId: string): Promise<number>;
  /** `{ application_id, verNum }`: the target of an application action. */
  target(applicationId: string): Promise<{ application_id: string; verNum: number }>;
}

/**
 * The set-up most server test files share: one app for the whole file (createTestApp with `env`), `prepare` run on it,
 * then the named staff users logged in; closed after the file. Registers its own beforeAll and afterAll, so a file's
 * own hooks registered after this call run after it. The helpers close over the app, so they may be destructured at
 * the top of the file.
 */
export function staffApp(users: string[], opts: { env?: Record<string, string>; prepare?: (app: FastifyInstance) => Promise<void> } = {}): StaffApp {
  const t = testAppWith(opts.env);
  const headers: Record<string, Record<string, string>> = {};
  const logins: Record<string, LoggedIn> = {};
  const appOf = () => t.app;
  beforeAll(async () => {
    await opts.prepare?.(t.app);
    for (const u of users) {
      logins[u] = await loginAs(t.app, u);
      headers[u] = logins[u].headers;
    }
  }, 180_000); // a few scrypt logins: slow on a shared machine

  const rows = async (sql: string, params: unknown[] = []) => (await appOf().db.query<Json>(sql, params)).rows;
  const verNumOf = async (id: string) => (await rows(`SELECT ver_num FROM applications WHERE application_id = $1`, [id]))[0].ver_num as number;
  return {
    get app() {
      return appOf();
    },
    headers,
    logins,
    async call(user, method, url, payload) {
      const res = await appOf().inject({ method, url, headers: headers[user], payload });
      return { status: res.statusCode, body: res.json() as Json };
    },
    rows,
    verNumOf,
    target: async (id) => ({ application_id: id, verNum: await verNumOf(id) }),
  };
}
