import type { Queryable } from '../../db/db';

/** A flow's SAVED translations of one kind (field labels or component names) in one language, key → text. */
export async function flowTranslations(db: Queryable, flowId: string, type: 'fields' | 'components', lang: string): Promise<Record<string, string>> {
  const { rows } = await db.query<{ key: string; value: string }>(
    `SELECT key, value FROM translations WHERE flow_id = $1 AND type = $2 AND lang = $3 AND mode = 'SAVED' ORDER BY key`,
    [flowId, type, lang],
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
