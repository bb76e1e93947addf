import type { Db } from '../../src/db/db';

/**
 * Tests about what happens after a step (approvals, credit, queries, disbursement) move a bare application along
 * its lifecycle without filling its form: they complete steps by the §4 COMPLETE override, which needs the
 * COMPLETE_WITHOUT_VALIDATIONS permission and a reason (security-step-completion.test.ts tests the rule itself).
 */
export const OVERRIDE_REASON = 'Test fixture: moves the application on without its form data';

/** Gives the override permission to users; before they log in, so their sessions carry it. */
export async function grantCompleteOverride(db: Db, users: string[]) {
  for (const u of users) {
    await db.query(`INSERT INTO user_roles (user_id, role, position) VALUES ($1, 'COMPLETE_WITHOUT_VALIDATIONS', 98) ON CONFLICT DO NOTHING`, [u]);
  }
}
