import { DEFAULT_FLOW_VERSION } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';

/** A product as the customer portal lists it (GET /v3/lead/getAllProducts). */
export interface ProductRow {
  product_code: string;
  product_name: string;
  product_type_code: string;
  description: string;
  currency: string;
  maximumJointApplicants: number;
}

const PRODUCT_COLUMNS = `p.product_code, p.product_name, p.product_type_code, p.description, p.currency, p.max_joint_applicants AS "maximumJointApplicants"`;

export async function productExists(db: Queryable, productCode: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM products WHERE product_code = $1', [productCode]);
  return rows.length > 0;
}

/** The products a customer can apply for, in the lender's order. */
export async function enabledProducts(db: Queryable): Promise<ProductRow[]> {
  const { rows } = await db.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE enabled ORDER BY sort_order, product_code`);
  return rows;
}

/** Every product with its configuration at the default version: parameters and flows (admin configuration). */
export async function masterProducts(db: Queryable) {
  const { rows } = await db.query<ProductRow & { verNum: number | null; productParameters: unknown; flows: { flowId: string; flowName: string; flowType: string }[] }>(
    `SELECT ${PRODUCT_COLUMNS},
            pc.ver_num AS "verNum", pc.body -> 'productParameters' AS "productParameters",
            (SELECT coalesce(json_agg(json_build_object('flowId', f.flow_id, 'flowName', f.flow_name, 'flowType', f.flow_type) ORDER BY f.flow_id), '[]') FROM flows f
              WHERE f.product_code = p.product_code AND f.mode = 'SAVED' AND f.ver_num = $1) AS flows
       FROM products p LEFT JOIN product_configs pc ON pc.product_code = p.product_code AND pc.mode = 'SAVED' AND pc.ver_num = $1
      ORDER BY p.sort_order`,
    [DEFAULT_FLOW_VERSION],
  );
  return rows;
}

/** The enabled products as options of the lists' product filter. */
export async function productFilterOptions(db: Queryable): Promise<{ label: string; value: string }[]> {
  const { rows } = await db.query<{ product_code: string; product_name: string }>(`SELECT product_code, product_name FROM products WHERE enabled ORDER BY sort_order`);
  return rows.map((r) => ({ label: r.product_name, value: r.product_code }));
}
