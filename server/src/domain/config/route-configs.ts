import type { ConfigMode } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';

/** A flow's routes of one product ("<product_code>/<flow_id>"), as the flow's navigation reads them. */
export interface RouteConfigRow {
  configId: string;
  verNum: number;
  mode: ConfigMode;
  flowType: string;
  body: unknown;
}

const SELECT = `SELECT config_id AS "configId", ver_num AS "verNum", mode, flow_type AS "flowType", body FROM route_configs`;

export async function routeConfig(db: Queryable, q: { configId: string; mode: ConfigMode; flowType: string | null; verNum: number }): Promise<RouteConfigRow | null> {
  const { rows } = await db.query<RouteConfigRow>(
    `${SELECT} WHERE config_id = $1 AND mode = $2 AND ($3::text IS NULL OR flow_type = $3) AND ver_num = $4`,
    [q.configId, q.mode, q.flowType, q.verNum],
  );
  return rows[0] ?? null;
}

/**
 * The newest SAVED route config of an id given whole ("HL/HL_FLOW") or by its flow ("HL_FLOW"). The flow is matched
 * as text, not as a LIKE pattern: an id holding % or _ is not a wildcard, and a trailing backslash is not an error.
 */
export async function latestRouteConfig(db: Queryable, id: string): Promise<RouteConfigRow | null> {
  const { rows } = await db.query<RouteConfigRow>(
    `${SELECT} WHERE (config_id = $1 OR right(config_id, length($1) + 1) = '/' || $1) AND mode = 'SAVED' ORDER BY ver_num DESC LIMIT 1`,
    [id],
  );
  return rows[0] ?? null;
}
