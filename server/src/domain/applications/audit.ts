import type { Queryable } from '../../db/db';

export interface FieldChange {
  key: string;
  old: unknown;
  new: unknown;
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v instanceof Date ? v.toISOString() : v));

/**
 * Field-level audit rows (who, when, field, old, new) plus one '_action' row describing the action,
 * so GET /v3/audits/getAudits can answer both "what happened" and "how did this field change".
 */
export async function writeAudits(q: Queryable, applicationId: string, action: string, userId: string, at: Date, changes: FieldChange[], detail: Record<string, unknown> = {}): Promise<void> {
  const rows = [{ key: '_action', old: null, new: { action, ...detail } }, ...changes];
  const values: unknown[] = [];
  const tuples = rows.map((r, i) => {
    values.push(applicationId, r.key, json(r.old), json(r.new), action, userId, at);
    const b = i * 7;
    return `($${b + 1},$${b + 2},$${b + 3}::jsonb,$${b + 4}::jsonb,$${b + 5},$${b + 6},$${b + 7})`;
  });
  await q.query(`INSERT INTO audits (application_id, field_key, old_value, new_value, action, user_id, at) VALUES ${tuples.join(',')}`, values);
}

export async function auditsOf(q: Queryable, applicationId: string, fieldKey?: string) {
  const { rows } = await q.query(
    `SELECT id, application_id, field_key AS "fieldKey", old_value AS "oldValue", new_value AS "newValue", action, user_id AS "userId", at
       FROM audits WHERE application_id = $1 AND ($2::text IS NULL OR field_key = $2) ORDER BY id`,
    [applicationId, fieldKey ?? null],
  );
  return rows;
}
