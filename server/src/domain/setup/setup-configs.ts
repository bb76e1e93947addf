import type { Queryable } from '../../db/db';

/** Reading setup config rows: the tenant's own row wins over the shared ('*') one. */
export interface SetupConfigRow {
  configId: string;
  category: string;
  subCategory: string;
  tenant: string;
  productCode: string;
  enabled: boolean;
  config: Record<string, unknown>;
  verNum: number;
  mode: 'SAVED' | 'DRAFT';
}

const SELECT = `SELECT config_id::text AS "configId", category, sub_category AS "subCategory", tenant, product_code AS "productCode",
  enabled, config, ver_num AS "verNum", mode FROM setup_configs`;

export interface ConfigQuery {
  category: string;
  subCategory: string;
  tenant: string;
  productCode?: string;
  onlyEnabled?: boolean;
  configId?: string;
}

export async function findSetupConfig(db: Queryable, q: ConfigQuery): Promise<SetupConfigRow | null> {
  const { rows } = await db.query<SetupConfigRow>(
    `${SELECT}
      WHERE category = $1 AND sub_category = $2 AND mode = 'SAVED'
        AND tenant IN ($3, '*') AND product_code IN ($4, '*')
        AND ($5::boolean IS NOT TRUE OR enabled)
        AND ($6::bigint IS NULL OR config_id = $6::bigint)
      ORDER BY (tenant = '*'), (product_code = '*'), ver_num DESC
      LIMIT 1`,
    [q.category, q.subCategory, q.tenant, q.productCode ?? '*', q.onlyEnabled ?? false, q.configId ?? null],
  );
  return rows[0] ?? null;
}

export async function knownTenants(db: Queryable): Promise<{ id: string; name: string }[]> {
  const row = await findSetupConfig(db, { category: 'GLOBAL', subCategory: 'Tenants', tenant: '*' });
  return (row?.config.tenants as { id: string; name: string }[] | undefined) ?? [];
}
