import type { Queryable } from '../../db/db';

/** What a lender watches of straight-through processing over a window (the managers' dashboard and /metrics). */
export interface StpFigures {
  /** Submitted applications of products with or without a policy, in the window. */
  submitted: number;
  /** Decided with nobody touching them (an APPROVE with its offer, or a DECLINE). */
  straightThrough: number;
  /** straightThrough / submitted (0 when nothing was submitted). */
  share: number;
  /** Submission → decision (seconds) over the runs the engine decided (REFERs included: the applicant was told). */
  p50Seconds: number | null;
  p95Seconds: number | null;
  /** Why applications went to an officer: REFER rules, failures, knock-outs, not eligible — by code, most first. */
  referralReasons: { code: string; count: number }[];
  running: number;
}

/** Which runs: submitted in [from, to), optionally of these branches and products (the dashboard's scope). */
export interface FigureScope {
  from: Date;
  to: Date;
  branches?: string[];
  products?: string[] | null;
}

const WHERE = `r.submitted_at >= $1 AND r.submitted_at < $2 AND ($3::text[] IS NULL OR a.branch = ANY($3::text[])) AND ($4::text[] IS NULL OR r.product_code = ANY($4::text[]))`;

/** Two grouped reads of stp_runs in the scope (indexed by submitted_at). */
export async function stpFigures(q: Queryable, s: FigureScope): Promise<StpFigures> {
  const params = [s.from, s.to, s.branches ?? null, s.products ?? null];
  const { rows } = await q.query<{ submitted: number; decided: number; running: number; p50: number | null; p95: number | null }>(
    `SELECT count(*)::int AS submitted,
            count(*) FILTER (WHERE r.state = 'DECIDED')::int AS decided,
            count(*) FILTER (WHERE r.state = 'RUNNING')::int AS running,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.decided_at - r.submitted_at)) FILTER (WHERE r.decided_at IS NOT NULL) AS p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM r.decided_at - r.submitted_at)) FILTER (WHERE r.decided_at IS NOT NULL) AS p95
       FROM stp_runs r JOIN applications a USING (application_id) WHERE ${WHERE}`,
    params,
  );
  const { rows: reasons } = await q.query<{ code: string; n: number }>(
    `SELECT x->>'code' AS code, count(*)::int AS n FROM stp_runs r JOIN applications a USING (application_id), jsonb_array_elements(r.reasons) x
      WHERE ${WHERE} AND r.state IN ('REFERRED', 'KNOCKED_OUT', 'NOT_ELIGIBLE') GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20`,
    params,
  );
  const f = rows[0];
  const round = (x: number | null) => (x === null || x === undefined ? null : Math.round(Number(x) * 100) / 100);
  return {
    submitted: f.submitted,
    straightThrough: f.decided,
    share: f.submitted ? Math.round((f.decided / f.submitted) * 1000) / 1000 : 0,
    p50Seconds: round(f.p50),
    p95Seconds: round(f.p95),
    referralReasons: reasons.map((r) => ({ code: r.code, count: r.n })),
    running: f.running,
  };
}
