import type { Queryable, Db } from '../../db/db';
import { hasRole, teamIds, type CurrentUser } from '../current-user';
import { ERROR_MESSAGES } from '@lendline/shared/contract';
import { forbidden, HttpError, notFound } from '../errors';
import { levelOf, reachOf } from './reach';
import { reporteesIn } from './hierarchy';

/**
 * Targets (issue 18): an amount and a count per user or team, per product ('*' = every product) and calendar month.
 * Achieved figures come from the book, never from what someone typed: the applications a user initiated that were
 * COMPLETED (sanctioned) within the month, their count and the sum of their loan amounts, read from application_daily
 * (062, kept by triggers) by the (initiated_by, kind, day) index. A team's achievement is the sum of its members'.
 *
 * Who sets a target: the §6 assignment permissions already say who distributes work, and a target is the goal of that
 * work, so no new code is invented: ADMIN and ALL_APPLICATIONS_ASSIGN holders set any target; a manager (NSM, RM,
 * AM, BH) sets those of their reportees and of the branch teams under them; a TEAM_APPLICATIONS_ASSIGN holder sets
 * those of the teams they lead and of those teams' members. Reading follows the same reach, plus one's own.
 */
export type Scope = 'USER' | 'TEAM';

export interface Achieved {
  count: number;
  amount: number;
}

export interface TargetItem {
  id: string;
  scope: Scope;
  subject: string;
  product_code: string;
  period: string;
  target: Achieved;
  achieved: Achieved;
  verNum: number;
  setBy: string;
  updatedAt: string;
}

