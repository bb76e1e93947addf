import type { Queryable } from '../../db/db';

export type ReportKind = 'BUREAU' | 'BANK_STATEMENT' | 'DECISION' | 'NET_FINANCING';

/**
 * Files one external result on the application: the readable summary the officer sees and the reply's fields the
 * product uses, as JSON (the adapters' `raw`: what they parsed, never the third party's body as sent — see
 * adapters/credit/types.ts). The one writer of credit_reports (055): when document storage takes these copies, only
 * this changes.
 */
export async function fileReport(tx: Queryable, r: { applicationId: string; kind: ReportKind; adapter: string; summary: unknown; raw: string; by: string; at: Date }): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO credit_reports (application_id, kind, adapter, summary, raw, created_by, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING id::text`,
    [r.applicationId, r.kind, r.adapter, JSON.stringify(r.summary), r.raw.slice(0, 1048576), r.by, r.at],
  );
  return rows[0].id;
}

export interface StoredReport<T = Record<string, unknown>> {
  id: string;
  kind: ReportKind;
  adapter: string;
  summary: T;
  createdBy: string;
  createdAt: string;
}

/** The latest report of each kind on the application. */
export async function latestReports(q: Queryable, applicationId: string): Promise<Partial<Record<ReportKind, StoredReport>>> {
  const { rows } = await q.query<StoredReport & { createdAt: Date | string }>(
    `SELECT DISTINCT ON (kind) id::text, kind, adapter, summary, created_by AS "createdBy", created_at AS "createdAt"
       FROM credit_reports WHERE application_id = $1 ORDER BY kind, id DESC`,
    [applicationId],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, { ...r, createdAt: new Date(r.createdAt).toISOString() }]));
}

/**
 * The stored reply of one report of this application (404 is the caller's to answer when null): the product's fields
 * as JSON. Anything that is not a JSON object (no writer stores that since migration 076) is not served as it is.
 */
export async function rawReport(q: Queryable, applicationId: string, id: string): Promise<{ raw: string; mime: string } | null> {
  const { rows } = await q.query<{ raw: string }>(`SELECT raw FROM credit_reports WHERE application_id = $1 AND id = $2::bigint`, [applicationId, id]);
  if (!rows[0]) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(rows[0].raw);
  } catch {
    parsed = null;
  }
  const raw = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? JSON.stringify(parsed) : '{}';
  return { raw, mime: 'application/json' };
}
