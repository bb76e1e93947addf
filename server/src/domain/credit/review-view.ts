import type { Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import { callsOf } from './calls';
import { deviationsOf } from './deviations';
import { latestReports } from './report-store';

/**
 * GET /integration/review/{application_id}: everything the credit tab shows — the latest bureau, bank-statement,
 * net-financing and decision reports (summaries; the raw copies by id), the credit verifications, the deviations and
 * the money calls with their states and history, plus whether the bureau consent is recorded.
 */
export async function creditReview(q: Queryable, app: ApplicationRow) {
  const verifications = (Array.isArray(app.doc.verifications) ? (app.doc.verifications as Array<{ key?: string }>) : []).filter((v) =>
    ['BUREAU', 'BANK_STATEMENT', 'DECISION'].includes(v.key ?? ''),
  );
  return {
    application_id: app.application_id,
    verNum: app.ver_num,
    consent: app.custom_fields.consentToBureauCheck === true || app.custom_fields.consentToBureauCheck === 'true',
    reports: await latestReports(q, app.application_id),
    verifications,
    deviations: await deviationsOf(q, app.application_id),
    calls: await callsOf(q, app.application_id),
  };
}
