import type { Queryable } from '../../db/db';
import { hasRole, type CurrentUser } from '../current-user';
import { forbidden, refused } from '../errors';

export const MAX_FILTER_NAME = 100;
/** A saved filter is a few filters: 50 of the longest (list-input.ts) stay well under this. */
const MAX_FILTER_BODY = 64_000;

/** POST /setup/save_or_update: a user's named list filter, replaced when saved again under the same name. */
export async function saveFilter(q: Queryable, user: CurrentUser, input: Record<string, unknown>) {
  const filterType = input.filterType ?? input.type;
  const name = input.filterName ?? input.name;
  const body = input.filter ?? input.filters ?? input.config;
  if (typeof filterType !== 'string' || !filterType) throw refused('filterType', 'is required');
  if (filterType.length > 60) throw refused('filterType', 'must be at most 60 characters');
  if (typeof name !== 'string' || !name.trim()) throw refused('filterName', 'is required');
  // The name is part of a unique index: a long one would not fit an index row (and no one reads a 1 MB name).
  if (name.trim().length > MAX_FILTER_NAME) throw refused('filterName', `must be at most ${MAX_FILTER_NAME} characters`);
  if (body == null || typeof body !== 'object') throw refused('filter', 'must be an object or a list of filters');
  if (JSON.stringify(body).length > MAX_FILTER_BODY) throw refused('filter', `must be at most ${MAX_FILTER_BODY / 1000} kB`);
  const { rows } = await q.query(
    `INSERT INTO saved_filters (user_id, filter_type, name, body) VALUES ($1,$2,$3,$4)
     ON CONFLICT (user_id, filter_type, name) DO UPDATE SET body = EXCLUDED.body, updated_at = now()
     RETURNING id, user_id AS "filterUser", filter_type AS "filterType", name AS "filterName", body AS filter, updated_at AS "updatedAt"`,
    [user.userName, filterType, name.trim(), JSON.stringify(body)],
  );
  return rows[0];
}

/** POST /backstage/getFilter {filterType, filterUser}: one's own saved filters (admins may read anyone's). */
export async function getFilters(q: Queryable, user: CurrentUser, input: Record<string, unknown>) {
  const filterUser = typeof input.filterUser === 'string' && input.filterUser ? input.filterUser : user.userName;
  if (filterUser !== user.userName && !hasRole(user, 'ADMIN')) throw forbidden('filterUser', 'You may only read your own saved filters');
  const filterType = typeof input.filterType === 'string' && input.filterType ? input.filterType : null;
  const { rows } = await q.query(
    `SELECT id, user_id AS "filterUser", filter_type AS "filterType", name AS "filterName", body AS filter, updated_at AS "updatedAt"
       FROM saved_filters WHERE user_id = $1 AND ($2::text IS NULL OR filter_type = $2) ORDER BY filter_type, name`,
    [filterUser, filterType],
  );
  return rows;
}
