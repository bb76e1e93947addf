import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { forbidden, notFound, refused } from '../errors';
import { cursorKey, decodeCursor, encodeCursor } from '../lists/cursor';
import { Sql } from '../lists/sql';
import { mayReport } from './dashboard';
import { reportingReach } from './reach';

/**
 * Report lists (issue 18, §7 GET /setup/configs/Analytics/Reports): the setup config names the reports offered, their
 * columns and filters (seeded from REPORTS below); the server runs only the reports it defines here, each a bounded,
 * indexed query, bounded by the caller's reach (reach.ts). Row reports page by keyset so an export can fetch every
 * page with a progress bar; summary reports are a few rows of application_counts. Access: the REPORTS activity group.
 */
/** A report's texts in other languages (language → field → text): served as configNames.report (display-names.ts). */
type Translations = Record<string, Record<string, string>>;

export interface ReportColumn {
  key: string;
  label: string;
  translations?: Translations;
  type: 'text' | 'number' | 'amount' | 'date';
}
export interface ReportFilter {
  key: 'product_code' | 'branch' | 'status' | 'from' | 'to';
  label: string;
  translations?: Translations;
  type: 'select' | 'date';
  options?: string[];
  required?: boolean;
}
export interface ReportDefinition {
  id: string;
  name: string;
  translations?: Translations;
  columns: ReportColumn[];
  filters: ReportFilter[];
}

const PRODUCT: ReportFilter = { key: 'product_code', label: 'Product', translations: { hi: { label: 'उत्पाद' } }, type: 'select', options: ['PL', 'HL', 'BL'] };
const BRANCH: ReportFilter = { key: 'branch', label: 'Branch', translations: { hi: { label: 'शाखा' } }, type: 'select' };

export const REPORTS: ReportDefinition[] = [
  {
    id: 'APPLICATIONS_BY_STATUS',
    name: 'Applications by status',
    translations: { hi: { name: 'स्थिति के अनुसार आवेदन' } },
    columns: [
      { key: 'status', label: 'Status', translations: { hi: { label: 'स्थिति' } }, type: 'text' },
      { key: 'product_code', label: 'Product', translations: { hi: { label: 'उत्पाद' } }, type: 'text' },
      { key: 'branch', label: 'Branch', translations: { hi: { label: 'शाखा' } }, type: 'text' },
      { key: 'count', label: 'Applications', translations: { hi: { label: 'आवेदन' } }, type: 'number' },
    ],
    filters: [PRODUCT, BRANCH],
  },
  {
    id: 'TASKS_BY_PROGRESS',
    name: 'Tasks by progress',
    translations: { hi: { name: 'प्रगति के अनुसार कार्य' } },
    columns: [
      { key: 'step_name', label: 'Step', translations: { hi: { label: 'चरण' } }, type: 'text' },
      { key: 'task_progress', label: 'Progress', translations: { hi: { label: 'प्रगति' } }, type: 'text' },
      { key: 'count', label: 'Active applications', translations: { hi: { label: 'सक्रिय आवेदन' } }, type: 'number' },
    ],
    filters: [PRODUCT, BRANCH],
  },
  {
    id: 'CLOSED_APPLICATIONS',
    name: 'Applications closed in a period',
    translations: { hi: { name: 'किसी अवधि में बंद हुए आवेदन' } },
    columns: [
      { key: 'application_id', label: 'Application', translations: { hi: { label: 'आवेदन' } }, type: 'text' },
      { key: 'product_code', label: 'Product', translations: { hi: { label: 'उत्पाद' } }, type: 'text' },
      { key: 'branch', label: 'Branch', translations: { hi: { label: 'शाखा' } }, type: 'text' },
      { key: 'status', label: 'Status', translations: { hi: { label: 'स्थिति' } }, type: 'text' },
      { key: 'loan_amount', label: 'Loan amount', translations: { hi: { label: 'ऋण राशि' } }, type: 'amount' },
      { key: 'initiated_by', label: 'Initiated by', translations: { hi: { label: 'शुरू करने वाले' } }, type: 'text' },
      { key: 'closed_at', label: 'Closed', translations: { hi: { label: 'बंद होने की तिथि' } }, type: 'date' },
    ],
    filters: [
      { key: 'from', label: 'From', translations: { hi: { label: 'से' } }, type: 'date', required: true },
      { key: 'to', label: 'To', translations: { hi: { label: 'तक' } }, type: 'date', required: true },
      { key: 'status', label: 'Status', translations: { hi: { label: 'स्थिति' } }, type: 'select', options: ['COMPLETED', 'REJECTED', 'CANCELLED'] },
      PRODUCT,
      BRANCH,
    ],
  },
];

export interface RunInput {
  reportId: string;
  filters?: Partial<Record<ReportFilter['key'], string>>;
  pageSize?: number;
  cursor?: string | null;
}

export interface RunResult {
  reportId: string;
  columns: ReportColumn[];
  rows: Record<string, string | number | null>[];
  /** Rows of the whole report (every page). */
  total: number;
  nextCursor: string | null;
}

