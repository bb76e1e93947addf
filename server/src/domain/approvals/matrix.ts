import type { Translations } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';

/** One approval level: a user holding `role` decides; until forwarded it waits in `team`'s queue. */
export interface ApprovalLevel {
  role: string;
  team: string;
  name: string;
  /** The name per language ({ hi: { name } }): what staff read; `name` stays the English one stored on approvals. */
  translations?: Translations;
}

export interface ApprovalBand {
  /** The band applies up to this loan amount (inclusive); null = no upper limit. */
  maxAmount: number | null;
  levels: ApprovalLevel[];
}

/** A configured decline reason: the code is stored (the applicant-facing text is keyed by it), the label shown to staff. */
export interface DeclineReason {
  code: string;
  label: string;
  /** The label per language ({ hi: { label } }). */
  translations?: Translations;
}

/** approval_matrices.body.decline (081_decline_config.sql): four eyes on a decline, and how long decisions stay reversible. */
export interface DeclineConfig {
  reasons: DeclineReason[];
  /** Roles whose Reject is final at once, without a confirmation (e.g. the branch head). */
  directRoles: string[];
  /** Who confirms an officer's recommendation; absent = level 1 of the band the loan amount falls in. */
  level?: ApprovalLevel;
  /** Hours after a rejection or a hold during which cancelReject / activate may undo it. */
  reversalWindowHours: number;
}

/** approval_matrices.body (040_approval_matrix.sql). */
export interface ApprovalMatrix {
  exceptions: ApprovalLevel;
  /**
   * Who releases a requested money call (maker-checker, domain/credit/release.ts): a user with this role, not the
   * requester, from this team's queue. Optional in a saved matrix; the branch head when absent.
   */
  release: ApprovalLevel;
  bands: ApprovalBand[];
  decline: DeclineConfig;
}

/** When a product has no matrix configured: one branch-head level for every amount and for exceptions. */
export const FALLBACK_LEVEL: ApprovalLevel = { role: 'BH', team: 'APPROVAL', name: 'Branch head', translations: { hi: { name: 'शाखा प्रमुख' } } };
/** A product without a decline configuration: generic reasons, nobody declines alone, 30 days to undo. */
export const FALLBACK_DECLINE: DeclineConfig = {
  reasons: [
    { code: 'POLICY_NOT_MET', label: 'Outside the product policy', translations: { hi: { label: 'उत्पाद नीति के बाहर' } } },
    { code: 'INCOME_NOT_VERIFIED', label: 'Income could not be verified', translations: { hi: { label: 'आय का सत्यापन नहीं हो सका' } } },
    { code: 'APPLICANT_WITHDREW', label: 'Applicant withdrew', translations: { hi: { label: 'आवेदक ने आवेदन वापस लिया' } } },
  ],
  directRoles: [],
  reversalWindowHours: 720,
};
const FALLBACK: ApprovalMatrix = { exceptions: FALLBACK_LEVEL, release: FALLBACK_LEVEL, bands: [{ maxAmount: null, levels: [FALLBACK_LEVEL] }], decline: FALLBACK_DECLINE };

/** The saved decline configuration, each part checked (a malformed part falls back to the default's). */
function declineOf(raw: Partial<DeclineConfig> | undefined): DeclineConfig {
  if (!raw || typeof raw !== 'object') return FALLBACK_DECLINE;
  const reasons = Array.isArray(raw.reasons) ? raw.reasons.filter((r) => typeof r?.code === 'string' && typeof r?.label === 'string') : [];
  const hours = Number(raw.reversalWindowHours);
  return {
    reasons: reasons.length ? reasons : FALLBACK_DECLINE.reasons,
    directRoles: Array.isArray(raw.directRoles) ? raw.directRoles.filter((r): r is string => typeof r === 'string') : [],
    level: raw.level?.role && raw.level.team ? { role: raw.level.role, team: raw.level.team, name: raw.level.name ?? raw.level.role } : undefined,
    reversalWindowHours: Number.isFinite(hours) && hours > 0 ? hours : FALLBACK_DECLINE.reversalWindowHours,
  };
}

/** The product's saved matrix of the newest version not above the application's flow version. */
export async function loadMatrix(q: Queryable, productCode: string, verNum: number): Promise<ApprovalMatrix> {
  const { rows } = await q.query<{ body: Partial<ApprovalMatrix> }>(
    `SELECT body FROM approval_matrices WHERE product_code = $1 AND mode = 'SAVED' AND ver_num <= $2 ORDER BY ver_num DESC LIMIT 1`,
    [productCode, verNum],
  );
  const body = rows[0]?.body;
  const release = body?.release?.role && body.release.team ? { role: body.release.role, team: body.release.team, name: body.release.name ?? body.release.role } : FALLBACK_LEVEL;
  const decline = declineOf(body?.decline);
  return body && Array.isArray(body.bands) && body.bands.length ? { exceptions: body.exceptions ?? FALLBACK_LEVEL, release, bands: body.bands, decline } : { ...FALLBACK, release, decline };
}

/** The levels an amount needs: the first band whose maxAmount it does not exceed (an unknown amount: the last band). */
export function levelsFor(matrix: ApprovalMatrix, amount: number | null): ApprovalLevel[] {
  const band = amount == null ? matrix.bands[matrix.bands.length - 1] : matrix.bands.find((b) => b.maxAmount == null || amount <= b.maxAmount) ?? matrix.bands[matrix.bands.length - 1];
  return band.levels.length ? band.levels : [FALLBACK_LEVEL];
}
