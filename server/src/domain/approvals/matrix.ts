import type { Queryable } from '../../db/db';

/** One approval level: a user holding `role` decides; until forwarded it waits in `team`'s queue. */
export interface ApprovalLevel {
  role: string;
  team: string;
  name: string;
}

export interface ApprovalBand {
  /** The band applies up to this loan amount (inclusive); null = no upper limit. */
  maxAmount: number | null;
  levels: ApprovalLevel[];
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
}

/** When a product has no matrix configured: one branch-head level for every amount and for exceptions. */
export const FALLBACK_LEVEL: ApprovalLevel = { role: 'BH', team: 'APPROVAL', name: 'Branch head' };
const FALLBACK: ApprovalMatrix = { exceptions: FALLBACK_LEVEL, release: FALLBACK_LEVEL, bands: [{ maxAmount: null, levels: [FALLBACK_LEVEL] }] };

/** The product's saved matrix of the newest version not above the application's flow version. */
export async function loadMatrix(q: Queryable, productCode: string, verNum: number): Promise<ApprovalMatrix> {
  const { rows } = await q.query<{ body: Partial<ApprovalMatrix> }>(
    `SELECT body FROM approval_matrices WHERE product_code = $1 AND mode = 'SAVED' AND ver_num <= $2 ORDER BY ver_num DESC LIMIT 1`,
    [productCode, verNum],
  );
  const body = rows[0]?.body;
  const release = body?.release?.role && body.release.team ? { role: body.release.role, team: body.release.team, name: body.release.name ?? body.release.role } : FALLBACK_LEVEL;
  return body && Array.isArray(body.bands) && body.bands.length ? { exceptions: body.exceptions ?? FALLBACK_LEVEL, release, bands: body.bands } : { ...FALLBACK, release };
}

/** The levels an amount needs: the first band whose maxAmount it does not exceed (an unknown amount: the last band). */
export function levelsFor(matrix: ApprovalMatrix, amount: number | null): ApprovalLevel[] {
  const band = amount == null ? matrix.bands[matrix.bands.length - 1] : matrix.bands.find((b) => b.maxAmount == null || amount <= b.maxAmount) ?? matrix.bands[matrix.bands.length - 1];
  return band.levels.length ? band.levels : [FALLBACK_LEVEL];
}