const isDay = (s: string | undefined) => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

export async function runReport(q: Queryable, user: CurrentUser, input: RunInput): Promise<RunResult> {
  if (!(await mayReport(q, user))) throw forbidden('user', 'Report lists need the REPORTS activity group');
  const def = REPORTS.find((r) => r.id === input.reportId);
  if (!def) throw notFound('reportId', `No report "${input.reportId}"`);
  const f = input.filters ?? {};
  for (const filter of def.filters) {
    const v = f[filter.key];
    if (filter.required && !v) throw refused(`filters.${filter.key}`, 'is required');
    if (v && filter.options && !filter.options.includes(v)) throw refused(`filters.${filter.key}`, `must be one of ${filter.options.join(', ')}`);
    if (v && filter.type === 'date' && !isDay(v)) throw refused(`filters.${filter.key}`, 'must be a day YYYY-MM-DD');
  }
  for (const key of Object.keys(f)) if (!def.filters.some((x) => x.key === key)) throw refused(`filters.${key}`, `report ${def.id} has no such filter`);
  const reach = await reportingReach(q, user);
  const branches = reach.branches.map((b) => b.team_id).filter((b) => !f.branch || b === f.branch);
  const products = f.product_code ? [f.product_code] : null;

  if (def.id !== 'CLOSED_APPLICATIONS') {
    const [keys, where] = def.id === 'APPLICATIONS_BY_STATUS'
      ? ['status, product_code, branch', `application_type = 'APPLICATION' AND NOT draft`]
      : [`step_name, task_progress`, `status = 'ACTIVE' AND application_type = 'APPLICATION' AND NOT draft`];
    const { rows } = await q.query<Record<string, string>>(
      `SELECT ${keys}, sum(n)::bigint AS count FROM application_counts
        WHERE ${where} AND branch = ANY($1::text[]) AND ($2::text[] IS NULL OR product_code = ANY($2::text[]))
        GROUP BY ${keys} HAVING sum(n) > 0 ORDER BY ${keys}`,
      [branches, products],
    );
    return { reportId: def.id, columns: def.columns, rows: rows.map((r) => ({ ...r, count: Number(r.count) })), total: rows.length, nextCursor: null };
  }

  // Rows closed within [from, to] (UTC days), oldest first, keyset on (closed_at, id) along applications_closed_idx (063).
  const pageSize = input.pageSize ?? 100;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) throw refused('pageSize', 'must be from 1 to 1000');
  if (f.to! < f.from!) throw refused('filters.to', 'must not be before from');
  const key = await cursorKey(q);
  const cursor = decodeCursor(key, 'report:closed', input.cursor);
  const sql = new Sql();
  const where = [
    // UTC days, as application_daily (062) counts closures (the total below).
    `closed_at >= ${sql.param(f.from)}::date::timestamp AT TIME ZONE 'UTC'`, `closed_at < (${sql.param(f.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`, `application_type = 'APPLICATION'`,
    `branch = ANY(${sql.param(branches)}::text[])`,
  ];
  if (f.status) where.push(`status = ${sql.param(f.status)}`);
  if (products) where.push(`product_code = ${sql.param(products[0])}`);
  if (cursor) where.push(`(closed_at, id) > (${sql.param(cursor.v)}::timestamptz, ${sql.param(cursor.id)}::bigint)`);
  const { rows } = await q.query<{ id: string; closed_text: string; application_id: string; product_code: string; branch: string; status: string; loan_amount: string | null; initiated_by: string | null; closed_at: Date }>(
    `SELECT id, closed_at::text AS closed_text, application_id, product_code, branch, status, loan_amount, initiated_by, closed_at
       FROM applications WHERE closed_at IS NOT NULL AND ${where.join(' AND ')} ORDER BY closed_at, id LIMIT ${pageSize + 1}`,
    sql.params,
  );
  // The whole report's row count from application_daily's CLOSED rows (062): counting the period's rows in the book
  // read every one of them (a year at 1,000,000 applications: 243,378 rows, 1.2 s).
  const total = await q.query<{ n: string }>(
    `SELECT coalesce(sum(n), 0) AS n FROM application_daily
      WHERE kind = 'CLOSED' AND day BETWEEN $1::date AND $2::date AND branch = ANY($3::text[]) AND ($4::text IS NULL OR status = $4) AND ($5::text IS NULL OR product_code = $5)`,
    [f.from, f.to, branches, f.status ?? null, products ? products[0] : null],
  );
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    reportId: def.id,
    columns: def.columns,
    rows: page.map((r) => ({
      application_id: r.application_id, product_code: r.product_code, branch: r.branch, status: r.status,
      loan_amount: r.loan_amount == null ? null : Number(r.loan_amount), initiated_by: r.initiated_by, closed_at: new Date(r.closed_at).toISOString(),
    })),
    total: Number(total.rows[0].n),
    nextCursor: rows.length > pageSize ? encodeCursor(key, 'report:closed', { id: String(last.id), v: last.closed_text }) : null,
  };
}
