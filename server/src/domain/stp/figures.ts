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

/** One grouped read of stp_runs since `since` (indexed by submitted_at). */
export async function stpFigures(q: Queryable, since: Date): Promise<StpFigures> {
  const { rows } = await q.query<{ submitted: number; decided: number; running: number; p50: number | null; p95: number | null }>(
    `SELECT count(*)::int AS submitted,
            count(*) FILTER (WHERE state = 'DECIDED')::int AS decided,
            count(*) FILTER (WHERE state = 'RUNNING')::int AS running,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - submitted_at)) FILTER (WHERE decided_at IS NOT NULL) AS p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - submitted_at)) FILTER (WHERE decided_at IS NOT NULL) AS p95
       FROM stp_runs WHERE submitted_at >= $1`,
    [since],
  );
  const { rows: reasons } = await q.query<{ code: string; n: number }>(
    `SELECT r->>'code' AS code, count(*)::int AS n FROM stp_runs, jsonb_array_elements(reasons) r
      WHERE submitted_at >= $1 AND state IN ('REFERRED', 'KNOCKED_OUT', 'NOT_ELIGIBLE') GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20`,
    [since],
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
