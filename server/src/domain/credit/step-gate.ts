import type { Queryable } from '../../db/db';

/** The lifecycle step whose completion means the money has moved (seed/config/lifecycles.ts: every product's last step). */
export const DISBURSEMENT_STEP = 'Disbursement';

/**
 * What stops the Disbursement step from completing (§4 complete_step/user, beside EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL
 * and the other task validation errors): no confirmed disbursement tranche yet, or a money call still queued, sent or
 * failed, or still waiting for its release — the step then completes only once the money has moved and nothing is left
 * in flight. A RETURNED call was never sent and blocks nothing.
 */
export async function disbursementBlockers(q: Queryable, applicationId: string, stepName: string): Promise<{ label: string; reason: string }[]> {
  if (stepName !== DISBURSEMENT_STEP) return [];
  const { rows } = await q.query<{ confirmed: number; open: number }>(
    `SELECT count(*) FILTER (WHERE operation = 'DISBURSEMENT_TRANCHE' AND state = 'CONFIRMED')::int AS confirmed,
            count(*) FILTER (WHERE state NOT IN ('CONFIRMED', 'RETURNED') AND operation NOT LIKE 'STP\\_%')::int AS open
       FROM integration_calls WHERE application_id = $1`,
    [applicationId],
  );
  const out: { label: string; reason: string }[] = [];
  if (!rows[0].confirmed) out.push({ label: 'DISBURSEMENT_PENDING', reason: 'No disbursement tranche is confirmed by core banking yet' });
  if (rows[0].open) out.push({ label: 'INTEGRATION_CALLS_PENDING', reason: `${rows[0].open} money call(s) are not confirmed (waiting for release, queued, sent or failed)` });
  return out;
}
