import type { TableConfig } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { notFound } from '../errors';

/** What the list pages read besides the lists (§7 Lists): a list's table config, a mail template, the products. */

/** GET /backstage/getTableConfig/{id}: the latest saved table config of a list. */
export async function savedTableConfig(q: Queryable, id: string): Promise<TableConfig> {
  const { rows } = await q.query<{ body: TableConfig }>(`SELECT body FROM table_configs WHERE table_id = $1 AND mode = 'SAVED' ORDER BY ver_num DESC LIMIT 1`, [id]);
  if (!rows.length) throw notFound('id', `No table config "${id}"`);
  return rows[0].body;
}

/** §3 Template list item plus its body. */
export interface MailTemplate {
  template_id: string;
  template_name: string;
  template_type: 'PDF' | 'SMS' | 'HTML' | 'EMAIL';
  verNum: number;
  body: Record<string, unknown>;
}

/** GET /backstage/getMailTemplate/{id}: the latest saved version of a template. */
export async function mailTemplate(q: Queryable, id: string): Promise<MailTemplate> {
  const { rows } = await q.query<MailTemplate>(
    `SELECT template_id, template_name, template_type, ver_num AS "verNum", body FROM templates WHERE template_id = $1 AND mode = 'SAVED' ORDER BY ver_num DESC LIMIT 1`,
    [id],
  );
  if (!rows.length) throw notFound('id', `No template "${id}"`);
  return rows[0];
}

export interface ListProduct {
  product_code: string;
  product_name: string;
  product_type_code: string;
  /** The product's configured parameters (default flow version), null when it has none. */
  productParameters: unknown;
}

/** GET /backstage/Products: the enabled products in their display order, for the list filters. */
export async function listProducts(q: Queryable): Promise<ListProduct[]> {
  const { rows } = await q.query<ListProduct>(
    `SELECT p.product_code, p.product_name, p.product_type_code, pc.body -> 'productParameters' AS "productParameters"
       FROM products p LEFT JOIN product_configs pc ON pc.product_code = p.product_code AND pc.mode = 'SAVED' AND pc.ver_num = 243
      WHERE p.enabled ORDER BY p.sort_order`,
  );
  return rows;
}