/** The first and last day (UTC) of a YYYY-MM month. */
export function monthDays(period: string): [string, string] {
  const [y, m] = period.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${period}-01`, `${period}-${String(last).padStart(2, '0')}`];
}

export const currentPeriod = (now = new Date()) => now.toISOString().slice(0, 7);

/** Members of a team (for a team's achievement). */
async function membersOf(q: Queryable, team: string): Promise<string[]> {
  const { rows } = await q.query<{ user_id: string }>(`SELECT user_id FROM team_members WHERE team_id = $1 ORDER BY user_id`, [team]);
  return rows.map((r) => r.user_id);
}

/** Achieved per initiator and product within [from, to]: COMPLETED applications closed in those days. */
export async function achievedBy(q: Queryable, users: string[], from: string, to: string, product = '*'): Promise<Map<string, Achieved>> {
  const out = new Map<string, Achieved>(users.map((u) => [u, { count: 0, amount: 0 }]));
  if (!users.length) return out;
  const { rows } = await q.query<{ initiated_by: string; n: string | number; amount: string | number }>(
    `SELECT initiated_by, sum(n) AS n, sum(amount) AS amount FROM application_daily
      WHERE initiated_by = ANY($1::text[]) AND kind = 'CLOSED' AND status = 'COMPLETED' AND day BETWEEN $2::date AND $3::date
        AND ($4::text = '*' OR product_code = $4)
      GROUP BY initiated_by`,
    [users, from, to, product],
  );
  for (const r of rows) out.set(r.initiated_by, { count: Number(r.n), amount: Number(r.amount) });
  return out;
}

const sum = (xs: Achieved[]): Achieved => ({ count: xs.reduce((s, x) => s + x.count, 0), amount: xs.reduce((s, x) => s + x.amount, 0) });

/** The subjects a caller may read and set: null means every subject. */
export interface TargetRights {
  all: boolean;
  users: Set<string>;
  teams: Set<string>;
}

export async function targetRights(q: Queryable, user: CurrentUser): Promise<TargetRights> {
  if (levelOf(user) === 'ALL') return { all: true, users: new Set(), teams: new Set() };
  const users = new Set<string>();
  const teams = new Set<string>();
  if (levelOf(user) !== 'OWN') {
    const reach = await reachOf(q, user);
    for (const r of await reporteesIn(q, user, reach.branches)) users.add(r.userId);
    for (const b of reach.branches) teams.add(b.team_id);
  }
  if (hasRole(user, 'TEAM_APPLICATIONS_ASSIGN')) {
    const { rows } = await q.query<{ team_id: string; user_id: string }>(
      `SELECT m.team_id, m.user_id FROM team_members lead JOIN team_members m ON m.team_id = lead.team_id
        WHERE lead.user_id = $1 AND lead.is_lead`,
      [user.userName],
    );
    for (const r of rows) {
      teams.add(r.team_id);
      if (r.user_id !== user.userName) users.add(r.user_id);
    }
  }
  return { all: false, users, teams };
}

/** Someone changed the target since it was read: 409 with the §8 body, nothing written. */
const staleTarget = (sent: number, current: number) =>
  new HttpError(409, { code: 1101, message: ERROR_MESSAGES[1101], data: [{ label: 'verNum', reason: `The target was changed by someone else: you sent verNum ${sent}, the current verNum is ${current}. Reload it and try again.` }] });

const maySet = (rights: TargetRights, scope: Scope, subject: string) => rights.all || (scope === 'USER' ? rights.users : rights.teams).has(subject);
/** Reading: what one may set, plus one's own targets and those of one's teams. */
const mayRead = (rights: TargetRights, user: CurrentUser, scope: Scope, subject: string) =>
  maySet(rights, scope, subject) || (scope === 'USER' ? subject === user.userName : teamIds(user).includes(subject));

export function assertMayRead(rights: TargetRights, user: CurrentUser, scope: Scope, subject: string): void {
  // The same answer for a subject that does not exist: nothing about other people's figures leaks.
  if (!mayRead(rights, user, scope, subject)) throw notFound('userId', `No ${scope === 'USER' ? 'user' : 'team'} ${subject} among those whose figures you may see`);
}

interface TargetRow {
  id: string | number;
  scope: Scope;
  subject: string;
  product_code: string;
  period: string;
  amount: string | number;
  count: number;
  ver_num: number;
  set_by: string;
  updated_at: Date | string;
}

async function withAchieved(q: Queryable, rows: TargetRow[]): Promise<TargetItem[]> {
  const out: TargetItem[] = [];
  for (const r of rows) {
    const [from, to] = monthDays(r.period);
    const users = r.scope === 'USER' ? [r.subject] : await membersOf(q, r.subject);
    const achieved = sum([...(await achievedBy(q, users, from, to, r.product_code)).values()]);
    out.push({
      id: String(r.id), scope: r.scope, subject: r.subject, product_code: r.product_code, period: r.period,
      target: { count: r.count, amount: Number(r.amount) }, achieved, verNum: r.ver_num, setBy: r.set_by, updatedAt: new Date(r.updated_at).toISOString(),
    });
  }
  return out;
}

const TARGET_COLS = 'id, scope, subject, product_code, period, amount, count, ver_num, set_by, updated_at';

/** The targets of a month the caller may read (optionally one scope/subject/product), each with its achievement. */
export async function listTargets(q: Queryable, user: CurrentUser, f: { period?: string; scope?: Scope; subject?: string; product_code?: string }): Promise<TargetItem[]> {
  const rights = await targetRights(q, user);
  if (f.scope && f.subject) assertMayRead(rights, user, f.scope, f.subject);
  const { rows } = await q.query<TargetRow>(
    `SELECT ${TARGET_COLS} FROM targets
      WHERE period = $1 AND ($2::text IS NULL OR scope = $2) AND ($3::text IS NULL OR subject = $3) AND ($4::text IS NULL OR product_code = $4)
      ORDER BY scope DESC, subject, product_code`,
    [f.period ?? currentPeriod(), f.scope ?? null, f.subject ?? null, f.product_code ?? null],
  );
  return withAchieved(q, rows.filter((r) => mayRead(rights, user, r.scope, r.subject)));
}

/** The caller's overall target: the sum of the USER targets they may read this month, and what those users achieved. */
export async function overallTarget(q: Queryable, user: CurrentUser, period = currentPeriod()) {
  const items = (await listTargets(q, user, { period, scope: undefined })).filter((t) => t.scope === 'USER');
  const target = sum(items.map((t) => t.target));
  const achieved = sum(items.map((t) => t.achieved));
  return { period, users: new Set(items.map((t) => t.subject)).size, target, achieved, percent: target.amount > 0 ? Math.round((achieved.amount / target.amount) * 1000) / 10 : null };
}

export interface SetTarget {
  scope: Scope;
  subject: string;
  product_code?: string;
  period: string;
  amount: number;
  count: number;
  /** The version read, when changing an existing target (stale → 409). */
  verNum?: number;
}

/** Sets (creates or replaces) one target in one transaction with its history row. */
export async function setTarget(db: Db, user: CurrentUser, input: SetTarget): Promise<TargetItem> {
  const rights = await targetRights(db, user);
  const product = input.product_code ?? '*';
  if (!maySet(rights, input.scope, input.subject)) {
    throw forbidden('subject', `You may set targets only for your reportees and the teams you lead (${input.scope === 'USER' ? 'user' : 'team'} ${input.subject} is not among them)`);
  }
  const exists = input.scope === 'USER'
    ? await db.query(`SELECT 1 FROM users WHERE user_id = $1 AND kind = 'STAFF'`, [input.subject])
    : await db.query(`SELECT 1 FROM teams WHERE team_id = $1`, [input.subject]);
  if (!exists.rows.length) throw notFound('subject', `Unknown ${input.scope === 'USER' ? 'user' : 'team'} ${input.subject}`);
  if (product !== '*' && !(await db.query(`SELECT 1 FROM products WHERE product_code = $1`, [product])).rows.length) throw notFound('product_code', `Unknown product ${product}`);
  const row = await db.transaction(async (tx) => {
    const { rows: cur } = await tx.query<{ id: string; ver_num: number }>(
      `SELECT id, ver_num FROM targets WHERE scope = $1 AND subject = $2 AND product_code = $3 AND period = $4 FOR UPDATE`,
      [input.scope, input.subject, product, input.period],
    );
    if (cur.length && input.verNum != null && input.verNum !== cur[0].ver_num) throw staleTarget(input.verNum, cur[0].ver_num);
    const { rows } = await tx.query<TargetRow>(
      `INSERT INTO targets (scope, subject, product_code, period, amount, count, set_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ON CONSTRAINT targets_key DO UPDATE SET amount = excluded.amount, count = excluded.count, set_by = excluded.set_by,
         updated_at = now(), ver_num = targets.ver_num + 1
       RETURNING ${TARGET_COLS}`,
      [input.scope, input.subject, product, input.period, input.amount, input.count, user.userName],
    );
    await tx.query(`INSERT INTO target_history (target_id, amount, count, set_by) VALUES ($1, $2, $3, $4)`, [rows[0].id, input.amount, input.count, user.userName]);
    return rows[0];
  });
  return (await withAchieved(db, [row]))[0];
}

/** Figures of one user in a month the caller may read: achieved amount and count (getLoanAmountByUserID). */
export async function loanAmountOf(q: Queryable, user: CurrentUser, userId: string, period = currentPeriod(), product = '*') {
  assertMayRead(await targetRights(q, user), user, 'USER', userId);
  const [from, to] = monthDays(period);
  return { userId, period, product_code: product, ...(await achievedBy(q, [userId], from, to, product)).get(userId)! };
}

/**
 * Applications one user started in a month, by product and status (getApplicationByInitiatedByAndProductType), or
 * counted for one flow (getApplicationCountByInitiatedByAndFlowName). Leads are not counted.
 */
export async function startedBy(q: Queryable, user: CurrentUser, userId: string, period = currentPeriod(), f: { product?: string; flowName?: string } = {}) {
  assertMayRead(await targetRights(q, user), user, 'USER', userId);
  const [from, to] = monthDays(period);
  const { rows } = await q.query<{ product_code: string; status: string; n: string | number; amount: string | number }>(
    `SELECT product_code, status, sum(n) AS n, sum(amount) AS amount FROM application_daily
      WHERE initiated_by = $1 AND kind = 'CREATED' AND day BETWEEN $2::date AND $3::date
        AND ($4::text IS NULL OR product_code = $4) AND ($5::text IS NULL OR flow_id = $5)
      GROUP BY product_code, status HAVING sum(n) > 0 ORDER BY product_code, status`,
    [userId, from, to, f.product ?? null, f.flowName ?? null],
  );
  const data = rows.map((r) => ({ product_code: r.product_code, status: r.status, count: Number(r.n), amount: Number(r.amount) }));
  return { userId, period, count: data.reduce((s, r) => s + r.count, 0), data };
}
